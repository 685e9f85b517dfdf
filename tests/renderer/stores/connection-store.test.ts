import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../../src-shared/bridge/index.js';
import { useConnectionStore } from '../../../src-renderer/stores/connection-store.js';
import { useSyncStore } from '../../../src-renderer/stores/sync-store.js';
import { eventually, fakeBridge, storeContext } from '../helpers/renderer-context.js';

const overall = { lists: 0, mirrored: 0, mirroring: 0, rows: 0, requests: 0, requestsLeft: 0, timeLeftSeconds: null, timeLeftIsLowerBound: false, budgetWaitSeconds: 0, areas: [] };
const status: SyncStatus = { online: true, authNeeded: false, running: false, rowsMirrored: 0, rowsPerSecond: 0, requestsUsed: 0, requestBudget: 90, lastSyncedAt: null, overall, scopes: [] };
const info = { mode: 'demo', workspaceName: 'Acme', baseUrl: 'http://127.0.0.1:1', version: '1', shell: 'harness' } as const;

describe('the connection store', () => {
  it('is online only while the bridge is up and main reaches the workspace', () => {
    const { pinia } = storeContext();
    const connection = useConnectionStore(pinia);
    expect(connection.online).toBe(false);
    useSyncStore(pinia).apply(status);
    expect(connection.online).toBe(true);
    connection.setLinked(false);
    expect(connection.online).toBe(false);
    useSyncStore(pinia).apply({ ...status, online: false });
    connection.linked = true;
    expect(connection.online).toBe(false);
  });

  it('does not know the workspace’s reach before main’s first status, and knows the bridge is down', () => {
    const { pinia } = storeContext();
    const connection = useConnectionStore(pinia);
    expect(connection.reach).toBe('unknown');
    useSyncStore(pinia).apply(status);
    expect(connection.reach).toBe('online');
    useSyncStore(pinia).apply({ ...status, online: false });
    expect(connection.reach).toBe('offline');
    useSyncStore(pinia).apply(status);
    connection.setLinked(false);
    expect(connection.reach).toBe('offline');
  });

  it('does not know the reach of a workspace that still starts, and calls one waiting for its secret offline', () => {
    const { pinia } = storeContext();
    const connection = useConnectionStore(pinia);
    // Main's placeholder while the workspace just connected starts: no engine has reported.
    const { overall: _, ...starting } = { ...status, online: false };
    useSyncStore(pinia).apply(starting);
    expect(connection.reach).toBe('unknown');
    useSyncStore(pinia).apply({ ...starting, authNeeded: true });
    expect(connection.reach).toBe('offline');
    useSyncStore(pinia).apply(status);
    expect(connection.reach).toBe('online');
  });

  it('says when the workspace refused the credentials', () => {
    const { pinia } = storeContext();
    const connection = useConnectionStore(pinia);
    expect(connection.authNeeded).toBe(false);
    useSyncStore(pinia).apply({ ...status, authNeeded: true });
    expect(connection.authNeeded).toBe(true);
  });

  it('asks main again for the app and the sync status when the bridge comes back', async () => {
    const fake = fakeBridge({ 'app.info': info, 'sync.status': status });
    const { pinia } = storeContext(undefined, fake.bridge);
    const connection = useConnectionStore(pinia);
    connection.setLinked(false);
    expect(fake.calls).toEqual([]);
    connection.setLinked(true);
    await eventually(() => expect(connection.info).toEqual(info));
    expect(fake.calls.map((c) => c.name).sort()).toEqual(['app.info', 'sync.status']);
    await eventually(() => expect(useSyncStore(pinia).status).toEqual(status));
  });

  it('hands main a new secret under the name of its kind', async () => {
    const fake = fakeBridge({ 'auth.update': { accepted: true } });
    const { pinia } = storeContext(undefined, fake.bridge);
    const connection = useConnectionStore(pinia);
    expect(await connection.updateCredentials('token', 'abc')).toEqual({ ok: true, data: { accepted: true } });
    await connection.updateCredentials('clientSecret', 's3cret');
    expect(fake.calls).toEqual([
      { name: 'auth.update', arg: { token: 'abc' } },
      { name: 'auth.update', arg: { clientSecret: 's3cret' } },
    ]);
  });
});
