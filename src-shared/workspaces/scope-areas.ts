import { endpoints, isPermitted, type Area } from '../api/index.js';

/** Every area with at least one list, in the catalogue's order. */
export const LIST_AREAS: readonly Area[] = [...new Set(Object.values(endpoints).filter((e) => e.kind === 'list').map((e) => e.area))];

/**
 * Which areas a token's scopes open (at least one of the area's lists may be read) and
 * which stay closed, for the connection test's answer. Pure.
 */
export function scopeAreas(scopes: readonly string[], prefix: string): { readonly open: Area[]; readonly closed: Area[] } {
  const open: Area[] = [];
  const closed: Area[] = [];
  for (const area of LIST_AREAS) {
    const lists = Object.values(endpoints).filter((e) => e.kind === 'list' && e.area === area);
    (lists.some((e) => isPermitted(e, scopes, prefix)) ? open : closed).push(area);
  }
  return { open, closed };
}
