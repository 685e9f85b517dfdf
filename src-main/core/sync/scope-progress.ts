import type { ScopeProgress } from '../../../src-shared/bridge/index.js';
import type { ScopeState } from '../../../src-shared/store/index.js';
import type { ScheduledRun } from './schedule.js';

/** Rows a scope holds, counting the pages of a first pass still running. */
export function rowsOf(state: ScopeState): number {
  return state.pass ? Math.max(state.rowCount, state.pass.rows) : state.rowCount;
}

/** The later of the last full and delta pass, or null. */
export function lastSuccessOf(state: ScopeState): string | null {
  const { lastFullAt, lastDeltaAt } = state;
  if (lastFullAt === null) return lastDeltaAt;
  if (lastDeltaAt === null) return lastFullAt;
  return Date.parse(lastDeltaAt) > Date.parse(lastFullAt) ? lastDeltaAt : lastFullAt;
}

/** One scope as the status bar and the sync view show it. */
export function scopeProgress(state: ScopeState, running: boolean, next: ScheduledRun | null, now: number): ScopeProgress {
  return {
    scope: state.scope,
    endpoint: state.endpoint,
    // A pass saved as syncing but not running now (interrupted) waits for its turn.
    status: running ? 'syncing' : state.status === 'syncing' ? 'queued' : state.status,
    pages: state.pass?.pages ?? 0,
    rows: rowsOf(state),
    lastSuccessAt: lastSuccessOf(state),
    lastError: state.lastError?.message ?? null,
    reason: state.reason,
    nextRunAt: running || next === null ? null : new Date(Math.max(next.at, now)).toISOString(),
  };
}
