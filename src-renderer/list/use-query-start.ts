import { onBeforeUnmount, watch } from 'vue';
import type { Router } from 'vue-router';
import { onAddressChange } from '../lib/address-changes.js';
import { listQueryKey, type ListQuery } from './list-query.js';
import { parseListRoute, type ListRouteState } from './route-state.js';

/**
 * Starts the list engine on a list page's query (`start`) as soon as the query is known,
 * before the router's navigation to it (its guards take a few promise turns, ~20–30 ms
 * of a first filter at a million rows in the bench's traces) and before the page and
 * its table draw the change (the table's own request follows them): when the address
 * changes (typed or changed, back and forward), as the route changes otherwise, and
 * when the page asks (the function returned, called with the state it is about to
 * navigate to). `queryOf`: the page's query for a route state of its own path;
 * `current`: the query shown. A query is not started twice in a row.
 *
 * An address in the hash (the app's history) is read as the window tells of its change
 * (address-changes.ts), before the router's own listener has written it back and kept
 * the scroll positions; another history (a memory history in tests) is listened to.
 */
export function useQueryStart(router: Router, queryOf: (state: ListRouteState) => ListQuery | null, current: () => ListQuery | null, start: (query: ListQuery) => void): (state: ListRouteState) => void {
  let started: string | null = null;
  const startOn = (query: ListQuery | null) => {
    const key = query ? listQueryKey(query) : null;
    if (!query || key === started) return;
    started = key;
    start(query);
  };
  watch(
    () => {
      const query = current();
      return query ? listQueryKey(query) : null;
    },
    () => startOn(current()),
    { flush: 'sync' },
  );
  const startAt = (to: string) => {
    const next = router.resolve(to);
    if (next.path === router.currentRoute.value.path) startOn(queryOf(parseListRoute(next.query)));
  };
  // A hash history tells its listeners of the same address changes, later: one or the other is heard.
  const hashed = router.options.history.base.includes('#') && typeof window !== 'undefined';
  onBeforeUnmount(hashed ? onAddressChange(startAt) : router.options.history.listen(startAt));
  return (state) => startOn(queryOf(state));
}
