import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConnectivity } from '../../../src-main/core/http/connectivity.js';
import { silentLogger } from '../../../src-main/core/logger.js';
import { createJournalFiles } from '../../../src-main/core/outbox/journal-files.js';
import { createOutbox, type OutboxOptions } from '../../../src-main/core/outbox/outbox.js';
import { createOutboxJournal } from '../../../src-main/core/outbox/outbox-journal.js';
import {
  createDexieOutboxStore,
  type LocalRow,
  type OutboxEntry,
  type OutboxStore,
} from '../../../src-shared/outbox/index.js';
import { createDexieMirrorStore, getRow, openDatabase, type OutpostDb } from '../../../src-shared/store/index.js';
import { createBody, GUID_A, GUID_B, MODULE, USER } from '../../shared/outbox/fixtures.js';
import { failures, fakeOutboxApi } from './fake-outbox-api.js';

const USER_2 = '77777777-7777-4777-8777-777777777777';
const MISSING_USER = '88888888-8888-4888-8888-888888888888';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'outbox-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** One "process": an outbox on a journal in `dataDir` and a database on `idb`. */
function boot(world: { server: ReturnType<typeof fakeOutboxApi>; idb: InstanceType<typeof IDBFactory> }, overrides: Partial<OutboxOptions> = {}) {
  const db: OutpostDb = openDatabase({ indexedDB: world.idb, IDBKeyRange });
  const store: OutboxStore = createDexieOutboxStore(db);
  const connectivity = createConnectivity(true);
  const sleeps: number[] = [];
  const refused: OutboxEntry[] = [];
  let authNeeded = 0;
  let tick = Date.parse('2026-01-01T00:00:00Z');
  const outbox = createOutbox({
    api: world.server.api,
    store: () => store,
    journal: createOutboxJournal({ dataDir, files: createJournalFiles() }),
    clock: { now: () => (tick += 1000) },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    log: silentLogger,
    connectivity,
    random: () => 0.5,
    onRefused: (entry) => refused.push(entry),
    onAuthNeeded: () => {
      authNeeded += 1;
    },
    ...overrides,
  });
  const row = async (table: 'posts' | 'users', scope: string, key: string) =>
    ((await getRow(db, scope, key)) ?? undefined) as LocalRow | undefined;
  return { outbox, db, store, connectivity, sleeps, refused, row, authNeeded: () => authNeeded };
}

function world() {
  const server = fakeOutboxApi();
  server.users.set(USER, { id: USER, name: 'Ada', title: 'Engineer' });
  server.users.set(USER_2, { id: USER_2, name: 'Bo' });
  return { server, idb: new IDBFactory() };
}

const setTitle = (userId: string, title: string) => ({ kind: 'patchUser' as const, userId, ops: [{ op: 'replace', path: '/title', value: title }] });
const setGender = (userId: string, gender: string) => ({ kind: 'patchUser' as const, userId, ops: [{ op: 'replace', path: '/gender', value: gender }] });

describe('the outbox engine', () => {
  it('queues durably, shows the edit at once, sends it and installs the server copy', async () => {
    const w = world();
    const app = boot(w);
    await app.outbox.start();
    await createDexieMirrorStore(app.db).putRow({ endpoint: 'E19', scope: `E19:${USER}`, row: { id: USER, name: 'Ada', title: 'Engineer' } });
    app.connectivity.unreachable();

    const queued = await app.outbox.queue(setTitle(USER, 'Lead'));
    expect(queued).toMatchObject({ ok: true, target: `user:${USER}` });
    expect(await app.row('users', `E19:${USER}`, USER)).toMatchObject({ pending: 1, row: { title: 'Lead', name: 'Ada' } });
    expect(w.server.calls).toEqual([]);

    app.connectivity.reachable(0);
    expect(await app.outbox.replay()).toMatchObject({ ended: 'idle' });
    expect(w.server.users.get(USER)).toMatchObject({ title: 'Lead' });
    const settled = await app.row('users', `E19:${USER}`, USER);
    expect(settled?.row).toEqual(w.server.users.get(USER));
    expect(settled?.pending).toBeUndefined();
    expect(app.outbox.summary()).toEqual({ count: 0, needsAttention: 0, conflict: 0, uncertain: 0 });
    await app.outbox.stop();
  });

  it('refuses an invalid edit with field errors and writes nothing', async () => {
    const w = world();
    const app = boot(w);
    await app.outbox.start();
    const result = await app.outbox.queue({ kind: 'createPost', moduleId: MODULE, body: createBody({ name: 'x'.repeat(129), startDate: '2026-03-01' }) });
    expect(result).toMatchObject({ ok: false });
    expect(result.ok ? [] : result.errors.map((e) => e.path).sort()).toEqual(['name', 'startDate']);
    expect(await app.store.outboxList()).toEqual([]);
    await app.outbox.stop();
  });

  it('creates a post offline, edits it under its temporary id, and replays both in order with the server id', async () => {
    const w = world();
    const app = boot(w);
    await app.outbox.start();
    app.connectivity.unreachable();
    const created = await app.outbox.queue({ kind: 'createPost', moduleId: MODULE, body: createBody() });
    if (!created.ok || !created.tempId) throw new Error('not queued');
    const tempId = created.tempId;
    await app.outbox.queue({ kind: 'patchPost', moduleId: MODULE, contentId: tempId, ops: [{ op: 'replace', path: '/categoryId', value: GUID_A }] });
    expect(await app.row('posts', `E3:${MODULE}`, tempId)).toMatchObject({ pending: 1, row: { id: tempId, categoryId: GUID_A } });

    app.connectivity.reachable(0);
    await app.outbox.replay();
    const [serverId] = [...w.server.posts.keys()];
    expect(w.server.calls.map((c) => [c.kind, c.id])).toEqual([
      ['createPost', MODULE],
      ['patchPost', serverId],
    ]);
    expect(w.server.posts.get(serverId!)).toMatchObject({ categoryId: GUID_A, name: 'Canteen menu' });
    expect(await app.row('posts', `E3:${MODULE}`, tempId)).toBeUndefined();
    expect((await app.row('posts', `E3:${MODULE}`, serverId!))?.row).toEqual(w.server.posts.get(serverId!));
    await app.outbox.stop();
  });

  it('coalesces unsent patches of one target into one request, the later value winning', async () => {
    const w = world();
    const app = boot(w);
    await app.outbox.start();
    app.connectivity.unreachable();
    await app.outbox.queue(setTitle(USER, 'one'));
    await app.outbox.queue(setGender(USER, 'f'));
    await app.outbox.queue(setTitle(USER, 'two'));
    app.connectivity.reachable(0);
    await app.outbox.replay();
    expect(w.server.calls).toEqual([
      { kind: 'patchUser', id: USER, body: [{ op: 'replace', path: '/gender', value: 'f' }, { op: 'replace', path: '/title', value: 'two' }] },
    ]);
    expect((await app.store.outboxList()).map((e) => e.state)).toEqual(['sent', 'sent', 'sent']);
    await app.outbox.stop();
  });

  it('parks a refused edit with the server message, lets other targets go on, and holds later edits of its target', async () => {
    const w = world();
    const app = boot(w);
    await app.outbox.start();
    app.connectivity.unreachable();
    const refusedOne = await app.outbox.queue(setTitle(MISSING_USER, 'x'));
    const waiting = await app.outbox.queue(setGender(MISSING_USER, 'f'));
    await app.outbox.queue(setTitle(USER, 'fine'));
    app.connectivity.reachable(0);
    await app.outbox.replay();

    const states = Object.fromEntries((await app.store.outboxList()).map((e) => [e.id, e]));
    if (!refusedOne.ok || !waiting.ok) throw new Error('not queued');
    expect(states[refusedOne.id]).toMatchObject({ state: 'needs-attention', lastError: { status: 404, message: 'no such user' } });
    expect(states[waiting.id]?.state).toBe('queued');
    expect(w.server.users.get(USER)?.title).toBe('fine');
    expect(app.refused.map((e) => e.id)).toEqual([refusedOne.id]);
    expect(app.outbox.summary()).toEqual({ count: 2, needsAttention: 1, conflict: 0, uncertain: 0 });

    // Discarding the refused edit lets the next one go (and be refused on its own merits).
    await app.outbox.discard(refusedOne.id);
    await app.outbox.replay();
    expect((await app.store.outboxList()).find((e) => e.id === waiting.id)?.state).toBe('needs-attention');
    expect(w.server.calls.filter((c) => c.id === MISSING_USER)).toHaveLength(2);
    await app.outbox.stop();
  });

  it('finds the culprit of a refused merged patch by sending its edits one by one', async () => {
    const w = world();
    const app = boot(w);
    await app.outbox.start();
    app.connectivity.unreachable();
    const a = await app.outbox.queue(setTitle(USER, 'ok'));
    const b = await app.outbox.queue(setGender(USER, w.server.poison));
    const c = await app.outbox.queue({ kind: 'patchUser', userId: USER, ops: [{ op: 'add', path: '/initials', value: 'AL' }] });
    app.connectivity.reachable(0);
    await app.outbox.replay();
    const states = (await app.store.outboxList()).map((e) => e.state);
    expect(states).toEqual(['sent', 'needs-attention', 'queued']);
    expect(app.refused).toHaveLength(1);
    if (!a.ok || !b.ok || !c.ok) throw new Error('not queued');
    expect(app.refused[0]?.id).toBe(b.id);
    expect(w.server.users.get(USER)).toMatchObject({ title: 'ok' });
    expect(w.server.users.get(USER)?.initials).toBeUndefined();
    await app.outbox.stop();
  });

  it('retries network failures and 429 with backoff and Retry-After', async () => {
    const w = world();
    const app = boot(w);
    await app.outbox.start();
    w.server.failNext(failures.rateLimited(7000), failures.reset(false));
    app.connectivity.unreachable();
    await app.outbox.queue(setTitle(USER, 'eventually'));
    app.connectivity.reachable(0);
    await app.outbox.replay();
    // The reset took us offline; back online, it goes.
    expect(app.sleeps[0]).toBe(7000);
    app.connectivity.reachable(0);
    await app.outbox.replay();
    expect(w.server.users.get(USER)?.title).toBe('eventually');
    expect(w.server.calls).toHaveLength(3);
    const [entry] = await app.store.outboxList();
    expect(entry).toMatchObject({ state: 'sent', attempts: 3, lastError: null });
    await app.outbox.stop();
  });

  it('makes a create whose answer was lost uncertain and never sends it again without the user', async () => {
    const w = world();
    const app = boot(w);
    await app.outbox.start();
    w.server.failNext(failures.reset(true));
    const created = await app.outbox.queue({ kind: 'createPost', moduleId: MODULE, body: createBody() });
    if (!created.ok || !created.tempId) throw new Error('not queued');
    await app.outbox.queue({ kind: 'patchPost', moduleId: MODULE, contentId: created.tempId, ops: [{ op: 'replace', path: '/categoryId', value: GUID_B }] });
    app.connectivity.reachable(0);
    await app.outbox.replay();
    app.connectivity.reachable(0);
    await app.outbox.replay();
    expect(w.server.calls).toHaveLength(1);
    expect(app.outbox.summary()).toEqual({ count: 2, needsAttention: 0, conflict: 0, uncertain: 1 });

    // The user found the post on the server: its id takes the later edit there.
    const [serverId] = [...w.server.posts.keys()];
    await app.outbox.confirm(created.id, 'mark-sent', serverId);
    await app.outbox.replay();
    expect(w.server.posts.size).toBe(1);
    expect(w.server.calls.map((c) => [c.kind, c.id])).toEqual([['createPost', MODULE], ['patchPost', serverId]]);
    expect(w.server.posts.get(serverId!)?.categoryId).toBe(GUID_B);
    expect((await app.row('posts', `E3:${MODULE}`, serverId!))?.row).toEqual(w.server.posts.get(serverId!));
    await app.outbox.stop();
  });

  it('re-sends an uncertain create only when the user says so, and discards it with its edits when asked', async () => {
    const w = world();
    const app = boot(w);
    await app.outbox.start();
    w.server.failNext(failures.reset(false), failures.reset(false));
    const first = await app.outbox.queue({ kind: 'createPost', moduleId: MODULE, body: createBody({ name: 'first' }) });
    const second = await app.outbox.queue({ kind: 'createPost', moduleId: MODULE, body: createBody({ name: 'second' }) });
    if (!first.ok || !second.ok || !second.tempId) throw new Error('not queued');
    const edit = await app.outbox.queue({ kind: 'patchPost', moduleId: MODULE, contentId: second.tempId, ops: [{ op: 'replace', path: '/categoryId', value: GUID_A }] });
    for (let i = 0; i < 3; i += 1) {
      app.connectivity.reachable(0);
      await app.outbox.replay();
    }
    expect(app.outbox.summary().uncertain).toBe(2);
    await app.outbox.confirm(first.id, 'resend');
    await app.outbox.confirm(second.id, 'discard');
    await app.outbox.replay();
    expect([...w.server.posts.values()].map((p) => p.name)).toEqual(['first']);
    const byId = Object.fromEntries((await app.store.outboxList()).map((e) => [e.id, e.state]));
    expect(edit.ok && byId[edit.id]).toBe('discarded');
    expect(await app.row('posts', `E3:${MODULE}`, second.tempId)).toBeUndefined();
    await expect(app.outbox.confirm(first.id, 'resend')).rejects.toMatchObject({ code: 'NotUncertain' });
    await app.outbox.stop();
  });

  it('pauses everything on a refused token until resumed', async () => {
    const w = world();
    const app = boot(w);
    await app.outbox.start();
    w.server.failNext(failures.unauthorized());
    await app.outbox.queue(setTitle(USER, 'later'));
    expect(await app.outbox.replay()).toMatchObject({ ended: 'paused' });
    expect(app.authNeeded()).toBe(1);
    await app.outbox.queue(setTitle(USER_2, 'also later'));
    expect(await app.outbox.replay()).toMatchObject({ ended: 'paused' });
    app.outbox.resume();
    await app.outbox.replay();
    expect(w.server.users.get(USER)?.title).toBe('later');
    expect(w.server.users.get(USER_2)?.title).toBe('also later');
    await app.outbox.stop();
  });

  it('sends again at once when a fresh token could be had', async () => {
    const w = world();
    let renewals = 0;
    const app = boot(w, {
      onUnauthorized: async () => {
        renewals += 1;
        return true;
      },
    });
    await app.outbox.start();
    w.server.failNext(failures.unauthorized());
    await app.outbox.queue(setTitle(USER, 'renewed'));
    await app.outbox.replay();
    expect(renewals).toBe(1);
    expect(w.server.users.get(USER)?.title).toBe('renewed');
    await app.outbox.stop();
  });

  it('resumes after a restart, and restores a cleared database from the journal', async () => {
    const w = world();
    const first = boot(w);
    await first.outbox.start();
    first.connectivity.unreachable();
    await first.outbox.queue(setTitle(USER, 'kept'));
    const created = await first.outbox.queue({ kind: 'createPost', moduleId: MODULE, body: createBody() });
    await first.outbox.stop();

    // IndexedDB was wiped (a new profile), the journal was not.
    const cleared = { server: w.server, idb: new IDBFactory() };
    const second = boot(cleared);
    second.connectivity.unreachable();
    await second.outbox.start();
    expect((await second.store.outboxList()).map((e) => e.state)).toEqual(['queued', 'queued']);
    if (!created.ok || !created.tempId) throw new Error('not queued');
    expect(await second.row('posts', `E3:${MODULE}`, created.tempId)).toMatchObject({ pending: 1, row: { name: 'Canteen menu' } });
    expect(await second.row('users', `E19:${USER}`, USER)).toMatchObject({ pending: 1, row: { title: 'kept' } });

    second.connectivity.reachable(0);
    await second.outbox.replay();
    expect(w.server.users.get(USER)?.title).toBe('kept');
    expect(w.server.posts.size).toBe(1);
    await second.outbox.stop();
  });

  it('turns a create that was in flight when the process died into an uncertain one', async () => {
    const w = world();
    let requestOut: () => void = () => undefined;
    const out = new Promise<void>((resolve) => (requestOut = resolve));
    const first = boot(w, {
      api: {
        ...w.server.api,
        // The process dies while the request is out.
        createPost: () => {
          requestOut();
          return new Promise(() => undefined);
        },
      },
    });
    await first.outbox.start();
    await first.outbox.queue({ kind: 'createPost', moduleId: MODULE, body: createBody() });
    await out;
    expect((await first.store.outboxList())[0]?.state).toBe('sending');

    const second = boot(w);
    await second.outbox.start();
    await second.outbox.replay();
    expect((await second.store.outboxList())[0]).toMatchObject({ state: 'uncertain', lastError: { code: 'interrupted' } });
    expect(w.server.calls).toEqual([]);
    await second.outbox.stop();
  });

  it('will not discard an edit in flight, and never sends one it discarded', async () => {
    const w = world();
    let release: () => void = () => undefined;
    let requestOut: () => void = () => undefined;
    const out = new Promise<void>((resolve) => (requestOut = resolve));
    const app = boot(w, {
      api: {
        ...w.server.api,
        patchUser: async (userId, ops, signal) => {
          await new Promise<void>((resolve) => {
            release = resolve;
            requestOut();
          });
          return w.server.api.patchUser(userId, ops, signal);
        },
      },
    });
    await app.outbox.start();
    const inFlight = await app.outbox.queue(setTitle(USER, 'going'));
    await out;
    if (!inFlight.ok) throw new Error('not queued');
    await expect(app.outbox.discard(inFlight.id)).rejects.toMatchObject({ code: 'Busy' });
    const dropped = await app.outbox.queue(setTitle(USER, 'dropped'));
    if (!dropped.ok) throw new Error('not queued');
    await app.outbox.discard(dropped.id);
    release();
    await app.outbox.replay();
    expect(w.server.calls.map((c) => c.body)).toEqual([[{ op: 'replace', path: '/title', value: 'going' }]]);
    expect((await app.row('users', `E19:${USER}`, USER))?.row).toMatchObject({ title: 'going' });
    await app.outbox.stop();
  });

  it('tells its counts on every change', async () => {
    const w = world();
    const seen: number[] = [];
    const app = boot(w, { onChange: (s) => seen.push(s.count) });
    await app.outbox.start();
    app.connectivity.unreachable();
    await app.outbox.queue(setTitle(USER, 'a'));
    await app.outbox.queue(setTitle(USER_2, 'b'));
    app.connectivity.reachable(0);
    await app.outbox.replay();
    expect(seen.at(-1)).toBe(0);
    expect(Math.max(...seen)).toBe(2);
    await app.outbox.stop();
  });
});
