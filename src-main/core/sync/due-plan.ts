import { endpoints } from '../../../src-shared/api/index.js';
import { rowsSoFar } from '../../../src-shared/store/index.js';
import type { SyncSettings } from '../settings/sync-settings.js';
import { bestTier, orderPasses, passTier, type PassTier } from './pass-order.js';
import { nextRun } from './schedule.js';
import type { ScopeRegistry, ScopeRuntime } from './scope-registry.js';

/** What is due now, in the order it should start. */
export interface DuePlan {
  readonly due: ScopeRuntime[];
  /** Passes running now. */
  readonly running: number;
  /** When the next scope not yet due falls due (Infinity: none). */
  readonly nextAt: number;
}

/**
 * Plans every scope's next run (stored on the runtime) and orders the due ones by
 * `orderPasses`: the list on screen, then first pages (areas without rows first), then
 * lists mirrored before, then the deep pages of big first passes.
 */
export function planDue(registry: ScopeRegistry, settings: SyncSettings, now: number, random: () => number): DuePlan {
  const areasWithRows = new Set<string>();
  for (const rt of registry.runtimes.values()) {
    if (rowsSoFar(rt.state) > 0) areasWithRows.add(endpoints[rt.state.endpoint].area);
  }
  const candidates: { rt: ScopeRuntime; state: ScopeRuntime['state']; focused: boolean; dueAt: number; areaHasRows: boolean }[] = [];
  let nextAt = Number.POSITIVE_INFINITY;
  let running = 0;
  for (const rt of registry.runtimes.values()) {
    if (rt.running) {
      running += 1;
      continue;
    }
    const force = registry.forcedMode(rt.state.scope);
    rt.next = force && rt.state.status !== 'not-permitted' ? { mode: force, at: 0 } : nextRun(rt.state, settings, rt.failures, random());
    if (rt.next === null || (settings.paused && !force)) continue;
    if (rt.next.at > now) {
      nextAt = Math.min(nextAt, rt.next.at);
      continue;
    }
    const areaHasRows = areasWithRows.has(endpoints[rt.state.endpoint].area);
    candidates.push({ rt, state: rt.state, focused: registry.isFocused(rt.state.scope), dueAt: rt.next.at, areaHasRows });
  }
  return { due: orderPasses(candidates).map((c) => c.rt), running, nextAt };
}

/** The best tier among scopes left waiting (null: none waits). */
export function waitingTier(waiting: readonly ScopeRuntime[], isFocused: (scope: string) => boolean): PassTier | null {
  let best: PassTier | null = null;
  for (const rt of waiting) best = bestTier(best, passTier(rt.state, isFocused(rt.state.scope)));
  return best;
}
