import { liveQuery } from 'dexie';
import { onScopeDispose, shallowRef, watch, type Ref, type WatchSource } from 'vue';

export interface LiveQueryResult<T> {
  readonly value: Ref<T>;
  readonly error: Ref<unknown>;
  /** True until the first answer for the current inputs arrives. */
  readonly loading: Ref<boolean>;
}

export interface LiveQueryOptions {
  /**
   * At most one new answer shown per this many milliseconds (the latest one, at the end
   * of the interval); the first answer for new inputs is shown at once. For what a sync
   * changes many times a second and a person reads as progress.
   */
  readonly throttleMs?: number;
}

/**
 * Reads the cache with Dexie's liveQuery: the value follows the database as rows
 * stream in. The query is re-subscribed when `source` changes; the previous value is
 * kept until the new one arrives, so the view does not flash empty.
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
  let shownAt = -Infinity;
  let held: { readonly next: T } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const show = (next: T) => {
    held = null;
    shownAt = performance.now();
    value.value = next;
    error.value = null;
    loading.value = false;
  };
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
    held = null;
    unsubscribe?.();
  };

  const subscribe = () => {
    stop();
    // The first answer for new inputs is shown at once.
    shownAt = -Infinity;
    loading.value = true;
    // An async querier (not just one returning a promise) lets Dexie follow the reads
    // across the awaits inside it, so the query re-runs when those rows change.
    const subscription = liveQuery(async () => await query()).subscribe({
      next: (next) => {
        const wait = shownAt + throttleMs - performance.now();
        if (wait <= 0) return show(next);
        // Within the throttle: the latest answer is shown when it ends.
        held = { next };
        timer ??= setTimeout(() => {
          timer = undefined;
          if (held) show(held.next);
        }, wait);
      },
      error: (failure: unknown) => {
        error.value = failure;
        loading.value = false;
      },
    });
    unsubscribe = () => subscription.unsubscribe();
  };
  watch(source, subscribe, { immediate: true, deep: false });
  onScopeDispose(stop);
  return { value, error, loading };
}
