import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../../src-shared/bridge/index.js';
import { useSyncStore } from '../../../src-renderer/stores/sync-store.js';
import { eventually, fakeBridge, storeContext } from '../helpers/renderer-context.js';

const idle: SyncStatus = { online: true, authNeeded: false, running: false, rowsMirrored: 0, rowsPerSecond: 0, requestsUsed: 0, requestBudget: 90, lastSyncedAt: null, scopes: [] };
const scope = (key: string, state: SyncStatus['scopes'][number]['status']) => ({ scope: key, endpoint: key.split(':')[0]!, status: state, pages: 0, rows: 0, lastSuccessAt: null, lastError: null, reason: null, nextRunAt: null });

describe('the sync store', () => {
  it('follows main’s status: progress over the lists that can sync, the list syncing, the lists that failed', async () => {
    const fake = fakeBridge({ 'sync.status': idle });
    const { pinia } = storeContext(undefined, fake.bridge);
    const sync = useSyncStore(pinia);
    sync.listen();
    await eventually(() => expect(sync.status).toEqual(idle));
    fake.emit('sync.status', { ...idle, running: true, scopes: [scope('E18:', 'syncing'), scope('E20:', 'idle'), scope('E21:', 'error'), scope('E9:', 'not-permitted')] });
    expect(sync.running).toBe(true);
    expect(sync.progress).toBeCloseTo(2 / 3);
    expect(sync.currentScope?.scope).toBe('E18:');
    expect(sync.errorScopes.map((s) => s.scope)).toEqual(['E21:']);
  });

  it('lists main’s notices newest first, with the toast’s words, until dismissed', () => {
    const fake = fakeBridge();
    const { pinia } = storeContext(undefined, fake.bridge);
    const sync = useSyncStore(pinia);
    sync.listen();
    fake.emit('notice', { level: 'warning', message: 'The token expires soon' });
    fake.emit('notice', { level: 'error', message: 'The workspace refused the token' });
    expect(sync.notices.map((n) => [n.message, n.toast.title, n.toast.content])).toEqual([
      ['The workspace refused the token', 'Something needs you', 'The workspace refused the token'],
      ['The token expires soon', 'Outpost', 'The token expires soon'],
    ]);
    sync.dismiss(sync.notices[0]!.id);
    expect(sync.notices.map((n) => n.message)).toEqual(['The token expires soon']);
  });

  it('says so when a sync cannot start', async () => {
    const { pinia } = storeContext();
    const sync = useSyncStore(pinia);
    await sync.syncNow(['E18:']);
    expect(sync.notices.map((n) => [n.level, n.message])).toEqual([['error', 'Sync could not start: sync.now not under test']]);
  });

  it('asks main to sync, focus and re-read exactly what it is given', async () => {
    const fake = fakeBridge({ 'sync.now': { started: true }, 'sync.focus': { ok: true }, 'participation.refresh': { found: false } });
    const { pinia } = storeContext(undefined, fake.bridge);
    const sync = useSyncStore(pinia);
    await sync.syncNow();
    await sync.syncNow(['E18:']);
    await sync.focus(Array.from({ length: 250 }, (_, i) => `E1:${i}`));
    const ids = { moduleId: 'm', calendarId: 'c', participationId: 'p' };
    expect(await sync.refreshParticipation(ids)).toEqual({ ok: true, data: { found: false } });
    expect(fake.calls.map((c) => c.name)).toEqual(['sync.now', 'sync.now', 'sync.focus', 'participation.refresh']);
    expect(fake.calls[0]!.arg).toEqual({});
    expect(fake.calls[1]!.arg).toEqual({ scopes: ['E18:'] });
    expect((fake.calls[2]!.arg as { scopes: string[] }).scopes).toHaveLength(200);
    expect(fake.calls[3]!.arg).toEqual(ids);
    expect(sync.notices).toEqual([]);
  });
});
