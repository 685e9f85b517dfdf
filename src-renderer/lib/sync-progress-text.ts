import type { AreaSync } from '../composables/use-area-sync.js';
import { formatAgo } from './format.js';

/** Seconds as a user reads a wait: "40 s", "3 min", "1 h 20 min". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/**
 * The time left of a sync in words. A lower bound says "at least": the sizes of lists
 * not mirrored yet are unknown (the API gives no totals).
 */
export function formatTimeLeft(seconds: number | null, lowerBound: boolean): string {
  if (seconds === null) return 'time left unknown';
  if (seconds < 1) return lowerBound ? 'time left not known yet' : 'almost done';
  return `${lowerBound ? 'at least' : 'about'} ${formatDuration(seconds)} left`;
}

/** An area's sync in a few words: mirroring with its rows so far, or when it last completed. */
export function areaSyncText(sync: AreaSync | undefined, now: number): string {
  if (!sync) return 'not synced yet';
  if (sync.lastSyncedAt === null && sync.mirroring > 0) {
    return sync.rows > 0 ? `mirroring… ${sync.rows.toLocaleString()} rows so far` : 'waiting to be mirrored';
  }
  return `synced ${formatAgo(sync.lastSyncedAt, now)}`;
}

/** "Last synced" of the whole workspace: only a sync that completed counts. */
export function lastSyncedText(at: string | null, running: boolean, now: number): string {
  if (at !== null) return `Last synced ${formatAgo(at, now)}`;
  return running ? 'First sync under way' : 'Not completely synced yet';
}

/** Why a sync stands still while the request budget is spent, or null when it is not. */
export function budgetWaitText(seconds: number | undefined): string | null {
  return seconds && seconds > 0 ? `request budget spent, next request in ${formatDuration(seconds)}` : null;
}
