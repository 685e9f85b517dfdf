import { abortError, isAbort } from '../abort.js';
import type { Clock, Sleep } from '../clock.js';

/**
 * The gate every request passes: it holds requests while the client is paused
 * (`Retry-After`, a token to renew, no window to write to) and keeps the client-side
 * request budget, so a well-behaved tenant never answers 429. Waiting requests are
 * served by priority, then in arrival order.
 */
export interface RequestGate {
  /** Waits for a slot, runs `task`, and counts it against the budget until it has been out of the window. */
  run<T>(task: () => Promise<T>, options?: { priority?: number; signal?: AbortSignal }): Promise<T>;
  /** Counts a request sent outside the gate (the token request). */
  note(): void;
  /** Holds every request until `epochMs` (the server's `Retry-After`). */
  pauseUntil(epochMs: number): void;
  /** Holds every request until released with `hold(reason, false)`. */
  hold(reason: string, on: boolean): void;
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

export function createRequestGate(options: RequestGateOptions): RequestGate {
  const { clock, sleep } = options;
  const windowMs = options.windowMs ?? 60_000;
  let budget = options.budget;
  let pausedUntil = 0;
  const held = new Set<string>();
  const waiters: Waiter[] = [];
  // Answer times: counting a request from its answer (not its sending) keeps us inside
  // any server-side window however the server aligns it.
  const answered: number[] = [];
  let inFlight = 0;
  let seq = 0;
  let pumping = false;
  let wake = new AbortController();

  const changed = () => options.onChange?.();
  const poke = () => {
    wake.abort();
    wake = new AbortController();
  };
  const prune = () => {
    const cutoff = clock.now() - windowMs;
    while (answered.length > 0 && answered[0]! <= cutoff) answered.shift();
  };
  const used = () => {
    prune();
    return inFlight + answered.length;
  };

  async function waitFor(ms: number | null): Promise<void> {
    const signal = wake.signal;
    try {
      if (ms === null) {
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      } else {
        await sleep(ms, signal);
      }
    } catch (error) {
      if (!isAbort(error)) throw error;
    }
  }

  async function pump(): Promise<void> {
    if (pumping) {
      poke();
      return;
    }
    pumping = true;
    try {
      while (waiters.length > 0) {
        const now = clock.now();
        if (held.size > 0) {
          await waitFor(null);
          continue;
        }
        if (pausedUntil > now) {
          await waitFor(pausedUntil - now);
          continue;
        }
        if (budget !== null && used() >= budget) {
          await waitFor(answered.length > 0 ? answered[0]! + windowMs - now + 1 : null);
          continue;
        }
        waiters.sort((a, b) => b.priority - a.priority || a.seq - b.seq);
        const next = waiters.shift()!;
        inFlight += 1;
        next.grant();
        changed();
      }
    } finally {
      pumping = false;
    }
  }

  return {
    async run(task, runOptions = {}) {
      const { signal, priority = 0 } = runOptions;
      if (signal?.aborted) throw abortError();
      await new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          priority,
          seq: seq++,
          grant: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = () => {
          const index = waiters.indexOf(waiter);
          if (index >= 0) waiters.splice(index, 1);
          poke();
          reject(abortError());
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiters.push(waiter);
        void pump();
      });
      try {
        return await task();
      } finally {
        inFlight -= 1;
        answered.push(clock.now());
        prune();
        changed();
        poke();
      }
    },
    note() {
      answered.push(clock.now());
      prune();
      changed();
    },
    pauseUntil(epochMs) {
      if (epochMs <= pausedUntil) return;
      pausedUntil = epochMs;
      changed();
      poke();
    },
    hold(reason, on) {
      if (on === held.has(reason)) return;
      if (on) held.add(reason);
      else held.delete(reason);
      changed();
      poke();
    },
    setBudget(perWindow) {
      budget = perWindow;
      changed();
      poke();
    },
    used,
    budget: () => budget,
    holds: () => [...held],
    pausedUntil: () => (pausedUntil > clock.now() ? pausedUntil : null),
    waitFor(n) {
      if (budget === null || n <= 0) return 0;
      const beyond = used() + n - budget;
      if (beyond <= 0) return 0;
      const now = clock.now();
      // The window frees a slot as each answer ages out of it, oldest first.
      const expiries = [...answered, ...Array.from({ length: inFlight }, () => now)].map((at) => at + windowMs - now);
      const later = Math.ceil((Math.max(0, beyond - expiries.length) * windowMs) / Math.max(1, budget));
      return Math.max(0, expiries[Math.min(beyond, expiries.length) - 1] ?? 0) + later;
    },
  };
}
