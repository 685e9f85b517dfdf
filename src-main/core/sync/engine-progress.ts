import type { ScopeProgress } from '../../../src-shared/bridge/index.js';
import type { Clock } from '../clock.js';
import type { ScopeRuntime } from './scope-registry.js';
import { lastSuccessOf, rowsOf, scopeProgress } from './scope-progress.js';

/** What the engine reports: every scope, the rows mirrored, and how fast rows are written now. */
export interface EngineProgress {
  readonly running: boolean;
  readonly rowsMirrored: number;
  readonly rowsPerSecond: number;
  readonly lastSyncedAt: string | null;
  readonly scopes: readonly ScopeProgress[];
}

/** The engine's progress over its scopes, with the write rate of the last few seconds. */
export interface ProgressMeter {
  /** A page of `rows` rows was stored now. */
  noteWrite(rows: number): void;
  progress(runtimes: Iterable<ScopeRuntime>): EngineProgress;
}

/** The rate is measured over this window: long enough to be steady, short enough to follow a stall. */
const RATE_WINDOW_MS = 5_000;

export function createProgressMeter(clock: Clock): ProgressMeter {
  const writes: { at: number; rows: number }[] = [];

  return {
    noteWrite(rows) {
      const now = clock.now();
      writes.push({ at: now, rows });
      while (writes.length > 0 && writes[0]!.at < now - RATE_WINDOW_MS) writes.shift();
    },

    progress(runtimes) {
      const now = clock.now();
      const scopes: ScopeProgress[] = [];
      let rows = 0;
      let running = false;
      let lastSynced: string | null = null;
      for (const rt of runtimes) {
        scopes.push(scopeProgress(rt.state, rt.running !== null, rt.next, now));
        rows += rowsOf(rt.state);
        running ||= rt.running !== null;
        const last = lastSuccessOf(rt.state);
        if (last !== null && (lastSynced === null || Date.parse(last) > Date.parse(lastSynced))) lastSynced = last;
      }
      const recent = writes.filter((w) => w.at >= now - RATE_WINDOW_MS);
      const span = recent.length > 0 ? Math.max(1_000, now - recent[0]!.at) : 1_000;
      const rowsPerSecond = Math.round((recent.reduce((sum, w) => sum + w.rows, 0) * 1000) / span);
      return { running, rowsMirrored: rows, rowsPerSecond: running ? rowsPerSecond : 0, lastSyncedAt: lastSynced, scopes };
    },
  };
}
