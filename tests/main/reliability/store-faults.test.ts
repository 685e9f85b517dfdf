import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDexieOutboxStore } from '../../../src-shared/outbox/index.js';
import { countTableRows, findRow } from '../../../src-shared/store/index.js';
import { JOURNAL_FILE } from '../../../src-main/core/outbox/outbox-journal.js';
import { requestsTo } from './rig/fault-proxy.js';
import { faultyDatabase, type WriteFault } from './rig/faulty-db.js';
import { LESSONS, smallPages } from './rig/pages.js';
import { closeRigs, mirrorDiff, startRig, startWorkspace } from './rig/stack.js';
import { startWiredApp } from './rig/wired-app.js';

afterEach(closeRigs);

const LESSON_TABLE = 'lessonParticipations';

describe('the disk refuses a page write', () => {
  it.each<[string, WriteFault, RegExp]>([
    ['QuotaExceededError', 'quota', /quota/i],
    ['a transaction abort', 'abort', /abort/i],
  ])('%s: the cache and checkpoint stay as they were, the user is told, other lists go on, and it resumes once writable', async (_name, fault, words) => {
    const workspace = await startWorkspace();
    workspace.proxy.rules.push(smallPages(LESSONS, 20));
    const faulty = faultyDatabase();
    // Two pages of lessons are stored, then the disk refuses that table.
    faulty.fail(fault, [LESSON_TABLE], 2);
    const app = await startWiredApp(workspace, { faulty });
    await app.services.whenSettled();

    expect(faulty.refused()).toBeGreaterThan(0);
    expect(await countTableRows(faulty.db, LESSON_TABLE)).toBe(40);
    expect((await faulty.db.scopes.get('E18:'))?.pass?.pages).toBe(2);
    const status = await app.services.handlers['sync.status']({});
    const scope = status.scopes.find((s) => s.scope === 'E18:');
    expect(scope?.status).toBe('error');
    expect(scope?.lastError ?? '').toMatch(words);
    expect(status.scopes.filter((s) => s.scope !== 'E18:' && s.status !== 'idle' && s.status !== 'not-available')).toEqual([]);
    // Not retried in a loop while the disk refuses.
    expect(requestsTo(workspace.proxy.log, LESSONS).length).toBeLessThan(8);
    // The outbox still takes edits, stores them with their local copy, and sends them.
    const user = workspace.server.sources.users[2]!;
    const queued = await app.services.handlers['outbox.queue']({ edit: { kind: 'patchUser', userId: user, ops: [{ op: 'replace', path: '/title', value: `Typed while ${fault}` }] } });
    expect(queued).toMatchObject({ queued: true });
    await expect.poll(() => workspace.server.data.rows('E19').find((u) => u.id === user)?.title).toBe(`Typed while ${fault}`);
    await expect.poll(async () => (await createDexieOutboxStore(faulty.db).outboxList()).map((e) => e.state)).toEqual(['sent']);

    faulty.fail(null);
    await app.services.handlers['sync.now']({ scopes: ['E18:'] });
    await app.services.whenSettled();
    expect(await mirrorDiff(workspace.server, faulty.db, [{ scope: 'E18:', endpoint: 'E18', params: {}, status: 'idle' }])).toEqual([]);
  });
});

describe('the outbox while the disk is full', () => {
  it('an edit typed while every write is refused is still accepted (journaled), shown once the disk frees, and sent once', async () => {
    const faulty = faultyDatabase();
    const rig = await startRig({ db: faulty.db });
    await rig.outbox.start();
    rig.connectivity.unreachable();
    const user = rig.server.sources.users[3]!;
    faulty.fail('quota', '*');

    const queued = await rig.outbox.queue({ kind: 'patchUser', userId: user, ops: [{ op: 'replace', path: '/title', value: 'Typed on a full disk' }] });
    expect(queued.ok).toBe(true);
    expect(rig.outbox.summary().count).toBe(1);
    expect(await readFile(join(rig.dataDir, JOURNAL_FILE), 'utf8')).toContain('Typed on a full disk');
    faulty.fail(null);
    expect(await rig.outboxStore.outboxList()).toEqual([]);

    await rig.outbox.reconcile();
    expect((await rig.outboxStore.outboxList()).map((e) => e.state)).toEqual(['queued']);
    const local = await findRow(faulty.db, 'users', user);
    expect(local).toMatchObject({ pending: 1, row: { title: 'Typed on a full disk' } });

    rig.connectivity.reachable(Date.now());
    await rig.outbox.replay();
    expect(rig.proxy.log.filter((e) => e.method === 'PATCH')).toHaveLength(1);
    expect(rig.server.data.rows('E19').find((u) => u.id === user)?.title).toBe('Typed on a full disk');
  });
});

describe('the database deleted while the app runs', () => {
  it('the window serves the store again: the cache is rebuilt by a resync and every unsent edit comes back from the journal', async () => {
    const workspace = await startWorkspace();
    const faulty = faultyDatabase();
    const app = await startWiredApp(workspace, { faulty });
    await app.services.whenSettled();
    const before = await app.services.handlers['sync.status']({});
    expect(before.rowsMirrored).toBeGreaterThan(100);

    // Offline, the user creates a post and edits a user: both wait in the outbox.
    await workspace.proxy.setDown(true);
    const moduleId = String(workspace.server.data.rows('E9')[0]!.id);
    const user = workspace.server.sources.users[5]!;
    const created = await app.services.handlers['outbox.queue']({
      edit: {
        kind: 'createPost',
        moduleId,
        body: { name: 'Written before the wipe', startDate: '2026-05-01T09:00:00', locales: [{ culture: 'en-GB', title: 'Wipe', bodyText: 'Still here' }], permissions: [{ departments: [], userGroups: [] }] },
      },
    });
    await app.services.handlers['outbox.queue']({ edit: { kind: 'patchUser', userId: user, ops: [{ op: 'replace', path: '/title', value: 'Survivor' }] } });
    const outboxStore = createDexieOutboxStore(faulty.db);
    // The create tried the (refused) connection once; it never left, so it waits again.
    await expect.poll(async () => (await outboxStore.outboxList()).map((e) => e.state)).toEqual(['queued', 'queued']);

    await faulty.deleteDatabase();
    expect(await faulty.db.scopes.count()).toBe(0);
    expect(await outboxStore.outboxList()).toEqual([]);

    // The window serves its (now empty) database again, as a reload does.
    app.reopenWindow();
    await expect
      .poll(async () => (await outboxStore.outboxList()).map((e) => [e.edit.kind, e.state]))
      .toEqual([['createPost', 'queued'], ['patchUser', 'queued']]);
    if (!('tempId' in created) || !created.tempId) throw new Error('not queued');
    const post = await findRow(faulty.db, 'posts', created.tempId);
    expect(post).toMatchObject({ pending: 1, row: { locales: [{ title: 'Wipe' }] } });

    await workspace.proxy.setDown(false);
    await app.services.handlers['sync.now']({});
    await app.services.whenSettled();
    const status = await app.services.handlers['sync.status']({});
    expect(status.rowsMirrored).toBe(before.rowsMirrored);
    expect(await mirrorDiff(workspace.server, faulty.db, await faulty.db.scopes.toArray())).toEqual([]);
    await expect.poll(async () => (await outboxStore.outboxList()).map((e) => e.state)).toEqual(['sent', 'sent']);
    expect(workspace.server.data.rows('E19').find((u) => u.id === user)?.title).toBe('Survivor');
    expect(workspace.server.data.rows('E16').filter((p) => p.availableFrom === '2026-05-01T09:00:00')).toHaveLength(1);
  });
});
