import { afterEach, describe, expect, it } from 'vitest';
import { fetchCounts, GROUPS, isFirstPage, LESSONS, lowerLimit, onPage, pageNumbers, smallPages } from './rig/pages.js';
import { closeRigs, mirrorDiff, mirroredRows, startRig, startWorkspace, syncOnce } from './rig/stack.js';
import { startWiredApp } from './rig/wired-app.js';

afterEach(closeRigs);

type Envelope = Record<string, unknown>;
const edit = (change: (body: Envelope) => void) => (text: string) => {
  const body = JSON.parse(text) as Envelope;
  change(body);
  return JSON.stringify(body);
};

describe('bodies a 200 should not have', () => {
  it.each([
    ['cut short', (text: string) => text.slice(0, Math.floor(text.length / 2))],
    ['an HTML error page', () => '<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>'],
    ['empty', () => ''],
  ])('%s, once: the page is asked again and stored whole', async (_name, transform) => {
    const pages = pageNumbers(LESSONS);
    let done = false;
    const rig = await startRig();
    rig.proxy.rules.push(
      onPage(pages, (page) => (page === 3 && !done ? ((done = true), { kind: 'rewrite', transform }) : null)),
      smallPages(LESSONS, 20),
    );
    const states = await syncOnce(rig);
    expect(fetchCounts(rig.proxy.log, pages)).toEqual([1, 1, 2, 1, 1, 1]);
    expect(states.every((s) => s.status === 'idle')).toBe(true);
    expect(await mirrorDiff(rig.server, rig.db, states)).toEqual([]);
  });

  it('an HTML page for good: a clear error on the list, finished pages kept, the checkpoint at the broken page', async () => {
    const pages = pageNumbers(LESSONS);
    let broken = true;
    const rig = await startRig({ maxAttempts: 3 });
    rig.proxy.rules.push(
      onPage(pages, (page) =>
        page === 3 && broken ? { kind: 'rewrite', transform: () => '<html><body>Service temporarily unavailable</body></html>' } : null,
      ),
      smallPages(LESSONS, 20),
    );
    await syncOnce(rig);
    const state = rig.engine.states().find((s) => s.scope === 'E18:')!;
    expect(state.status).toBe('error');
    expect(state.lastError?.code).toBe('bad-body');
    expect(state.lastError?.message).toMatch(/HTML page/);
    expect(state.pass?.pages).toBe(2);
    expect((await mirroredRows(rig.db, state)).size).toBe(40);

    broken = false;
    rig.engine.syncNow({ scopes: ['E18:'] });
    await rig.engine.whenSettled();
    expect(fetchCounts(rig.proxy.log, pages)).toEqual([1, 1, 4, 1, 1, 1]);
    expect(await mirrorDiff(rig.server, rig.db, rig.engine.states())).toEqual([]);
  });

  it('envelope keys missing or null: count, previousUrl and the last nextUrl absent or null, unknown keys added', async () => {
    const pages = pageNumbers(LESSONS);
    const rig = await startRig();
    rig.proxy.rules.push(
      onPage(pages, (page, request) => ({
        kind: 'rewrite',
        ...(isFirstPage(request, LESSONS) ? { rewriteUrl: lowerLimit(20) } : {}),
        transform: edit((body) => {
          if (page % 2 === 0) delete body.count;
          else body.count = null;
          if (page % 3 === 0) delete body.previousUrl;
          else body.previousUrl = null;
          if (body.nextUrl === null) delete body.nextUrl;
          body.totalCount = 'unknown';
        }),
      })),
    );
    const states = await syncOnce(rig);
    expect(fetchCounts(rig.proxy.log, pages)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(states.every((s) => s.status === 'idle')).toBe(true);
    expect(await mirrorDiff(rig.server, rig.db, states)).toEqual([]);
  });

  it('data missing or null: a clear error naming the endpoint and path, nothing stored from that page', async () => {
    const rig = await startRig();
    let bad = true;
    rig.proxy.rules.push((request) =>
      request.path.endsWith(GROUPS) && bad ? { kind: 'rewrite', transform: edit((body) => (body.data = null)) } : null,
    );
    await syncOnce(rig);
    const state = rig.engine.states().find((s) => s.scope === 'E20:')!;
    expect(state.status).toBe('error');
    expect(state.lastError?.code).toBe('bad-body');
    expect(state.lastError?.message).toMatch(/E20: \$\.data/);
    expect((await mirroredRows(rig.db, state)).size).toBe(0);
    expect(rig.engine.states().filter((s) => s.scope !== 'E20:').every((s) => s.status === 'idle')).toBe(true);

    bad = false;
    rig.engine.syncNow({ scopes: ['E20:'] });
    await rig.engine.whenSettled();
    expect(await mirrorDiff(rig.server, rig.db, rig.engine.states())).toEqual([]);
  });

  it('rows that break the schema: quarantined with endpoint, path and reason; the rest of each page kept', async () => {
    const rig = await startRig({ server: { faults: { badRowRate: 0.25 } } });
    rig.proxy.rules.push(smallPages(LESSONS, 20));
    const states = await syncOnce(rig);
    const quarantined = await rig.db.quarantine.toArray();
    expect(quarantined.length).toBeGreaterThan(10);
    for (const entry of quarantined) {
      expect(entry.path).toMatch(/^\$\.data\[\d+\]/);
      expect(entry.reason.length).toBeGreaterThan(0);
    }
    for (const state of states) {
      expect(state.status).toBe('idle');
      const kept = (await mirroredRows(rig.db, state)).size;
      const bad = quarantined.filter((q) => q.scope === state.scope && q.endpoint === state.endpoint).length;
      expect(kept + bad, state.scope).toBe(rig.server.data.rows(state.endpoint, state.params).length);
    }
  });
});

describe('a row nested too deep to store', () => {
  it('is quarantined (clipped) while the rest of its page is kept, through the real bridge', async () => {
    const workspace = await startWorkspace();
    workspace.proxy.rules.push((request) =>
      request.path.endsWith(GROUPS)
        ? { kind: 'rewrite', transform: (text) => text.replace('"data":[{', `"data":[{"hostile":${'['.repeat(20_000)}1${']'.repeat(20_000)},`) }
        : null,
    );
    const app = await startWiredApp(workspace);
    await app.services.whenSettled();
    const status = await app.services.handlers['sync.status']({});
    expect(status.scopes.map((s) => [s.scope, s.status]).sort()).toEqual([['E18:', 'idle'], ['E20:', 'idle'], ['E21:', 'idle'], ['E9:', 'idle']]);
    const groups = workspace.server.data.rows('E20');
    const kept = await mirroredRows(app.faulty.db, { endpoint: 'E20', scope: 'E20:' });
    expect(kept.size).toBe(groups.length - 1);
    const [quarantined] = await app.faulty.db.quarantine.toArray();
    expect(quarantined).toMatchObject({ scope: 'E20:', path: '$.data[0]', reason: expect.stringContaining('nested deeper than') });
    expect((quarantined?.row as { id?: unknown }).id).toBe(groups[0]!.id);
  });
});
