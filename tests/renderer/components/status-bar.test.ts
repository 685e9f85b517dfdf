// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { createMemoryHistory } from 'vue-router';
import type { Result, SyncStatus } from '../../../src-shared/bridge/index.js';
import StatusBar from '../../../src-renderer/components/StatusBar.vue';
import { createAppRouter } from '../../../src-renderer/router.js';
import { useConnectionStore } from '../../../src-renderer/stores/connection-store.js';
import { useSyncStore } from '../../../src-renderer/stores/sync-store.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { countTableRows, createDexieMirrorStore, mirrorTableSpecs, scopeKey } from '../../../src-shared/store/index.js';
import { eventually, fakeBridge, renderingContext, seedRows } from '../helpers/renderer-context.js';
import { userGroup } from '../helpers/rows.js';

const guidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const overall = { lists: 0, mirrored: 0, mirroring: 0, rows: 0, requests: 0, requestsLeft: 0, timeLeftSeconds: null, timeLeftIsLowerBound: false, budgetWaitSeconds: 0, areas: [] };
const idle: SyncStatus = { online: true, authNeeded: false, running: false, rowsMirrored: 1200, rowsPerSecond: 0, requestsUsed: 0, requestBudget: 90, lastSyncedAt: null, overall, scopes: [] };

async function mountBar(status: SyncStatus) {
  const db = openFakeDatabase();
  const { bridge, emit } = fakeBridge({ 'sync.status': status, 'app.info': { mode: 'demo', workspaceName: 'Acme', baseUrl: 'x', version: '1', shell: 'harness' } });
  const ctx = renderingContext(db, bridge);
  const router = createAppRouter(createMemoryHistory());
  const wrapper = mount(StatusBar, { global: { ...ctx.global, plugins: [...ctx.global.plugins, router] } });
  const store = useSyncStore();
  store.listen();
  // The answer to the first status request lands before the test pushes events.
  await eventually(() => expect(store.status).not.toBeNull());
  return { wrapper, emit, db, store };
}

describe('the status bar', () => {
  it('says Online or Offline as main reports it, and when the bridge drops', async () => {
    const { wrapper, emit } = await mountBar(idle);
    await eventually(() => expect(wrapper.get('[data-testid="connection-state"]').text()).toBe('Online'));
    emit('sync.status', { ...idle, online: false });
    await eventually(() => expect(wrapper.get('[data-testid="connection-state"]').text()).toBe('Offline'));
    emit('sync.status', idle);
    await eventually(() => expect(wrapper.get('[data-testid="connection-state"]').text()).toBe('Online'));
    useConnectionStore().setLinked(false);
    await eventually(() => expect(wrapper.get('[data-testid="connection-state"]').text()).toBe('Offline'));
  });

  it('says Connecting… until main’s first status arrives, not Offline', async () => {
    const db = openFakeDatabase();
    let answer: (value: Result<SyncStatus>) => void = () => {};
    const { bridge } = fakeBridge({ 'app.info': { mode: 'demo', workspaceName: 'Acme', baseUrl: 'x', version: '1', shell: 'harness' } });
    const slow = { ...bridge, call: ((name: string, arg: unknown) => (name === 'sync.status' ? new Promise<Result<SyncStatus>>((r) => (answer = r)) : bridge.call(name as never, arg as never))) as typeof bridge.call };
    const ctx = renderingContext(db, slow);
    const router = createAppRouter(createMemoryHistory());
    const wrapper = mount(StatusBar, { global: { ...ctx.global, plugins: [...ctx.global.plugins, router] } });
    useSyncStore().listen();
    await eventually(() => expect(wrapper.get('[data-testid="connection-state"]').text()).toBe('Connecting…'));
    answer({ ok: true, data: { ...idle, online: false } });
    await eventually(() => expect(wrapper.get('[data-testid="connection-state"]').text()).toBe('Offline'));
  });

  it('counts the rows cached as Storage used does: the lists main mirrored, and the users kept outside any list', async () => {
    const { wrapper, emit, db } = await mountBar({ ...idle, rowsMirrored: 5 });
    const rows = Array.from({ length: 5 }, (_, i) => userGroup(i));
    await seedRows(db, 'E20', {}, rows);
    await eventually(() => expect(wrapper.get('[data-testid="rows-cached"]').text()).toBe('5 rows cached'));
    // Users the workspace names, kept by id so they can be edited: no list's pass counts them.
    const store = createDexieMirrorStore(db);
    for (const id of [guidOf(1), guidOf(2)]) await store.putRow({ endpoint: 'E19', scope: scopeKey('E19', { userId: id }), row: { id } });
    await eventually(() => expect(wrapper.get('[data-testid="rows-cached"]').text()).toBe('7 rows cached'), 5000);
    const stored = await Promise.all(Object.keys(mirrorTableSpecs()).map((t) => countTableRows(db, t)));
    expect(stored.reduce((a, b) => a + b, 0)).toBe(7);
    emit('sync.status', { ...idle, rowsMirrored: 8 });
    await eventually(() => expect(wrapper.get('[data-testid="rows-cached"]').text()).toBe('10 rows cached'));
  });

  it('shows a progress bar and the list being synced while passes run', async () => {
    const { wrapper, emit } = await mountBar(idle);
    expect(wrapper.find('[data-testid="sync-progress"]').exists()).toBe(false);
    emit('sync.status', {
      ...idle,
      running: true,
      rowsPerSecond: 12000,
      scopes: [
        { scope: 'E18:', endpoint: 'E18', status: 'syncing', pages: 3, rows: 3000, lastSuccessAt: null, lastError: null, reason: null, nextRunAt: null },
        { scope: 'E20:', endpoint: 'E20', status: 'idle', pages: 1, rows: 10, lastSuccessAt: null, lastError: null, reason: null, nextRunAt: null },
      ],
    });
    await eventually(() => expect(wrapper.get('[data-testid="sync-progress"]').text()).toContain('Training › Lesson participations'));
    expect(wrapper.get('[data-testid="sync-progress"]').text()).toContain('50%');
  });

  it('counts waiting edits from the outbox and asks to sign in again when needed', async () => {
    const { wrapper, emit, db } = await mountBar(idle);
    expect(wrapper.get('[data-testid="outbox-count"]').text()).toBe('No edits waiting');
    await db.outbox.bulkPut([
      { id: 'a', seq: 1, target: 'user:u1', state: 'queued', createdAt: '2025-01-01T00:00:00Z', edit: { kind: 'patchUser' } },
      { id: 'b', seq: 2, target: 'user:u2', state: 'needs-attention', createdAt: '2025-01-01T00:00:00Z', edit: { kind: 'patchUser' }, lastError: { code: '400', message: 'bad' } },
      { id: 'c', seq: 3, target: 'user:u3', state: 'sent', createdAt: '2025-01-01T00:00:00Z', edit: { kind: 'patchUser' } },
    ]);
    await eventually(() => expect(wrapper.get('[data-testid="outbox-count"]').text()).toBe('2 edits waiting, 1 refused'));
    // A conflict and an edit of unknown fate wait for the user too, and say what for.
    await db.outbox.bulkPut([
      { id: 'd', seq: 4, target: 'user:u4', state: 'conflict', createdAt: '2025-01-01T00:00:00Z', edit: { kind: 'patchUser' } },
      { id: 'e', seq: 5, target: 'post:m/p1', state: 'uncertain', createdAt: '2025-01-01T00:00:00Z', edit: { kind: 'createPost' } },
    ]);
    await eventually(() => expect(wrapper.get('[data-testid="outbox-count"]').text()).toBe('4 edits waiting, 1 refused, 1 in conflict, 1 uncertain'));
    emit('sync.status', { ...idle, authNeeded: true });
    await eventually(() => expect(wrapper.get('[data-testid="auth-needed"]').text()).toContain('Sign in again'));
    expect(wrapper.get('[data-testid="auth-needed"]').attributes('href')).toContain('/sign-in');
  });
});
