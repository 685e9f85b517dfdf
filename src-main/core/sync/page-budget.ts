import { abortError } from '../abort.js';

/**
 * How many pages main may hold at once over all passes: a page takes a slot before it
 * is fetched and gives it back when the store has acknowledged it (or it is dropped).
 *
 * Each pass already fetches only a few pages ahead of its own writes, but the passes
 * run side by side, and when the renderer writes slower than the network delivers
 * (the usual case) every pass keeps its queue full: parallel × (prefetch + 1) parsed
 * pages wait in main's heap, most of them for seconds, long enough to be copied into
 * the old generation. The renderer cannot write more than one page at a time per
 * list anyway, so pages beyond one per running list and a few spare ones only cost
 * memory.
 */
export interface PageBudget {
  /** Waits for a slot; slots go to waiters in the order they asked. @throws an AbortError when the signal aborts first. */
  acquire(signal?: AbortSignal): Promise<void>;
  release(): void;
  /** Slots taken now. */
  held(): number;
}

/** @param limit read at every acquire, so a settings change applies to the next page. */
export function createPageBudget(limit: () => number): PageBudget {
  let held = 0;
  const waiters: { grant: () => void }[] = [];

  const grantWaiting = () => {
    while (waiters.length > 0 && held < Math.max(1, limit())) {
      held += 1;
      waiters.shift()!.grant();
    }
  };

  return {
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(abortError());
      if (waiters.length === 0 && held < Math.max(1, limit())) {
        held += 1;
        return Promise.resolve();
      }
      return new Promise<void>((resolve, reject) => {
        const waiter = {
          grant: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = () => {
          const at = waiters.indexOf(waiter);
          if (at >= 0) waiters.splice(at, 1);
          reject(abortError());
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiters.push(waiter);
        // The limit may have grown since the others started waiting.
        grantWaiting();
      });
    },
    release() {
      held = Math.max(0, held - 1);
      grantWaiting();
    },
    held: () => held,
  };
}
