import type { ScopeState } from './records.js';

/**
 * How far a list is synced, read from its saved state. Main (overall progress, the
 * status event) and the renderer (side navigation, Home's area cards, the status bar)
 * both answer "last synced" and "rows so far" with these, so they never disagree.
 */

/**
 * How far before its marks a delta asks for rows again (main's pass-urls.ts), so that rows
 * committed late or stamped in the same instant are not missed. The store finds those rows
 * again by it (chunk-writes.ts, `changedRows`).
 */
export const DELTA_OVERLAP_MS = 2_000;

/** A list the workspace refuses or does not offer: it never syncs and does not hold "synced" back. */
export function isInactive(state: ScopeState): boolean {
  return state.status === 'not-permitted' || state.status === 'not-available';
}

/** Rows a list holds, counting the pages of a first pass still running. */
export function rowsSoFar(state: ScopeState): number {
  return Math.max(state.rowCount ?? 0, state.pass?.rows ?? 0);
}

/**
 * The later of the list's last full and delta pass: its last completed sync, or null.
 * Compared as instants, not as text (offsets and fraction digits differ).
 */
export function lastCompletedAt(state: ScopeState): string | null {
  const { lastFullAt, lastDeltaAt } = state;
  if (lastFullAt === null) return lastDeltaAt;
  if (lastDeltaAt === null) return lastFullAt;
  return Date.parse(lastDeltaAt) > Date.parse(lastFullAt) ? lastDeltaAt : lastFullAt;
}

/**
 * When the lists were last all synced: the oldest of their last completed syncs, or
 * null while any active list has never completed one (a first sync is under way).
 */
export function completeSyncAt(states: readonly ScopeState[]): string | null {
  let oldest: string | null = null;
  for (const state of states) {
    if (isInactive(state)) continue;
    const last = lastCompletedAt(state);
    if (last === null) return null;
    if (oldest === null || Date.parse(last) < Date.parse(oldest)) oldest = last;
  }
  return oldest;
}
