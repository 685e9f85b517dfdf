import { describe, expect, it } from 'vitest';
import type { ScopeProgress } from '../../../../src-shared/bridge/index.js';
import { createSyncStatus } from '../../../../src-main/core/status/sync-status.js';
import type { EngineProgress } from '../../../../src-main/core/sync/sync-engine.js';

const scope = (status: ScopeProgress['status']): ScopeProgress => ({
  scope: 'E20:', endpoint: 'E20', status, pages: 1, rows: 10, lastSuccessAt: null, lastError: null, reason: null, nextRunAt: null,
});
const running: EngineProgress = {
  running: true, rowsMirrored: 10, rowsPerSecond: 100, lastSyncedAt: '2026-01-01T00:00:00.000Z', requests: 3,
  states: [], scopes: [scope('syncing'), scope('idle')],
};

function setup() {
  const state = { online: true, authNeeded: false, progress: running as EngineProgress | null };
  const build = createSyncStatus({
    connectivity: { online: () => state.online },
    gate: { used: () => 7, budget: () => 100 },
    authNeeded: () => state.authNeeded,
    progress: () => state.progress,
  });
  return { state, build };
}

describe('the sync status', () => {
  it('shows the running engine as it is', () => {
    const { build } = setup();
    expect(build()).toEqual({
      online: true, authNeeded: false, running: true, rowsMirrored: 10, rowsPerSecond: 100, requestsUsed: 7, requestBudget: 100,
      lastSyncedAt: running.lastSyncedAt, scopes: [scope('syncing'), scope('idle')],
      overall: { lists: 0, mirrored: 0, mirroring: 0, rows: 0, requests: 3, requestsLeft: 0, timeLeftSeconds: 0, timeLeftIsLowerBound: false, budgetWaitSeconds: 0, areas: [] },
    });
  });

  it('shows syncing scopes as paused while a token is awaited', () => {
    const { state, build } = setup();
    state.authNeeded = true;
    expect(build()).toMatchObject({ authNeeded: true, running: false, scopes: [scope('paused'), scope('idle')] });
  });

  it('keeps the last counts, paused, while no engine runs', () => {
    const { state, build } = setup();
    build();
    state.progress = null;
    state.online = false;
    expect(build()).toMatchObject({ online: false, running: false, rowsMirrored: 10, rowsPerSecond: 0, scopes: [scope('paused'), scope('idle')] });
  });
});
