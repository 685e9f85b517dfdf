import type { ScopeProgress } from '../../../src-shared/bridge/index.js';
import { lastCompletedAt, rowsSoFar, type ScopeState } from '../../../src-shared/store/index.js';
import type { ScheduledRun } from './schedule.js';

/** One scope as the status bar and the sync view show it. */
export function scopeProgress(state: ScopeState, running: boolean, next: ScheduledRun | null, now: number): ScopeProgress {
  return {
    scope: state.scope,
    endpoint: state.endpoint,
    // A pass saved as syncing but not running now (interrupted) waits for its turn.
    status: running ? 'syncing' : state.status === 'syncing' ? 'queued' : state.status,
    pages: state.pass?.pages ?? 0,
    rows: rowsSoFar(state),
    lastSuccessAt: lastCompletedAt(state),
    lastError: state.lastError?.message ?? null,
    reason: state.reason,
    nextRunAt: running || next === null ? null : new Date(Math.max(next.at, now)).toISOString(),
  };
}
