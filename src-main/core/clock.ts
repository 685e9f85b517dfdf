import { setTimeout as delay } from 'node:timers/promises';

/** The time source of main-side services; tests pass a fake one. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

/** Waits `ms` milliseconds; rejects with an AbortError when `signal` aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const systemClock: Clock = { now: () => Date.now() };

export const realSleep: Sleep = async (ms, signal) => {
  await delay(Math.max(0, ms), undefined, signal ? { signal } : undefined);
};

/** ISO 8601 text of a clock reading, the form every stored timestamp takes. */
export function isoAt(clock: Clock): string {
  return new Date(clock.now()).toISOString();
}
