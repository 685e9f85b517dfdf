import { randomUUID } from 'node:crypto';
import { endpoints, type Dialect } from '../../../src-shared/api/index.js';
import type { MirrorStore } from '../../../src-shared/store/index.js';
import { isAbort } from '../abort.js';
import type { Clock, Sleep } from '../clock.js';
import type { Connectivity } from '../http/connectivity.js';
import type { RequestRunner } from '../http/request-runner.js';
import { backoffDelay, type BackoffOptions } from '../http/retry-timing.js';
import type { Logger } from '../logger.js';
import type { SyncSettings } from '../settings/sync-settings.js';
import { createPageBudget } from './page-budget.js';
import type { ProgressMeter } from './engine-progress.js';
import { planDue, waitingTier } from './due-plan.js';
import { continuingTier, passTier, requestPriority, shouldYield, type PassTier } from './pass-order.js';
import { runPass } from './run-pass.js';
import type { PassMode } from './schedule.js';
import { classifyScopeFailure, failedState } from './scope-failure.js';
import { hasChildren } from './scope-plan.js';
import type { ScopeRegistry, ScopeRuntime } from './scope-registry.js';

export interface SchedulerOptions {
  readonly registry: ScopeRegistry;
  readonly meter: ProgressMeter;
  readonly runner: RequestRunner;
  readonly connectivity: Connectivity;
  readonly store: MirrorStore;
  readonly baseUrl: string;
  readonly dialect: Dialect;
  readonly clock: Clock;
  readonly sleep: Sleep;
  readonly log: Logger;
  readonly settings: () => SyncSettings;
  readonly random: () => number;
  readonly newId?: () => string;
  /** Waits between reachability probes while offline. */
  readonly offlineBackoff: BackoffOptions;
  readonly onChange: () => void;
}

/**
 * Decides which scopes run when, in the order of `orderPasses` (the list on screen,
 * first pages, lists mirrored before, deep pages of big first passes), at most
 * `parallelScopes` at once; a running full pass yields its slot after its current
 * pages when a more urgent scope waits; probes with backoff while offline; stands
 * still while no window can store pages.
 */
export interface Scheduler {
  /** Starts the planning loop. */
  start(): void;
  /** Cancels every pass (their checkpoints stay) and ends the loop. */
  stop(): Promise<void>;
  /** Plans again now (settings, focus or connectivity changed, a scope was asked for). */
  wake(): void;
  /** The next offline probe goes at once. */
  resetProbes(): void;
  /** Resolves when nothing runs and nothing is due. */
  whenSettled(): Promise<void>;
  /** Aborts when the engine stops. */
  readonly signal: AbortSignal;
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  const { registry, runner, connectivity, store, clock, log } = options;
  const runtimes = registry.runtimes;
  const newId = options.newId ?? randomUUID;
  const stopper = new AbortController();
  const settledWaiters: (() => void)[] = [];
  const passes = new Set<Promise<void>>();
  let wakeController = new AbortController();
  let loop: Promise<void> | null = null;
  let offlineProbes = 0;
  let storeLost = false;
  // The most urgent tier left waiting at the last plan: a running pass of a worse tier
  // yields to it. Cleared by the first pass that yields, so one waiting scope frees one slot.
  let waiting: PassTier | null = null;
  // One page being written per running list and the prefetch depth to spare: more
  // would only wait in main's heap for the renderer.
  const pageBudget = createPageBudget(() => {
    const { parallelScopes, prefetchPages } = options.settings();
    return parallelScopes + prefetchPages;
  });

  const wake = () => {
    wakeController.abort();
    wakeController = new AbortController();
  };
  const settle = () => {
    for (const resolve of settledWaiters.splice(0)) resolve();
  };
  const idle = () => [...runtimes.values()].every((rt) => rt.running === null);
  const tierOf = (rt: ScopeRuntime) => passTier(rt.state, registry.isFocused(rt.state.scope));
  const slotsFull = () => [...runtimes.values()].filter((rt) => rt.running !== null).length >= options.settings().parallelScopes;
  const yieldWhen = (rt: ScopeRuntime) => () => {
    if (!slotsFull() || !shouldYield(continuingTier(rt.state, registry.isFocused(rt.state.scope)), waiting)) return false;
    waiting = null;
    return true;
  };

  async function waitForWake(ms: number): Promise<void> {
    const signal = AbortSignal.any([wakeController.signal, stopper.signal]);
    try {
      await options.sleep(Math.max(0, ms), signal);
    } catch (error) {
      if (!isAbort(error)) throw error;
    }
  }

  async function runScope(rt: ScopeRuntime, mode: PassMode): Promise<void> {
    const controller = new AbortController();
    const signal = AbortSignal.any([controller.signal, stopper.signal]);
    rt.running = controller;
    rt.state = { ...rt.state, status: 'syncing' };
    registry.started(rt.state.scope);
    options.onChange();
    const endpoint = endpoints[rt.state.endpoint];
    try {
      const result = await runPass(
        {
          runner, store, clock, signal,
          baseUrl: options.baseUrl,
          dialect: options.dialect,
          prefetch: options.settings().prefetchPages,
          budget: pageBudget,
          newPassId: newId,
          priority: () => requestPriority(tierOf(rt)),
          yieldWhen: yieldWhen(rt),
          onPage: (state, rows) => {
            rt.state = state;
            options.meter.noteWrite(rows);
            options.onChange();
          },
        },
        rt.state,
        mode,
      );
      rt.state = result.state;
      rt.failures = 0;
      log.debug(result.yielded ? 'pass yielded' : 'pass finished', { scope: rt.state.scope, mode: result.mode, pages: result.pages, rows: result.rows, deleted: result.deleted });
      if (!result.yielded && hasChildren(endpoint.id) && runtimes.get(rt.state.scope) === rt) await registry.discover(rt, result.mode === 'full');
    } catch (error) {
      const failure = classifyScopeFailure(endpoint, error);
      const next = failedState(rt.state, failure, new Date(clock.now()).toISOString(), isAbort(error));
      rt.state = next.state;
      if (next.storeLost) storeLost = true;
      if (rt.state.status === 'error') {
        rt.failures += 1;
        log.warn('pass failed', { scope: rt.state.scope, code: failure.code, message: failure.message });
      }
      if (failure.kind !== 'paused' && failure.kind !== 'offline') await registry.save([rt.state]);
    } finally {
      rt.running = null;
      options.onChange();
      wake();
    }
  }

  async function schedule(): Promise<void> {
    while (!stopper.signal.aborted) {
      if (storeLost) {
        for (const rt of runtimes.values()) rt.running?.abort();
        if (idle()) settle();
        await waitForWake(60_000);
        continue;
      }
      if (!connectivity.online()) {
        // Offline: no pass could succeed. Probe with backoff until the server answers.
        offlineProbes += 1;
        const online = await runner.probe(stopper.signal).catch(() => false);
        options.onChange();
        if (!online) await waitForWake(backoffDelay(offlineProbes, options.random(), options.offlineBackoff));
        continue;
      }
      offlineProbes = 0;
      const settings = options.settings();
      const now = clock.now();
      const { due, nextAt, running: alreadyRunning } = planDue(registry, settings, now, options.random);
      let running = alreadyRunning;
      while (running < settings.parallelScopes && due.length > 0) {
        const rt = due.shift()!;
        running += 1;
        const pass: Promise<void> = runScope(rt, rt.next!.mode)
          .catch((error: unknown) => log.error('pass bookkeeping failed', { scope: rt.state.scope, message: (error as Error).message }))
          .finally(() => passes.delete(pass));
        passes.add(pass);
      }
      waiting = waitingTier(due, registry.isFocused);
      options.onChange();
      if (due.length === 0 && idle()) settle();
      // Re-plan at least every minute: settings and clocks change.
      await waitForWake(due.length > 0 ? 60_000 : Math.min(nextAt - now, 60_000));
    }
  }

  return {
    start() {
      loop = schedule().catch((error: unknown) => {
        if (!isAbort(error)) log.error('sync scheduler stopped', { message: (error as Error).message });
      });
    },
    async stop() {
      stopper.abort();
      for (const rt of runtimes.values()) rt.running?.abort();
      await loop;
      await Promise.allSettled([...passes]);
      settle();
    },
    wake,
    resetProbes() {
      offlineProbes = 0;
    },
    whenSettled() {
      return new Promise<void>((resolve) => {
        settledWaiters.push(resolve);
        wake();
      });
    },
    signal: stopper.signal,
  };
}
