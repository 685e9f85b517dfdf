import { afterEach, describe, expect, it } from 'vitest';
import { endpoints, parseListPage, rowKey, type EndpointId } from '../../../../src-shared/api/index.js';
import { createMainPeer, createWireBridge, StoreUnavailableError, type CommandHandlers, type WireMessage, type WireTransport } from '../../../../src-shared/bridge/index.js';
import { decodeTextFrame, encodeTextFrame } from '../../../../src-shared/bridge/text-frame.js';
import { countTableRows, createDexieMirrorStore, readTableRows, scopeKey, type ApplyPageCommand, type MirrorStore } from '../../../../src-shared/store/index.js';
import { startServer, type RunningServer, type ServerOptions } from '../../../../src-server/index.js';
import { openFakeDatabase } from '../../../helpers/fake-db.js';
import { engineStack, mirrorDiff, mirroredRows } from '../../helpers/engine-stack.js';

const servers: RunningServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function server(options: ServerOptions = {}): Promise<RunningServer> {
  const running = await startServer({ port: 0, quiet: true, scale: 'demo', seed: 1, ...options });
  servers.push(running);
  return running;
}

/** A store that stops answering (the window closed) after `pages` pages of one scope. */
function dyingStore(store: MirrorStore, scope: string, pages: number): MirrorStore {
  let written = 0;
  return {
    ...store,
    async applyPage(command) {
      if (command.scope === scope && written >= pages) throw new StoreUnavailableError('applyPage', 'Disconnected', 'the window closed');
      const result = await store.applyPage(command);
      if (command.scope === scope) written += 1;
      return result;
    },
  };
}

const lessons = (url: string) => url.includes('/training/lessons/participation');

/** A fetch that hands on the second page of lesson participations as `rewrite` makes its text. */
function secondLessonPageAs(rewrite: (text: string) => string): typeof fetch {
  let lessonPages = 0;
  return async (input, init) => {
    const response = await fetch(input, init);
    const url = input instanceof Request ? input.url : String(input);
    if (!lessons(url) || ++lessonPages !== 2) return response;
    return new Response(rewrite(await response.text()), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

/** Main's and the window's ends of a socket as the harness frames it (text-frame.ts), delivering asynchronously. */
function textFramePair(): [WireTransport, WireTransport] {
  const listeners: [Set<(m: WireMessage) => void>, Set<(m: WireMessage) => void>] = [new Set(), new Set()];
  const end = (me: 0 | 1): WireTransport => ({
    send: (message) => {
      const frame = encodeTextFrame(message);
      setTimeout(() => listeners[me === 0 ? 1 : 0].forEach((l) => l(decodeTextFrame(frame))), 0);
    },
    onMessage: (listener) => {
      listeners[me].add(listener);
      return () => listeners[me].delete(listener);
    },
  });
  return [end(0), end(1)];
}

describe('sync engine against the reference server', () => {
  it('converges again after rows are inserted, changed and deleted on the server', async () => {
    const srv = await server();
    const stack = await engineStack(srv);
    const { engine, db } = stack;
    await engine.start();
    await engine.whenSettled();

    const equipment = srv.sources.dataLists[0]!;
    const items = { dataListId: equipment.dataListId };
    const [first, second] = srv.data.rows('E1', items);
    srv.data.remove('E1', items, rowKey(endpoints.E1, first!));
    srv.data.update('E1', items, rowKey(endpoints.E1, second!), { customId: 'changed on the server' });
    const inserted = srv.data.insert('E1', items, { customId: 'new on the server' });
    const groups = srv.data.rows('E20', {});
    srv.data.remove('E20', {}, rowKey(endpoints.E20, groups[0]!));
    srv.data.insert('E20', {});

    // A delta brings the new and the changed rows, but cannot know of deletions.
    stack.fetched.length = 0;
    engine.syncNow();
    await engine.whenSettled();
    expect(stack.fetched.some((u) => u.includes('creationDateTime%5Bgt%5D') || u.includes('creationDateTime[gt]'))).toBe(true);
    const scope = scopeKey('E1', items);
    const afterDelta = await mirroredRows(db, { endpoint: 'E1', scope });
    expect(afterDelta.get(String(inserted.id))?.customId).toBe('new on the server');
    expect(afterDelta.get(String(second!.id))?.customId).toBe('changed on the server');
    expect(afterDelta.has(String(first!.id))).toBe(true);
    expect(engine.states().filter((s) => !['idle', 'not-available'].includes(s.status)).map((s) => s.lastError?.message)).toEqual([]);
    expect(engine.states().find((s) => s.scope === 'E20:')?.lastDeltaAt).not.toBeNull();

    // A full pass sweeps them: the mirror equals the server again.
    engine.syncNow({ full: true });
    await engine.whenSettled();
    expect(await mirrorDiff(srv, db, engine.states())).toEqual([]);
    await engine.stop();
  });

  it('resumes a pass from its checkpoint after the window died, without fetching finished pages again', async () => {
    const srv = await server({ scale: 0.004 });
    const db = openFakeDatabase();
    const total = srv.data.rows('E18', {}).length;
    expect(total).toBeGreaterThan(3000);

    const first = await engineStack(srv, { db, store: dyingStore(createDexieMirrorStore(db), 'E18:', 2), sources: false, settings: { prefetchPages: 2 } });
    await first.engine.start();
    await first.engine.whenSettled();
    await first.engine.stop();
    const saved = (await db.scopes.get('E18:'))!;
    expect(saved.pass?.pages).toBe(2);
    expect(saved.pass?.nextUrl).toContain('cursor=');
    expect(await countTableRows(db, 'lessonParticipations')).toBe(2000);

    const second = await engineStack(srv, { db, sources: false });
    await second.engine.start();
    await second.engine.whenSettled();
    await second.engine.stop();
    const again = second.fetched.filter(lessons);
    expect(again[0]).toBe(saved.pass!.nextUrl);
    expect(again).toHaveLength(Math.ceil(total / 1000) - 2);
    expect(await mirrorDiff(srv, db, second.engine.states())).toEqual([]);
  });

  it('waits offline when the server goes away mid-pass, and finishes when it is back', async () => {
    const srv = await server({ scale: 0.004 });
    const port = Number(new URL(srv.url).port);
    const db = openFakeDatabase();
    const base = createDexieMirrorStore(db);
    let stopped: Promise<void> | null = null;
    const store: MirrorStore = {
      ...base,
      async applyPage(command) {
        const result = await base.applyPage(command);
        if (command.scope === 'E18:' && !stopped) stopped = srv.close();
        return result;
      },
    };
    const stack = await engineStack(srv, { db, store, sources: false });
    await stack.engine.start();
    await expect.poll(() => stack.connectivity.online(), { timeout: 10_000 }).toBe(false);
    await stopped;
    expect(stack.engine.states().find((s) => s.scope === 'E18:')?.pass?.pages).toBeGreaterThanOrEqual(1);

    // The same workspace comes back (its cursors and token secret are new).
    const back = await server({ scale: 0.004, port });
    stack.tokens.update({ token: back.token });
    await expect.poll(() => stack.connectivity.online(), { timeout: 10_000 }).toBe(true);
    await stack.engine.whenSettled();
    await stack.engine.stop();
    expect(stack.engine.states().every((s) => s.status === 'idle')).toBe(true);
    expect(await mirrorDiff(back, db, stack.engine.states())).toEqual([]);
  });

  it('starts a pass again when the server says its cursor expired, and sweeps with the new pass', async () => {
    let shift = 0;
    const srv = await server({ scale: 0.004, now: () => Date.now() + shift });
    const db = openFakeDatabase();
    const first = await engineStack(srv, { db, store: dyingStore(createDexieMirrorStore(db), 'E18:', 1), sources: false });
    await first.engine.start();
    await first.engine.whenSettled();
    await first.engine.stop();
    const expired = (await db.scopes.get('E18:'))!.pass!.nextUrl!;

    // Seven hours later on the server (our clock does not know), and a row is gone.
    shift = 7 * 3600_000;
    const gone = srv.data.rows('E18', {})[0]!;
    srv.data.remove('E18', {}, rowKey(endpoints.E18, gone));
    const second = await engineStack(srv, { db, sources: false, token: srv.issueToken(['svc.api']) });
    await second.engine.start();
    await second.engine.whenSettled();
    await second.engine.stop();
    const fetched = second.fetched.filter(lessons);
    expect(fetched[0]).toBe(expired);
    expect(fetched[1]).not.toContain('cursor=');
    expect(second.engine.states().find((s) => s.scope === 'E18:')?.status).toBe('idle');
    expect(await mirrorDiff(srv, db, second.engine.states())).toEqual([]);
  });

  it('does not follow a checkpoint older than the cursor lifetime', async () => {
    const srv = await server({ scale: 0.004 });
    const db = openFakeDatabase();
    const first = await engineStack(srv, { db, store: dyingStore(createDexieMirrorStore(db), 'E18:', 1), sources: false });
    await first.engine.start();
    await first.engine.whenSettled();
    await first.engine.stop();
    const later = { now: () => Date.now() + 7 * 3600_000 };
    const second = await engineStack(srv, { db, sources: false, clock: later, token: srv.issueToken(['svc.api'], 24 * 3600) });
    await second.engine.start();
    await second.engine.whenSettled();
    await second.engine.stop();
    expect(second.fetched.filter(lessons)[0]).not.toContain('cursor=');
    expect(await mirrorDiff(srv, db, second.engine.states())).toEqual([]);
  });

  it('ends a run with faults switched on equal to a run without', async () => {
    const clean = await server();
    const cleanStack = await engineStack(clean);
    await cleanStack.engine.start();
    await cleanStack.engine.whenSettled();
    await cleanStack.engine.stop();

    const faulty = await server({ faults: { errorRate: 0.15, resetRate: 0.1, truncateRate: 0.1, throttleBurst: 3, retryAfterSeconds: 0, latencyMs: 1 } });
    const faultyStack = await engineStack(faulty);
    await faultyStack.engine.start();
    await faultyStack.engine.whenSettled();
    await faultyStack.engine.stop();

    const stats = faulty.data.stats();
    expect((stats.byStatus['500'] ?? 0) + (stats.byStatus['503'] ?? 0) + (stats.byStatus['429'] ?? 0) + (stats.byStatus.reset ?? 0)).toBeGreaterThan(5);
    const summary = (stack: typeof cleanStack) => stack.engine.states().map((s) => [s.scope, s.status, s.rowCount]).sort();
    expect(summary(faultyStack)).toEqual(summary(cleanStack));
    // Media links name the server that answered (its port); the rest must be the same.
    const portless = (rows: unknown, url: string): unknown => JSON.parse(JSON.stringify(rows).replaceAll(url, 'http://server'));
    for (const table of Object.values(endpoints).map((e) => e.table)) {
      const rowsOf = async (stack: typeof cleanStack, url: string) =>
        portless((await readTableRows(stack.db, table)).map((r) => [r.scope, r.key, r.row]), url) as unknown[];
      const sorted = (rows: unknown[]) => rows.sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
      const a = sorted(await rowsOf(cleanStack, clean.url));
      const b = sorted(await rowsOf(faultyStack, faulty.url));
      expect(b, table).toEqual(a);
    }
  });

  it('quarantines invalid rows with endpoint, JSON path and reason, and keeps the rest of the page', async () => {
    const srv = await server({ faults: { badRowRate: 0.2 } });
    const { engine, db } = await engineStack(srv, { sources: false });
    await engine.start();
    await engine.whenSettled();
    await engine.stop();
    const quarantined = await db.quarantine.toArray();
    expect(quarantined.length).toBeGreaterThan(0);
    for (const entry of quarantined) {
      expect(entry.endpoint).toMatch(/^E\d+$/);
      expect(entry.path).toMatch(/^\$\.data\[\d+\]/);
      expect(entry.reason.length).toBeGreaterThan(0);
    }
    const states = engine.states();
    for (const state of states) {
      const kept = (await mirroredRows(db, state)).size;
      const bad = quarantined.filter((q) => q.scope === state.scope).length;
      expect(kept + bad, state.scope).toBe(srv.data.rows(state.endpoint, state.params).length);
      expect(state.status).toBe('idle');
    }
  });

  it('turns bodies it cannot read into a clear error on the scope, never a crash', async () => {
    const srv = await server({ faults: { truncateRate: 1 } });
    const { engine } = await engineStack(srv, { sources: false });
    await engine.start();
    await engine.whenSettled();
    await engine.stop();
    const states = engine.states();
    expect(states).toHaveLength(4);
    for (const state of states) {
      expect(state.status).toBe('error');
      expect(state.lastError?.code).toBe('bad-body');
      expect(state.lastError?.message).toMatch(/JSON that does not parse/);
    }
    expect(engine.progress().scopes.every((s) => s.nextRunAt !== null)).toBe(true);
  });

  it('refuses a page whose links read well but whose rows do not parse, when it is written, keeping the pages before it', async () => {
    const srv = await server({ scale: 0.004 });
    // The page opens and ends as documented; a row in the middle is broken.
    const breaking = secondLessonPageAs((text) => {
      const middle = text.indexOf('},{', text.length / 2);
      return `${text.slice(0, middle)}},,{${text.slice(middle + 3)}`;
    });
    const { engine, db } = await engineStack(srv, { sources: false, fetch: breaking, settings: { prefetchPages: 1 } });
    await engine.start();
    await engine.whenSettled();
    await engine.stop();
    const state = engine.states().find((s) => s.endpoint === 'E18')!;
    expect(state.status).toBe('error');
    expect(state.lastError?.code).toBe('bad-body');
    expect(state.lastError?.message).toMatch(/the page is not JSON/);
    // The first page stays mirrored; the other lists are not held up.
    expect((await mirroredRows(db, state)).size).toBe(1000);
    expect(engine.states().filter((s) => s.endpoint !== 'E18').every((s) => s.status === 'idle')).toBe(true);
  });

  it('hands on the text of a page’s rows only where it is exactly the rows checked, and the window mirrors the same through it', async () => {
    const through = async (srv: RunningServer) => {
      const db = openFakeDatabase();
      const [mainEnd, windowEnd] = textFramePair();
      const peer = createMainPeer(mainEnd, {} as CommandHandlers);
      createWireBridge(windowEnd).serveStore(createDexieMirrorStore(db));
      const pages: ApplyPageCommand[] = [];
      const watched: MirrorStore = { ...peer.store, applyPage: (command) => (pages.push(command), peer.store.applyPage(command)) };
      const { engine } = await engineStack(srv, { db, store: watched });
      await engine.start();
      await engine.whenSettled();
      await engine.stop();
      peer.close();
      for (const page of pages.filter((p) => p.rowsText !== undefined)) {
        expect(page.quarantined).toEqual([]);
        expect(JSON.parse(page.rowsText!)).toEqual(page.rows);
      }
      return { db, pages, states: engine.states() };
    };
    const clean = await server();
    const mirrored = await through(clean);
    // Every clean page goes as text, but those of a list whose schema makes a copy of each row.
    const copies = (endpoint: EndpointId, row: unknown) => parseListPage(endpoint, { data: [row], nextUrl: null }).data[0] !== row;
    const asRows = mirrored.pages.filter((p) => p.rowsText === undefined);
    expect(asRows.filter((p) => !copies(p.endpoint, (p.rows as readonly unknown[])[0]))).toEqual([]);
    expect(asRows.length).toBeLessThan(mirrored.pages.length / 2);
    expect(await mirrorDiff(clean, mirrored.db, mirrored.states)).toEqual([]);

    // Pages with rows to quarantine go as rows: what the window stores is the valid ones.
    const faulty = await server({ faults: { badRowRate: 0.05 } });
    const { db, pages, states } = await through(faulty);
    expect(pages.some((p) => p.quarantined.length > 0 && p.rowsText === undefined)).toBe(true);
    expect(pages.some((p) => p.rowsText !== undefined)).toBe(true);
    const quarantined = await db.quarantine.toArray();
    for (const state of states.filter((s) => s.status === 'idle')) {
      const kept = (await mirroredRows(db, state)).size;
      expect(kept + quarantined.filter((q) => q.scope === state.scope).length, state.scope).toBe(faulty.data.rows(state.endpoint, state.params).length);
    }
  });

  it('fails a list, keeping its earlier pages, when the window cannot read the rows of a page that gives them twice', async () => {
    const srv = await server({ scale: 0.004 });
    // Laid out as documented, with a second "data" after the first: JSON.parse keeps the second.
    const twice = secondLessonPageAs((text) => {
      const at = text.lastIndexOf('],"nextUrl":');
      return `${text.slice(0, at)}],"data":[${text.slice(text.indexOf('"data":[') + 8, at)}${text.slice(at)}`;
    });
    const db = openFakeDatabase();
    const [mainEnd, windowEnd] = textFramePair();
    const peer = createMainPeer(mainEnd, {} as CommandHandlers);
    createWireBridge(windowEnd).serveStore(createDexieMirrorStore(db));
    const { engine } = await engineStack(srv, { sources: false, fetch: twice, db, store: peer.store, settings: { prefetchPages: 1 } });
    await engine.start();
    await engine.whenSettled();
    await engine.stop();
    peer.close();
    const state = engine.states().find((s) => s.endpoint === 'E18')!;
    expect(state.status).toBe('error');
    expect(state.lastError?.code).toBe('bad-body');
    expect(state.lastError?.message).toMatch(/do not read as JSON/);
    expect((await mirroredRows(db, state)).size).toBe(1000);
  });

  it('says a pass runs while a page is written, as its progress does, and no longer once settled', async () => {
    const srv = await server();
    const db = openFakeDatabase();
    const base = createDexieMirrorStore(db);
    const seen: { running: boolean; progress: boolean }[] = [];
    const store: MirrorStore = {
      ...base,
      async applyPage(command) {
        seen.push({ running: stack.engine.running(), progress: stack.engine.progress().running });
        return base.applyPage(command);
      },
    };
    const stack = await engineStack(srv, { db, store, sources: false });
    expect(stack.engine.running()).toBe(false);
    await stack.engine.start();
    await stack.engine.whenSettled();
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen.every((s) => s.running && s.progress)).toBe(true);
    expect(stack.engine.running()).toBe(false);
    expect(stack.engine.progress().running).toBe(false);
    await stack.engine.stop();
  });

  it('asks nothing of the lists a token may not read, and marks them not permitted', async () => {
    const srv = await server();
    const token = srv.issueToken(['svc.api.users:read']);
    const { engine, fetched } = await engineStack(srv, { token });
    await engine.start();
    await engine.whenSettled();
    await engine.stop();
    const states = engine.states();
    expect(states.find((s) => s.scope === 'E20:')?.status).toBe('idle');
    const others = states.filter((s) => s.scope !== 'E20:');
    expect(others.length).toBeGreaterThan(10);
    expect(others.every((s) => s.status === 'not-permitted' && /svc\.api/.test(s.reason ?? ''))).toBe(true);
    expect(fetched.length).toBeGreaterThan(0);
    expect(fetched.every((u) => u.includes('/userGroups'))).toBe(true);
  });

  it('marks a list the server refuses with 403 as not permitted, and does not retry it in a loop', async () => {
    const srv = await server();
    // An opaque token says nothing of its scopes: the server's 403s decide.
    const token = srv.issueToken(['svc.api.training:read']);
    const opaque = { ...(await engineStack(srv, { token, sources: false })) };
    opaque.tokens.scopes = () => null;
    await opaque.engine.start();
    await opaque.engine.whenSettled();
    const refused = opaque.engine.states().filter((s) => s.status === 'not-permitted');
    expect(refused.map((s) => s.scope).sort()).toEqual(['E20:', 'E21:', 'E9:']);
    const before = opaque.fetched.length;
    opaque.engine.syncNow();
    await opaque.engine.whenSettled();
    await opaque.engine.stop();
    expect(opaque.fetched.length).toBeGreaterThan(before);
    expect(opaque.fetched.slice(before).every(lessons)).toBe(true);
  });

  it('adds and removes sources, discovering and forgetting the lists below them', async () => {
    const srv = await server();
    const { engine, db, store } = await engineStack(srv, { sources: false });
    await engine.start();
    await engine.whenSettled();
    const module = srv.sources.serviceformModules[0]!;
    const id = scopeKey('E12', { moduleId: module.moduleId });
    await engine.addSource({ id, kind: 'serviceformModule', params: { moduleId: module.moduleId }, label: null, addedAt: new Date().toISOString() });
    await engine.whenSettled();
    const forms = srv.data.rows('E12', { moduleId: module.moduleId });
    const children = engine.states().filter((s) => s.parent === id);
    expect(children).toHaveLength(forms.length * 5);
    expect(await mirrorDiff(srv, db, engine.states())).toEqual([]);
    expect((await store.getSources()).map((s) => s.id)).toEqual([id]);

    expect(await engine.removeSource(id)).toBe(true);
    expect(engine.states().filter((s) => s.scope === id || s.parent === id)).toEqual([]);
    expect(await countTableRows(db, 'forms')).toBe(0);
    expect(await countTableRows(db, 'formPages')).toBe(0);
    expect(await store.getSources()).toEqual([]);
    expect((await store.getScopes()).map((s) => s.scope).sort()).toEqual(['E18:', 'E20:', 'E21:', 'E9:']);
    await engine.stop();
  });

  it('forgets the lists of a form deleted on the server after the next full pass', async () => {
    const srv = await server({ seed: 2 });
    const stack = await engineStack(srv);
    await stack.engine.start();
    await stack.engine.whenSettled();
    const module = srv.sources.serviceformModules[0]!;
    const form = srv.data.rows('E12', { moduleId: module.moduleId })[0]!;
    srv.data.remove('E12', { moduleId: module.moduleId }, String(form.id));
    stack.engine.syncNow({ full: true });
    await stack.engine.whenSettled();
    await stack.engine.stop();
    expect(stack.engine.states().filter((s) => s.params.formId === form.id)).toEqual([]);
    expect(await mirrorDiff(srv, stack.db, stack.engine.states())).toEqual([]);
  });

  it('refreshes one participation into its list scope (E5)', async () => {
    const srv = await server();
    const { engine, db } = await engineStack(srv);
    await engine.start();
    await engine.whenSettled();
    const { moduleId, calendarId } = srv.sources.calendars[0]!;
    const row = srv.data.rows('E4', { moduleId, calendarId })[0]!;
    srv.data.update('E4', { moduleId, calendarId }, String(row.id), { status: 'Tentative' });
    const fresh = await engine.refreshParticipation({ moduleId, calendarId, participationId: String(row.id) });
    expect(fresh?.status).toBe('Tentative');
    const stored = await mirroredRows(db, { endpoint: 'E4', scope: scopeKey('E4', { moduleId, calendarId }) });
    expect(stored.get(String(row.id))?.status).toBe('Tentative');
    expect(await engine.refreshParticipation({ moduleId, calendarId, participationId: '00000000-0000-4000-8000-000000000000' })).toBeNull();
    await engine.stop();
  });

  it("keeps inside a rate-limited tenant's budget: no 429", async () => {
    // The tenant's minute is 600 ms here; the client's budget window is the same.
    const srv = await server({ rateLimit: { perMinute: 30, timeScale: 100 } });
    const { engine, db } = await engineStack(srv, { budget: 30, windowMs: 600 });
    await engine.start();
    await engine.whenSettled();
    await engine.stop();
    const stats = srv.data.stats();
    expect(stats.byStatus['429'] ?? 0).toBe(0);
    expect(stats.total).toBeGreaterThan(60);
    expect(await mirrorDiff(srv, db, engine.states())).toEqual([]);
  });

  it('serves the lists the user looks at first', async () => {
    const srv = await server();
    const { engine, fetched } = await engineStack(srv, { settings: { parallelScopes: 1 } });
    const { moduleId, calendarId } = srv.sources.calendars[1]!;
    engine.focus([scopeKey('E4', { moduleId, calendarId })]);
    await engine.start();
    await engine.whenSettled();
    await engine.stop();
    expect(fetched[0]).toContain(`/calendars/${calendarId}/participation`);
  });

  it('gives every list its first page before the deep pages of big lists, asking no page twice', async () => {
    // A tenth of a hundredth of large: the training list has ten pages, most lists one.
    const srv = await server({ scale: 0.01 });
    const { engine, db, fetched } = await engineStack(srv, { settings: { parallelScopes: 2, prefetchPages: 2 } });
    await engine.start();
    await engine.whenSettled();
    await engine.stop();
    const list = (url: string) => new URL(url).pathname;
    const deep = fetched.filter((u) => new URL(u).searchParams.has('cursor'));
    expect(deep.length).toBeGreaterThan(8);
    // A deep page may go while the last lists' first pages are in flight (no one waits
    // then), never before every list known at the start has been asked once.
    const lists = [...new Set(fetched.map(list))];
    const firstAsked = (path: string) => fetched.findIndex((u) => list(u) === path);
    const tops = engine.states().filter((s) => s.parent === null && s.status !== 'not-available').length;
    const firstDeep = fetched.indexOf(deep[0]!);
    expect(lists.filter((path) => firstAsked(path) < firstDeep).length).toBeGreaterThanOrEqual(tops - 2);
    expect(new Set(fetched).size).toBe(fetched.length);
    expect(await mirrorDiff(srv, db, engine.states())).toEqual([]);
  });
});
