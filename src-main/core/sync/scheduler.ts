import { randomUUID } from 'node:crypto';
import { endpoints, type Dialect } from '../../../src-shared/api/index.js';
import type { MirrorStore } from '../../../src-shared/store/index.js';
import { isAbort, wakeAndRenew } from '../abort.js';
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

/** The scheduler's mutable state, shared by the steps below. */
interface SchedulerState {
  readonly options: SchedulerOptions;
  readonly newId: () => string;
  readonly stopper: AbortController;
  readonly settledWaiters: (() => void)[];
  readonly passes: Set<Promise<void>>;
  readonly pageBudget: ReturnType<typeof createPageBudget>;
  wakeController: AbortController;
  offlineProbes: number;
  storeLost: boolean;
  // The most urgent tier left waiting at the last plan: a running pass of a worse tier
  // yields to it. Cleared by the first pass that yields, so one waiting scope frees one slot.
  waiting: PassTier | null;
}

/** Cuts the planning loop's wait short. */
function wake(s: SchedulerState): void {
  s.wakeController = wakeAndRenew(s.wakeController);
}

/** Resolves every `whenSettled` waiter. */
function settle(s: SchedulerState): void {
  for (const resolve of s.settledWaiters.splice(0)) resolve();
}

const idle = (s: SchedulerState) => [...s.options.registry.runtimes.values()].every((rt) => rt.running === null);
const tierOf = (s: SchedulerState, rt: ScopeRuntime) => passTier(rt.state, s.options.registry.isFocused(rt.state.scope));
const slotsFull = (s: SchedulerState) =>
  [...s.options.registry.runtimes.values()].filter((rt) => rt.running !== null).length >= s.options.settings().parallelScopes;

/** Whether a running pass should yield its slot now to the waiting tier. */
const yieldWhen = (s: SchedulerState, rt: ScopeRuntime) => () => {
  if (!slotsFull(s) || !shouldYield(continuingTier(rt.state, s.options.registry.isFocused(rt.state.scope)), s.waiting)) return false;
  s.waiting = null;
  return true;
};

/** Sleeps until woken, stopped, or `ms` passed. */
async function waitForWake(s: SchedulerState, ms: number): Promise<void> {
  const signal = AbortSignal.any([s.wakeController.signal, s.stopper.signal]);
  try {
    await s.options.sleep(Math.max(0, ms), signal);
  } catch (error) {
    if (!isAbort(error)) throw error;
  }
}

/** Runs one pass of a scope and records its result or failure. */
async function runScope(s: SchedulerState, rt: ScopeRuntime, mode: PassMode): Promise<void> {
  const { options } = s;
  const { registry, runner, store, clock, log } = options;
  const controller = new AbortController();
  const signal = AbortSignal.any([controller.signal, s.stopper.signal]);
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
        budget: s.pageBudget,
        newPassId: s.newId,
        priority: () => requestPriority(tierOf(s, rt)),
        yieldWhen: yieldWhen(s, rt),
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
    if (!result.yielded && hasChildren(endpoint.id) && registry.runtimes.get(rt.state.scope) === rt) await registry.discover(rt, result.mode === 'full');
  } catch (error) {
    const failure = classifyScopeFailure(endpoint, error);
    const next = failedState(rt.state, failure, new Date(clock.now()).toISOString(), isAbort(error));
    rt.state = next.state;
    if (next.storeLost) s.storeLost = true;
    if (rt.state.status === 'error') {
      rt.failures += 1;
      log.warn('pass failed', { scope: rt.state.scope, code: failure.code, message: failure.message });
    }
    if (failure.kind !== 'paused' && failure.kind !== 'offline') await registry.save([rt.state]);
  } finally {
    rt.running = null;
    options.onChange();
    wake(s);
  }
}

/** The planning loop: probes while offline, starts due scopes up to the slots, sleeps until woken. */
async function schedule(s: SchedulerState): Promise<void> {
  const { options } = s;
  const { registry, runner, connectivity, clock, log } = options;
  while (!s.stopper.signal.aborted) {
    if (s.storeLost) {
      for (const rt of registry.runtimes.values()) rt.running?.abort();
      if (idle(s)) settle(s);
      await waitForWake(s, 60_000);
      continue;
    }
    if (!connectivity.online()) {
      // Offline: no pass could succeed. Probe with backoff until the server answers.
      s.offlineProbes += 1;
      const online = await runner.probe(s.stopper.signal).catch(() => false);
      options.onChange();
      if (!online) await waitForWake(s, backoffDelay(s.offlineProbes, options.random(), options.offlineBackoff));
      continue;
    }
    s.offlineProbes = 0;
    const settings = options.settings();
    const now = clock.now();
    const { due, nextAt, running: alreadyRunning } = planDue(registry, settings, now, options.random);
    let running = alreadyRunning;
    while (running < settings.parallelScopes && due.length > 0) {
      const rt = due.shift()!;
      running += 1;
      const pass: Promise<void> = runScope(s, rt, rt.next!.mode)
        .catch((error: unknown) => log.error('pass bookkeeping failed', { scope: rt.state.scope, message: (error as Error).message }))
        .finally(() => s.passes.delete(pass));
      s.passes.add(pass);
    }
    s.waiting = waitingTier(due, registry.isFocused);
    options.onChange();
    if (due.length === 0 && idle(s)) settle(s);
    // Re-plan at least every minute: settings and clocks change.
    await waitForWake(s, due.length > 0 ? 60_000 : Math.min(nextAt - now, 60_000));
  }
}

export function createScheduler(options: SchedulerOptions): Scheduler {
  const s: SchedulerState = {
    options,
    newId: options.newId ?? randomUUID,
    stopper: new AbortController(),
    settledWaiters: [],
    passes: new Set(),
    // One page being written per running list and the prefetch depth to spare: more
    // would only wait in main's heap for the renderer.
    pageBudget: createPageBudget(() => {
      const { parallelScopes, prefetchPages } = options.settings();
      return parallelScopes + prefetchPages;
    }),
    wakeController: new AbortController(),
    offlineProbes: 0,
    storeLost: false,
    waiting: null,
  };
  let loop: Promise<void> | null = null;

  return {
    start() {
      loop = schedule(s).catch((error: unknown) => {
        if (!isAbort(error)) options.log.error('sync scheduler stopped', { message: (error as Error).message });
      });
    },
    async stop() {
      s.stopper.abort();
      for (const rt of options.registry.runtimes.values()) rt.running?.abort();
      await loop;
      await Promise.allSettled([...s.passes]);
      settle(s);
    },
    wake: () => wake(s),
    resetProbes() {
      s.offlineProbes = 0;
    },
    whenSettled() {
      return new Promise<void>((resolve) => {
        s.settledWaiters.push(resolve);
        wake(s);
      });
    },
    signal: s.stopper.signal,
  };
}
