import type { SyncStatus } from '../../../src-shared/bridge/index.js';
import type { Connectivity } from '../http/connectivity.js';
import type { RequestGate } from '../http/request-gate.js';
import type { EngineProgress } from '../sync/sync-engine.js';
import { workspaceProgress } from '../sync/workspace-progress.js';

export interface SyncStatusSources {
  readonly connectivity: Pick<Connectivity, 'online'>;
  readonly gate: Pick<RequestGate, 'used' | 'budget'> & Partial<Pick<RequestGate, 'waitFor'>>;
  /** True while the workspace waits for a new token. */
  readonly authNeeded: () => boolean;
  /** The running engine's progress, or null while no window serves the store. */
  readonly progress: () => EngineProgress | null;
}

const noProgress: EngineProgress = { running: false, rowsMirrored: 0, rowsPerSecond: 0, lastSyncedAt: null, requests: 0, states: [], scopes: [] };

/**
 * Builds the `sync.status` the renderer shows. Without an engine (no window, or between
 * two) the last progress is shown as paused, so the counts do not drop to zero.
 */
export function createSyncStatus(sources: SyncStatusSources): () => SyncStatus {
  let lastProgress = noProgress;
  return () => {
    const live = sources.progress();
    if (live) lastProgress = live;
    const progress = live ?? { ...lastProgress, running: false, rowsPerSecond: 0 };
    const authNeeded = sources.authNeeded();
    const held = authNeeded || !live;
    const requestsUsed = sources.gate.used();
    const requestBudget = sources.gate.budget();
    const overall = workspaceProgress({
      states: progress.states,
      rowsPerSecond: progress.rowsPerSecond,
      requests: progress.requests,
      budgetPerMinute: requestBudget,
      budgetUsed: requestsUsed,
      ...(sources.gate.waitFor ? { budgetWait: sources.gate.waitFor } : {}),
    });
    return {
      online: sources.connectivity.online(),
      authNeeded,
      running: progress.running && !authNeeded,
      rowsMirrored: progress.rowsMirrored,
      rowsPerSecond: progress.rowsPerSecond,
      requestsUsed,
      requestBudget,
      lastSyncedAt: progress.lastSyncedAt,
      overall,
      scopes: progress.scopes.map((s) => (held && s.status === 'syncing' ? { ...s, status: 'paused' } : s)),
    };
  };
}
