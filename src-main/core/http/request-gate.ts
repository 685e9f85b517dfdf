import { abortError, isAbort, wakeAndRenew } from '../abort.js';
import type { Clock, Sleep } from '../clock.js';
import { BudgetWindow } from './request-budget.js';
import { reserveFor } from './request-reserve.js';

/** How one request waits at the gate: its priority, and what cancels it. */
export interface GateRunOptions {
  readonly priority?: number;
  readonly signal?: AbortSignal;
}

/**
 * The gate every request passes: it holds requests while the client is paused
 * (`Retry-After`, a token to renew, no window to write to) and keeps the client-side
 * request budget (request-budget.ts), so a well-behaved tenant never answers 429.
 * Waiting requests are served by priority, then in arrival order.
 */
export interface RequestGate {
  /** Waits for a slot, runs `task`, and counts it against the budget until it has been out of the window. */
  run<T>(task: () => Promise<T>, options?: GateRunOptions): Promise<T>;
  /** Counts a request sent outside the gate (the token request). */
  note(): void;
  /** Holds every request until `epochMs` (the server's `Retry-After`). */
  pauseUntil(epochMs: number): void;
  /** Holds every request until released with `hold(reason, false)`. */
  hold(reason: string, on: boolean): void;
  /**
   * While some reason expects urgent requests (edits waiting to be sent), requests below
   * `URGENT_PRIORITY` (request-reserve.ts) leave a tenth of a budget of 10 or more free for them.
   */
  expectUrgent(reason: string, on: boolean): void;
  /** Requests per window, or null for no budget (the demo server). */
  setBudget(perWindow: number | null): void;
  /** Requests in flight plus those answered within the window. */
  used(): number;
  readonly budget: () => number | null;
  /** Reasons the gate is held for; empty when open. */
  holds(): string[];
  /** Epoch ms until which `Retry-After` pauses requests, or null. */
  pausedUntil(): number | null;
  /**
   * Ms until the budget lets `n` more requests go (0: now, or no budget); requests in
   * flight are counted as if answered now.
   */
  waitFor(n: number): number;
}

export interface RequestGateOptions {
  readonly clock: Clock;
  readonly sleep: Sleep;
  readonly budget: number | null;
  /** The budget's window; a request counts from when it is sent until `windowMs` after its answer. */
  readonly windowMs?: number;
  readonly onChange?: () => void;
}

interface Waiter {
  readonly priority: number;
  readonly seq: number;
  readonly grant: () => void;
}

/** The gate's mutable state, shared by the steps below. */
interface GateState {
  readonly options: RequestGateOptions;
  readonly window: BudgetWindow;
  budget: number | null;
  pausedUntil: number;
  readonly held: Set<string>;
  readonly urgentExpected: Set<string>;
  readonly waiters: Waiter[];
  seq: number;
  pumping: boolean;
  wake: AbortController;
}

const changed = (g: GateState) => g.options.onChange?.();

/** Puts `reason` in or out of `set`; false when it already was. */
function toggle(set: Set<string>, reason: string, on: boolean): boolean {
  if (on === set.has(reason)) return false;
  if (on) set.add(reason);
  else set.delete(reason);
  return true;
}

/** Wakes the pump out of its wait. */
function poke(g: GateState): void {
  g.wake = wakeAndRenew(g.wake);
}

/** Waits `ms` (or until poked when null). */
async function waitWoken(g: GateState, ms: number | null): Promise<void> {
  const signal = g.wake.signal;
  try {
    if (ms === null) {
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    } else {
      await g.options.sleep(ms, signal);
    }
  } catch (error) {
    if (!isAbort(error)) throw error;
  }
}

/** Grants waiters, most urgent first, while no hold, pause or spent budget stops them; one pump at a time. */
async function pump(g: GateState): Promise<void> {
  if (g.pumping) {
    poke(g);
    return;
  }
  g.pumping = true;
  try {
    while (g.waiters.length > 0) {
      const now = g.options.clock.now();
      if (g.held.size > 0) {
        await waitWoken(g, null);
        continue;
      }
      if (g.pausedUntil > now) {
        await waitWoken(g, g.pausedUntil - now);
        continue;
      }
      g.waiters.sort((a, b) => b.priority - a.priority || a.seq - b.seq);
      if (g.budget !== null && g.window.used() >= g.budget - reserveFor(g.budget, g.waiters[0]!.priority, g.urgentExpected.size > 0)) {
        await waitWoken(g, g.window.nextFreeIn());
        continue;
      }
      const next = g.waiters.shift()!;
      g.window.sent();
      next.grant();
      changed(g);
    }
  } finally {
    g.pumping = false;
  }
}

/** Queues a waiter and resolves when it is granted a slot; rejects when `signal` aborts first. */
function admit(g: GateState, priority: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const waiter: Waiter = {
      priority,
      seq: g.seq++,
      grant: () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      },
    };
    const onAbort = () => {
      const index = g.waiters.indexOf(waiter);
      if (index >= 0) g.waiters.splice(index, 1);
      poke(g);
      reject(abortError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    g.waiters.push(waiter);
    void pump(g);
  });
}

export function createRequestGate(options: RequestGateOptions): RequestGate {
  const { clock } = options;
  const g: GateState = {
    options,
    window: new BudgetWindow(clock, options.windowMs ?? 60_000),
    budget: options.budget,
    pausedUntil: 0,
    held: new Set(),
    urgentExpected: new Set(),
    waiters: [],
    seq: 0,
    pumping: false,
    wake: new AbortController(),
  };

  return {
    async run(task, runOptions = {}) {
      const { signal, priority = 0 } = runOptions;
      if (signal?.aborted) throw abortError();
      await admit(g, priority, signal);
      try {
        return await task();
      } finally {
        g.window.settled();
        changed(g);
        poke(g);
      }
    },
    note() {
      g.window.noted();
      changed(g);
    },
    pauseUntil(epochMs) {
      if (epochMs <= g.pausedUntil) return;
      g.pausedUntil = epochMs;
      changed(g);
      poke(g);
    },
    hold(reason, on) {
      if (!toggle(g.held, reason, on)) return;
      changed(g);
      poke(g);
    },
    expectUrgent(reason, on) {
      if (toggle(g.urgentExpected, reason, on)) poke(g);
    },
    setBudget(perWindow) {
      g.budget = perWindow;
      changed(g);
      poke(g);
    },
    used: () => g.window.used(),
    budget: () => g.budget,
    holds: () => [...g.held],
    pausedUntil: () => (g.pausedUntil > clock.now() ? g.pausedUntil : null),
    waitFor: (n) => g.window.waitFor(g.budget, n),
  };
}
