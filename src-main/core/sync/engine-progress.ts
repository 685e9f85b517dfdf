import type { ScopeProgress } from '../../../src-shared/bridge/index.js';
import type { Clock } from '../clock.js';
import type { ScopeRuntime } from './scope-registry.js';
import { completeSyncAt, rowsSoFar, type ScopeState } from '../../../src-shared/store/index.js';
import { scopeProgress } from './scope-progress.js';

/** What the engine reports: every scope, the rows mirrored, and how fast rows are written now. */
export interface EngineProgress {
  readonly running: boolean;
  readonly rowsMirrored: number;
  readonly rowsPerSecond: number;
  /** When every list last completed a pass (see completeSyncAt); null during a first sync. */
  readonly lastSyncedAt: string | null;
  /** Pages stored since the engine started. */
  readonly requests: number;
  /** Every scope's state and whether a pass of it runs now (for the workspace's progress). */
  readonly states: readonly { readonly state: ScopeState; readonly running: boolean }[];
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
  let pages = 0;

  return {
    noteWrite(rows) {
      const now = clock.now();
      pages += 1;
      writes.push({ at: now, rows });
      while (writes.length > 0 && writes[0]!.at < now - RATE_WINDOW_MS) writes.shift();
    },

    progress(runtimes) {
      const now = clock.now();
      const scopes: ScopeProgress[] = [];
      const states: { state: ScopeState; running: boolean }[] = [];
      let rows = 0;
      let running = false;
      for (const rt of runtimes) {
        scopes.push(scopeProgress(rt.state, rt.running !== null, rt.next, now));
        states.push({ state: rt.state, running: rt.running !== null });
        rows += rowsSoFar(rt.state);
        running ||= rt.running !== null;
      }
      const recent = writes.filter((w) => w.at >= now - RATE_WINDOW_MS);
      const span = recent.length > 0 ? Math.max(1_000, now - recent[0]!.at) : 1_000;
      const rowsPerSecond = Math.round((recent.reduce((sum, w) => sum + w.rows, 0) * 1000) / span);
      const lastSyncedAt = completeSyncAt(states.map((s) => s.state));
      return { running, rowsMirrored: rows, rowsPerSecond: running ? rowsPerSecond : 0, lastSyncedAt, requests: pages, states, scopes };
    },
  };
}
