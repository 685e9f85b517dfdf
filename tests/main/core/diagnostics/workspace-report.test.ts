import { describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../../../src-shared/bridge/index.js';
import type { OutboxEntry } from '../../../../src-shared/outbox/index.js';
import type { ScopeState } from '../../../../src-shared/store/index.js';
import { workspaceReport } from '../../../../src-main/core/diagnostics/workspace-diagnostics.js';

const STATUS: SyncStatus = { online: true, authNeeded: false, running: false, rowsMirrored: 0, rowsPerSecond: 0, requestsUsed: 3, requestBudget: 100, lastSyncedAt: null, scopes: [] };
const entry = (id: string, state: string) => ({ id, state, attempts: 1, lastError: null, updatedAt: '2026-01-01T00:00:00Z', edit: { kind: 'patchUser' } }) as unknown as OutboxEntry;
const scope = (endpoint: string, rowCount: number) => ({ scope: `${endpoint}:x`, endpoint, status: 'idle', rowCount }) as unknown as ScopeState;
const info = () => ({ workspaceName: 'acme', mode: 'remote' as const, baseUrl: 'https://acme.example' });

describe('a workspace report', () => {
  it('counts what an update must wait for: edits on the wire and edits whose fate is unknown', () => {
    const entries = [entry('a', 'sending'), entry('b', 'uncertain'), entry('c', 'uncertain'), entry('d', 'queued'), entry('e', 'sent')];
    const report = workspaceReport({ outbox: { entries: () => entries, loaded: () => false }, scopes: () => null, info, status: () => STATUS });
    expect(report.outboxState()).toEqual({ loaded: false, sending: 1, uncertain: 2 });
  });

  it('takes the cache figures from the window while one serves the workspace, and leaves them out when its database fails', async () => {
    const outbox = { entries: () => [entry('a', 'uncertain')], loaded: () => true };
    const served = workspaceReport({ outbox, scopes: async () => [scope('E1', 4), scope('E1', 6), scope('E20', 1)], info, status: () => STATUS });
    const withCache = await served.diagnostics();
    expect(withCache.cache).toEqual({ lists: 3, rows: 11, byStatus: { idle: 3 }, byEndpoint: { E1: { lists: 2, rows: 10 }, E20: { lists: 1, rows: 1 } } });
    expect(withCache.outbox.problems.map((p) => p.id)).toEqual(['a']);
    const failing = workspaceReport({ outbox, scopes: () => Promise.reject(new Error('database closed')), info, status: () => STATUS });
    expect((await failing.diagnostics()).cache).toBeNull();
    const windowless = workspaceReport({ outbox, scopes: () => null, info, status: () => STATUS });
    expect((await windowless.diagnostics()).cache).toBeNull();
  });
});
