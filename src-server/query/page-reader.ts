import type { Row } from '../data/row-generator.js';
import type { ListState } from '../data/list-state.js';
import type { CompiledFilter, ListQuery, ResolvedSortKey } from './list-query.js';
import { comparableOf, compareValues, matches, type Comparable } from './scalar-values.js';

/** A place in a list's order: the sort values of a row and its index (the tie-break). */
export interface Boundary {
  readonly values: readonly Comparable[];
  readonly index: number;
}

/** Where a page starts: the rows after (or before) a boundary, optionally including it. */
export interface Position {
  readonly boundary: Boundary;
  readonly direction: 'after' | 'before';
  readonly inclusive: boolean;
}

export interface Page {
  readonly rows: Row[];
  readonly first: Boundary | null;
  readonly last: Boundary | null;
  /** Matching rows exist after the last row of the page. */
  readonly more: boolean;
  /** Matching rows exist before the first row (known exactly only for backward reads). */
  readonly before: boolean;
}

type Comparator = (aValues: readonly Comparable[], aIndex: number, bValues: readonly Comparable[], bIndex: number) => number;

function comparatorOf(sort: readonly ResolvedSortKey[]): Comparator {
  const tie = sort[0]?.descending ? -1 : 1;
  return (av, ai, bv, bi) => {
    for (let k = 0; k < sort.length; k++) {
      const c = compareValues(av[k]!, bv[k]!);
      if (c !== 0) return sort[k]!.descending ? -c : c;
    }
    return (ai - bi) * tie;
  };
}

function sortValues(sort: readonly ResolvedSortKey[], row: Row): Comparable[] {
  return sort.map((k) => comparableOf(k.type, row[k.field]));
}

function predicateOf(filters: readonly CompiledFilter[]): (row: Row) => boolean {
  return (row) => filters.every((f) => matches(f.op, comparableOf(f.type, row[f.field]), f.value));
}

/** First index in [lo, hi) whose ordered value satisfies `test` (which must be monotone). */
function search(lo: number, hi: number, test: (i: number) => boolean): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (test(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The indices worth looking at, ascending: a range narrowed by filters on ordered
 * fields and, for a lastModifiedDateTime lower bound (a delta pass) or an equality the
 * generator can answer by arithmetic, only those seeded rows plus the rows changed
 * since start.
 */
function candidates(state: ListState, filters: readonly CompiledFilter[]): { lo: number; hi: number; only: number[] | null } {
  let lo = 0;
  let hi = state.total();
  // The smallest set of seeded rows a filter narrows to (changed rows are added back).
  let fewest: number[] | null = null;
  for (const f of filters) {
    if (typeof f.value === 'number' && state.isOrdered(f.field)) {
      const v = f.value;
      const value = (i: number) => state.orderedValue(f.field, i);
      const firstGte = () => search(lo, hi, (i) => value(i) >= v);
      const firstGt = () => search(lo, hi, (i) => value(i) > v);
      if (f.op === 'gt') lo = Math.max(lo, firstGt());
      else if (f.op === 'gte') lo = Math.max(lo, firstGte());
      else if (f.op === 'lt') hi = Math.min(hi, firstGte());
      else if (f.op === 'lte') hi = Math.min(hi, firstGt());
      else if (f.op === 'eq') [lo, hi] = [firstGte(), firstGt()];
    }
    let seeded: number[] | null = null;
    if (f.field === 'lastModifiedDateTime' && typeof f.value === 'number' && (f.op === 'gt' || f.op === 'gte' || f.op === 'eq')) {
      seeded = state.modifiedSince(f.value, f.op !== 'gt');
    } else if (f.op === 'eq' && typeof f.value === 'string') {
      seeded = state.seededWhere(f.field, f.value);
    }
    if (seeded && (fewest === null || seeded.length < fewest.length)) fewest = seeded;
  }
  let only: number[] | null = null;
  if (fewest) {
    const merged = new Set([...fewest, ...state.changedIndices()]);
    only = [...merged].filter((i) => i >= lo && i < hi).sort((a, b) => a - b);
  }
  return { lo, hi: Math.max(lo, hi), only };
}

/** A materialised order: list indices, and one column of sort values per key. */
interface SortedView {
  readonly indices: Int32Array;
  valuesAt(k: number): Comparable[];
}

const NUMERIC = new Set(['integer', 'double', 'datetime', 'datetimeoffset', 'boolean']);
const sortedCache = new WeakMap<ListState, Map<string, { version: number; view: SortedView }>>();

/**
 * Sorts the matching rows once per list version. Numeric keys (numbers, dates,
 * booleans) live in typed columns (null as -Infinity, so it sorts first), which
 * keeps a million-row sort to typed-array work.
 */
function sortedView(state: ListState, query: ListQuery): SortedView {
  let perState = sortedCache.get(state);
  if (!perState) sortedCache.set(state, (perState = new Map()));
  const hit = perState.get(query.fingerprint);
  if (hit && hit.version === state.version()) return hit.view;
  const { lo, hi, only } = candidates(state, query.filters);
  const accept = predicateOf(query.filters);
  const found: number[] = [];
  const raw: Comparable[][] = query.sort.map(() => []);
  const consider = (i: number) => {
    if (!state.isLive(i)) return;
    const row = state.row(i);
    if (!accept(row)) return;
    found.push(i);
    query.sort.forEach((k, c) => raw[c]!.push(comparableOf(k.type, row[k.field])));
  };
  if (only) only.forEach(consider);
  else for (let i = lo; i < hi; i++) consider(i);

  const columns = query.sort.map((k, c) =>
    NUMERIC.has(k.type) ? Float64Array.from(raw[c]!, (v) => (v === null ? Number.NEGATIVE_INFINITY : Number(v))) : raw[c]!,
  );
  const tie = query.sort[0]?.descending ? -1 : 1;
  const order = Int32Array.from(found.keys());
  order.sort((a, b) => {
    for (let c = 0; c < columns.length; c++) {
      const column = columns[c]!;
      const x = column[a]!;
      const y = column[b]!;
      const d = typeof x === 'number' && typeof y === 'number' ? (x < y ? -1 : x > y ? 1 : 0) : compareValues(x as Comparable, y as Comparable);
      if (d !== 0) return query.sort[c]!.descending ? -d : d;
    }
    return (found[a]! - found[b]!) * tie;
  });
  const view: SortedView = {
    indices: Int32Array.from(order, (k) => found[k]!),
    valuesAt: (k) => raw.map((column) => column[order[k]!]!),
  };
  if (perState.size >= 8) perState.delete(perState.keys().next().value!);
  perState.set(query.fingerprint, { version: state.version(), view });
  return view;
}

/**
 * Reads one page of a list in the query's order, after or before a position (keyset
 * pagination), skipping `offset` matching rows first. Sorting by a field that grows
 * with the index (creation time, sort order) walks the indices directly; any other
 * order is materialised once per list version and binary-searched.
 */
export function readPage(state: ListState, query: ListQuery, position: Position | null): Page {
  const compare = comparatorOf(query.sort);
  const backward = position?.direction === 'before';
  const want = query.offset + query.limit + 1;
  const picked: number[] = [];

  const fast = query.sort.length === 0 || (query.sort.length === 1 && state.isOrdered(query.sort[0]!.field));
  if (fast) {
    const descending = query.sort[0]?.descending ?? false;
    const { lo, hi, only } = candidates(state, query.filters);
    const accept = predicateOf(query.filters);
    // Without filters a large offset skips rows without generating them.
    const unfiltered = query.filters.length === 0;
    // Walking "forward" in the list's order means descending indices for a descending sort.
    const step = (descending ? -1 : 1) * (backward ? -1 : 1);
    let start = step > 0 ? lo : hi - 1;
    if (position) {
      const b = position.boundary.index;
      start = position.inclusive ? b : b + step;
    }
    if (only) {
      const ordered = step > 0 ? only : [...only].reverse();
      for (const i of ordered) {
        if (picked.length >= want) break;
        if ((step > 0 ? i < start : i > start) || !state.isLive(i)) continue;
        if (unfiltered || accept(state.row(i))) picked.push(i);
      }
    } else {
      const from = step > 0 ? Math.max(start, lo) : Math.min(start, hi - 1);
      for (let i = from; i >= lo && i < hi && picked.length < want; i += step) {
        if (state.isLive(i) && (unfiltered || accept(state.row(i)))) picked.push(i);
      }
    }
  } else {
    const view = sortedView(state, query);
    const n = view.indices.length;
    const at = (k: number) => compare(view.valuesAt(k), view.indices[k]!, position!.boundary.values, position!.boundary.index);
    if (!backward) {
      let k = 0;
      if (position) k = search(0, n, (j) => (position.inclusive ? at(j) >= 0 : at(j) > 0));
      for (; k < n && picked.length < want; k++) picked.push(view.indices[k]!);
    } else {
      let k = search(0, n, (j) => (position!.inclusive ? at(j) > 0 : at(j) >= 0)) - 1;
      for (; k >= 0 && picked.length < want; k--) picked.push(view.indices[k]!);
    }
  }

  const skipped = picked.slice(query.offset);
  const extra = skipped.length > query.limit;
  const chosen = skipped.slice(0, query.limit);
  if (backward) chosen.reverse();
  const rows = chosen.map((i) => state.row(i));
  const boundaryOf = (k: number): Boundary | null =>
    rows[k] ? { values: sortValues(query.sort, rows[k]!), index: chosen[k]! } : null;
  return {
    rows,
    first: boundaryOf(0),
    last: boundaryOf(rows.length - 1),
    more: backward ? true : extra,
    before: backward ? extra || query.offset > 0 : position !== null || query.offset > 0,
  };
}
