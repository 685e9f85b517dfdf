import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxEntry, OutboxEditInput } from '../../../src-shared/outbox/index.js';
import { openDatabase } from '../../../src-shared/store/index.js';
import type { ProxyAction, ProxyRule } from './rig/fault-proxy.js';
import { closeRigs, startRig, startWorkspace, tempDir } from './rig/stack.js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';

afterEach(closeRigs);

const GHOST_USER = '0badc0de-0000-4000-8000-00000000dead';
const problem = (status: number, detail: string, errors?: Record<string, string[]>): ProxyAction => ({
  kind: 'answer',
  status,
  headers: { 'content-type': 'application/problem+json' },
  body: JSON.stringify({ status, title: detail, detail, ...(errors ? { errors } : {}) }),
});
const title = (userId: string, value: string): OutboxEditInput => ({ kind: 'patchUser', userId, ops: [{ op: 'replace', path: '/title', value }] });
const gender = (userId: string, value: string): OutboxEditInput => ({ kind: 'patchUser', userId, ops: [{ op: 'replace', path: '/gender', value }] });
const createPost = (moduleId: string, name: string): OutboxEditInput => ({
  kind: 'createPost',
  moduleId,
  body: { name, startDate: '2026-06-01T08:00:00', locales: [{ culture: 'en-GB', title: name, bodyText: 'Body' }], permissions: [{ departments: [], userGroups: [] }] },
});
/** Posts carry no name: the create's name is found again as the title of its first locale. */
const postsNamed = (rows: Record<string, unknown>[], name: string) =>
  rows.filter((p) => Array.isArray(p.locales) && (p.locales as { title?: unknown }[])[0]?.title === name);
const byId = (entries: OutboxEntry[]) => new Map(entries.map((e) => [e.id, e]));
function idOf(result: { ok: boolean; id?: string }): string {
  if (!result.ok || !result.id) throw new Error('not queued');
  return result.id;
}

describe('a process killed after a create was sent and before its answer was recorded', () => {
  it('the create comes back uncertain, is never sent again on its own, and its later edits wait for the user', async () => {
    const workspace = await startWorkspace();
    const moduleId = String(workspace.server.data.rows('E9')[0]!.id);
    const dataDir = await tempDir();
    const idb = new IDBFactory();
    const db = () => openDatabase({ indexedDB: idb, IDBKeyRange });
    // The server carries the create out, but its answer never reaches the process, which then dies.
    let posts = 0;
    const swallow: ProxyRule = (request) => (request.method === 'POST' && request.path.includes('/api/') ? (posts++, { kind: 'hold', until: new Promise<void>(() => undefined) }) : null);
    workspace.proxy.rules.push(swallow);

    const first = await startRig({ running: workspace, dataDir, db: db() });
    await first.outbox.start();
    const created = await first.outbox.queue(createPost(moduleId, 'Sent before the crash'));
    if (!created.ok || !created.tempId) throw new Error('not queued');
    const edit = idOf(await first.outbox.queue({ kind: 'patchPost', moduleId, contentId: created.tempId, ops: [{ op: 'replace', path: '/categoryId', value: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' }] }));
    await expect.poll(() => postsNamed(workspace.server.data.rows('E3', { moduleId }), 'Sent before the crash').length).toBe(1);
    expect(posts).toBe(1);
    // Killed: nothing of the first process runs again (its request hangs forever, its objects are dropped).

    workspace.proxy.rules.splice(workspace.proxy.rules.indexOf(swallow), 1);
    const second = await startRig({ running: workspace, dataDir, db: db() });
    await second.outbox.start();
    for (let i = 0; i < 3; i += 1) await second.outbox.replay();

    const entries = byId(await second.outboxStore.outboxList());
    expect(entries.get(created.id)).toMatchObject({ state: 'uncertain', lastError: { code: 'interrupted' } });
    expect(entries.get(edit)?.state).toBe('queued');
    expect(second.outbox.summary()).toEqual({ count: 2, needsAttention: 0, conflict: 0, uncertain: 1 });
    expect(workspace.proxy.log.filter((e) => e.method !== 'GET' && e.path.includes('/api/'))).toHaveLength(1);
    expect(postsNamed(workspace.server.data.rows('E3', { moduleId }), 'Sent before the crash')).toHaveLength(1);

    // The user finds the post and says so: the waiting edit goes to it, and the post is still one.
    const [post] = postsNamed(workspace.server.data.rows('E3', { moduleId }), 'Sent before the crash');
    await second.outbox.confirm(created.id, 'mark-sent', String(post!.id));
    await second.outbox.replay();
    expect(postsNamed(workspace.server.data.rows('E3', { moduleId }), 'Sent before the crash')).toEqual([
      expect.objectContaining({ id: post!.id, categoryId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' }),
    ]);
    expect(workspace.proxy.log.filter((e) => e.method === 'POST' && e.path.includes('/api/'))).toHaveLength(1);
  });
});

describe('a queued PATCH refused with 400, 404 and 409', () => {
  it('one visible failure each; unrelated edits go on; later edits of a refused target wait', async () => {
    const refused: OutboxEntry[] = [];
    const rig = await startRig({ outbox: { onRefused: (entry) => refused.push(entry) } });
    const [u400, u409, fine, other] = rig.server.sources.users;
    rig.proxy.rules.push((request) => {
      if (request.method !== 'PATCH') return null;
      if (request.path.endsWith(u400!)) return problem(400, 'The title is not allowed here.', { title: ['The title is not allowed here.'] });
      if (request.path.endsWith(u409!)) return problem(409, 'The user was changed by someone else.');
      return null;
    });
    await rig.outbox.start();
    rig.connectivity.unreachable();
    const a1 = idOf(await rig.outbox.queue(title(u400!, 'Refused title')));
    const a2 = idOf(await rig.outbox.queue(gender(u400!, 'waits-after-400')));
    const b1 = idOf(await rig.outbox.queue(title(GHOST_USER, 'Nobody')));
    const b2 = idOf(await rig.outbox.queue(gender(GHOST_USER, 'waits-after-404')));
    const c1 = idOf(await rig.outbox.queue(title(u409!, 'Conflicting')));
    const c2 = idOf(await rig.outbox.queue(gender(u409!, 'waits-after-409')));
    const d1 = idOf(await rig.outbox.queue(title(fine!, 'Goes through')));
    const e1 = idOf(await rig.outbox.queue(title(other!, 'Also goes')));
    rig.connectivity.reachable(Date.now());
    await rig.outbox.replay();

    const entries = byId(await rig.outboxStore.outboxList());
    expect(entries.get(a1)).toMatchObject({ state: 'needs-attention', lastError: { status: 400, fields: [{ path: 'title' }] } });
    expect(entries.get(b1)).toMatchObject({ state: 'needs-attention', lastError: { status: 404 } });
    expect(entries.get(c1)).toMatchObject({ state: 'needs-attention', lastError: { status: 409, message: expect.stringContaining('changed by someone else') } });
    for (const waiting of [a2, b2, c2]) expect(entries.get(waiting)?.state).toBe('queued');
    for (const sent of [d1, e1]) expect(entries.get(sent)?.state).toBe('sent');
    expect(refused.map((e) => e.id).sort()).toEqual([a1, b1, c1].sort());
    expect(rig.outbox.summary()).toEqual({ count: 6, needsAttention: 3, conflict: 0, uncertain: 0 });
    const users = rig.server.data.rows('E19');
    expect(users.find((u) => u.id === fine)?.title).toBe('Goes through');
    expect(users.find((u) => u.id === other)?.title).toBe('Also goes');
    expect(users.find((u) => u.id === u400)?.gender).not.toBe('waits-after-400');
    expect(users.find((u) => u.id === u409)?.gender).not.toBe('waits-after-409');

    // Nothing is retried in a loop: more replays send nothing and tell nothing new.
    const sentSoFar = rig.proxy.log.length;
    await rig.outbox.replay();
    await rig.outbox.replay();
    expect(rig.proxy.log.length).toBe(sentSoFar);
    expect(refused).toHaveLength(3);

    // The user discards the refused 409 edit: the one behind it goes (and succeeds on its own merits).
    rig.proxy.rules.length = 0;
    await rig.outbox.discard(c1);
    await rig.outbox.replay();
    expect(byId(await rig.outboxStore.outboxList()).get(c2)?.state).toBe('sent');
    expect(rig.server.data.rows('E19').find((u) => u.id === u409)?.gender).toBe('waits-after-409');
  });
});

describe('create then edit offline while the create keeps failing transiently', () => {
  it('the edit never goes first: it waits for the create, then goes to the new post', async () => {
    const rig = await startRig();
    const moduleId = String(rig.server.data.rows('E9')[0]!.id);
    const transient: ProxyAction[] = [
      problem(503, 'Service unavailable'),
      { kind: 'answer', status: 429, headers: { 'retry-after': '0', 'content-type': 'application/json' }, body: '{"errorCode":"429","message":"slow down"}' },
      problem(503, 'Service unavailable'),
      { kind: 'answer', status: 429, headers: { 'content-type': 'application/json' }, body: '{"errorCode":"429","message":"slow down"}' },
    ];
    rig.proxy.rules.push((request) => (request.method === 'POST' && request.path.includes('/api/') ? transient.shift() ?? null : null));
    await rig.outbox.start();
    rig.connectivity.unreachable();
    const created = await rig.outbox.queue(createPost(moduleId, 'Created through the storm'));
    if (!created.ok || !created.tempId) throw new Error('not queued');
    const edit = idOf(await rig.outbox.queue({ kind: 'patchPost', moduleId, contentId: created.tempId, ops: [{ op: 'replace', path: '/locales', value: [{ culture: 'en-GB', title: 'Edited offline', bodyText: 'After' }] }] }));
    rig.connectivity.reachable(Date.now());
    await rig.outbox.replay();

    const writes = rig.proxy.log.filter((e) => e.method !== 'GET' && e.path.includes('/api/'));
    expect(writes.map((e) => [e.method, e.status])).toEqual([
      ['POST', 503],
      ['POST', 429],
      ['POST', 503],
      ['POST', 429],
      ['POST', 201],
      ['PATCH', 200],
    ]);
    const [post] = rig.server.data.rows('E16').filter((p) => p.availableFrom === '2026-06-01T08:00:00');
    expect(writes[5]?.path.endsWith(`/content/${String(post!.id)}`)).toBe(true);
    expect(rig.server.data.rows('E16').filter((p) => p.availableFrom === '2026-06-01T08:00:00')).toHaveLength(1);
    expect((post!.locales as { title: string }[])[0]?.title).toBe('Edited offline');
    expect(byId(await rig.outboxStore.outboxList()).get(edit)?.state).toBe('sent');
  });
});
