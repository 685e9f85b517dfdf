import { endpoints } from '../../../src-shared/api/index.js';
import type { ScopeState } from '../../../src-shared/store/index.js';
import { backoffDelay } from '../http/retry-timing.js';
import type { SyncSettings } from '../settings/sync-settings.js';

export type PassMode = 'full' | 'delta';

export interface ScheduledRun {
  readonly mode: PassMode;
  /** Epoch ms when the run is due (may be in the past: due now). */
  readonly at: number;
}

const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/**
 * When a scope should sync next, and how. Null when it should not (not permitted: a
 * new token re-decides). An interrupted pass resumes at once; a list never mirrored
 * gets a full pass at once; a failing list retries with backoff; a list not available
 * is asked again at the full interval; otherwise deltas between full passes.
 * @param failures consecutive failed runs of the scope.
 */
export function nextRun(state: ScopeState, settings: SyncSettings, failures: number, random: number): ScheduledRun | null {
  if (state.status === 'not-permitted') return null;
  const fullEvery = settings.fullIntervalMinutes * 60_000;
  const deltaEvery = settings.deltaIntervalMinutes * 60_000;
  const lastFull = ms(state.lastFullAt);
  if (state.status === 'not-available') {
    const since = ms(state.lastError?.at ?? null) ?? lastFull ?? 0;
    return { mode: 'full', at: since + fullEvery };
  }
  if (state.status === 'error' && failures > 0) {
    const since = ms(state.lastError?.at ?? null) ?? 0;
    const mode: PassMode = state.pass?.mode ?? (lastFull === null ? 'full' : 'delta');
    return { mode, at: since + backoffDelay(failures, random, { baseMs: 5_000, maxMs: Math.max(deltaEvery, 60_000) }) };
  }
  if (state.pass !== null) return { mode: state.pass.mode, at: 0 };
  if (lastFull === null) return { mode: 'full', at: 0 };
  const fullAt = lastFull + fullEvery;
  const canDelta = endpoints[state.endpoint].query.creationDateTime?.filter === true && state.highWater.created !== null;
  const lastAny = Math.max(lastFull, ms(state.lastDeltaAt) ?? 0);
  const deltaAt = lastAny + deltaEvery;
  if (fullAt <= deltaAt) return { mode: 'full', at: fullAt };
  // A list that cannot be asked for changes is small enough to re-read whole.
  return { mode: canDelta ? 'delta' : 'full', at: deltaAt };
}
