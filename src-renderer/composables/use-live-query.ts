import { Dexie, liveQuery } from 'dexie';
import { onScopeDispose, shallowRef, watch, type Ref, type WatchSource } from 'vue';

export interface LiveQueryResult<T> {
  readonly value: Ref<T>;
  readonly error: Ref<unknown>;
  /** True until the first answer for the current inputs arrives. */
  readonly loading: Ref<boolean>;
}

export interface LiveQueryOptions {
  /**
   * Runs start at most once per this many milliseconds, and each run's answer is shown
   * as it comes; the first run for new inputs starts at once. For what a sync changes
   * many times a second and a person reads as progress, and for queries that read much.
   */
  readonly throttleMs?: number;
}

/**
 * Reads the cache with Dexie's liveQuery: the value follows the database as rows
 * stream in. The query is re-subscribed when `source` changes; the previous value is
 * kept until the new one arrives, so the view does not flash empty.
 *
 * Dexie starts a new run at every write that touches what the last answer read, and
 * drops the answer of a run that a write overtook. Under a sync's steady writes, a
 * query slower than the gap between two writes would then never answer, and its
 * dropped runs would pile up on one another. So here one run goes at a time (a write
 * during it waits for it, and only the newest waiting run goes next), runs start at
 * most once per `throttleMs`, and every run's answer is shown: it is the database as
 * it was a run ago, newer than what is on screen.
 */
export function useLiveQuery<T>(
  query: () => Promise<T> | T,
  source: WatchSource<unknown> | WatchSource<unknown>[],
  initial: T,
  options: LiveQueryOptions = {},
): LiveQueryResult<T> {
  const value = shallowRef(initial) as Ref<T>;
  const error = shallowRef<unknown>(null);
  const loading = shallowRef(true);
  let unsubscribe: (() => void) | null = null;
  const throttleMs = options.throttleMs ?? 0;

  const show = (next: T) => {
    value.value = next;
    error.value = null;
    loading.value = false;
  };
  const stop = () => {
    unsubscribe?.();
    unsubscribe = null;
  };

  const subscribe = () => {
    stop();
    loading.value = true;
    let closed = false;
    /**
     * Runs Dexie has started. A run that is not the newest when its turn comes does not
     * query, so queries go one after another and their answers come in order.
     */
    let runs = 0;
    let running: Promise<unknown> = Promise.resolve();
    let startedAt = -Infinity;
    // An async querier (not just one returning a promise) lets Dexie follow the reads
    // across the awaits inside it, so the query re-runs when those rows change; waitFor
    // keeps that context across the wait for the previous run.
    const querier = async (): Promise<void> => {
      const run = ++runs;
      const wait = startedAt + throttleMs - performance.now();
      // No time limit (waitFor's default is a minute): a run over a huge list may take longer.
      await Dexie.waitFor(Promise.all([running.catch(() => undefined), wait > 0 ? new Promise((r) => setTimeout(r, wait)) : null]), Infinity);
      if (closed || run !== runs) return;
      startedAt = performance.now();
      const answer = Promise.resolve(query());
      running = answer;
      const next = await answer;
      if (!closed) show(next);
    };
    const subscription = liveQuery(querier).subscribe({
      error: (failure: unknown) => {
        error.value = failure;
        loading.value = false;
      },
    });
    unsubscribe = () => {
      closed = true;
      subscription.unsubscribe();
    };
  };
  watch(source, subscribe, { immediate: true, deep: false });
  onScopeDispose(stop);
  return { value, error, loading };
}
