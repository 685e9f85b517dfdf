import { setTimeout as delay } from 'node:timers/promises';
import type { Clock, Sleep } from '../../../src-main/core/services.js';

/**
 * A clock that runs `factor` times faster than real time from now on, and a sleep
 * that waits accordingly less: with the server's minute shortened by the same
 * factor, a rate-limited mirror takes 1/factor of its real duration while every
 * decision in main sees the minutes it would see against a real tenant.
 */
export function compressedTime(factor: number): { clock: Clock; sleep: Sleep } {
  const origin = Date.now();
  return {
    clock: { now: () => origin + (Date.now() - origin) * factor },
    sleep: async (ms, signal) => {
      await delay(Math.max(0, ms) / factor, undefined, signal ? { signal } : undefined);
    },
  };
}
