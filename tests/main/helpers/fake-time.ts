import type { Clock, Sleep } from '../../../src-main/core/clock.js';

/**
 * A clock that only moves when someone sleeps: each sleep completes at once and
 * advances time to its end, so time-based behaviour is tested without waiting.
 */
export function fakeTime(start = 0): { clock: Clock; sleep: Sleep; advance(ms: number): void; settle(): Promise<void> } {
  let now = start;
  return {
    clock: { now: () => now },
    sleep: async (ms, signal) => {
      // Yield to the event loop (not just microtasks), so sockets keep flowing.
      await new Promise((resolve) => setImmediate(resolve));
      if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
      now += Math.max(0, ms);
    },
    advance(ms) {
      now += ms;
    },
    async settle() {
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    },
  };
}
