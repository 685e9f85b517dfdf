import { isInactive, rowsSoFar, type ScopeState } from '../../src-shared/store/index.js';

/**
 * What a list says about its own filling while its first mirror is under way, and what
 * it says when it shows nothing. A list with no completed pass yet is not "empty":
 * its rows may still be on their way, and a filter that matches none of them so far
 * may match the next page.
 */

/** The first mirror of the list is still running (or not started): null once it completed, or when it never will. */
function firstMirrorRows(state: ScopeState | null): number | null {
  if (!state || state.lastFullAt !== null || isInactive(state)) return null;
  return rowsSoFar(state);
}

/** The note beside the row count while a list is mirrored for the first time. */
export function mirroringNote(state: ScopeState | null): string | null {
  const rows = firstMirrorRows(state);
  if (rows === null) return null;
  return rows > 0 ? `Mirroring… ${rows.toLocaleString()} rows so far, more on the way` : 'Waiting to be mirrored…';
}

/** What narrows an empty list: its filters, or its search alone. */
export type Narrowed = 'filters' | 'search';

/** What an empty filtered (or searched) list says: nothing matched, or nothing is here yet to match. */
export function noMatchNote(state: ScopeState | null, by: Narrowed = 'filters'): string {
  const what = by === 'filters' ? 'these filters' : 'this search';
  const rows = firstMirrorRows(state);
  if (rows === null) return `No rows match ${what}.`;
  if (rows === 0) return `Nothing of this list is mirrored yet: rows that match ${what} will show here as they arrive.`;
  return `No match in the ${rows.toLocaleString()} rows mirrored so far; more are on the way.`;
}

/** The action that empties what narrows a list. */
export const clearLabel = (by: Narrowed): string => (by === 'filters' ? 'Clear filters' : 'Clear search');
