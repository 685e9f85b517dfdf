import { liveQuery } from 'dexie';
import { onScopeDispose, shallowRef, watch, type Ref, type WatchSource } from 'vue';

export interface LiveQueryResult<T> {
  readonly value: Ref<T>;
  readonly error: Ref<unknown>;
  /** True until the first answer for the current inputs arrives. */
  readonly loading: Ref<boolean>;
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
): LiveQueryResult<T> {
  const value = shallowRef(initial) as Ref<T>;
  const error = shallowRef<unknown>(null);
  const loading = shallowRef(true);
  let unsubscribe: (() => void) | null = null;

  const subscribe = () => {
    unsubscribe?.();
    loading.value = true;
    // An async querier (not just one returning a promise) lets Dexie follow the reads
    // across the awaits inside it, so the query re-runs when those rows change.
    const subscription = liveQuery(async () => await query()).subscribe({
      next: (next) => {
        value.value = next;
        error.value = null;
        loading.value = false;
      },
      error: (failure: unknown) => {
        error.value = failure;
        loading.value = false;
      },
    });
    unsubscribe = () => subscription.unsubscribe();
  };
  watch(source, subscribe, { immediate: true, deep: false });
  onScopeDispose(() => unsubscribe?.());
  return { value, error, loading };
}
