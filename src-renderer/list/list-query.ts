import { FILTER_OPS, type EndpointDef, type Filter, type SortKey } from '../../src-shared/api/index.js';
import { encodeIndexKey, NULL_KEY, type IndexKey } from '../../src-shared/store/index.js';

/** What the user asked of one list: which scope, which order, which filters, what text. */
export interface ListQuery {
  readonly endpoint: EndpointDef;
  /** One list scope, or null for every scope of the table (tables no list endpoint fills). */
  readonly scope: string | null;
  readonly sort: SortKey | null;
  readonly filters: readonly Filter[];
  readonly search: string;
}

/** What makes two list queries the same query (a change of anything else, a selected row, keeps it). */
export function listQueryKey(query: ListQuery): string {
  return JSON.stringify([query.endpoint.id, query.scope, query.sort, query.filters, query.search]);
}

/** A bound of an index range: the encoded key and whether it is included. */
export interface Bound {
  readonly key: IndexKey;
  readonly open: boolean;
}

/** A filter turned into a comparison on the row's encoded index keys. */
export interface Residual {
  readonly field: string;
  readonly op: Filter['op'];
  readonly key: IndexKey;
}

/**
 * How to run a list query on Dexie: which index, which range of it, in which
 * direction, and what is left to test row by row.
 */
export interface QueryPlan {
  /** `[scope+k.<field>]`, `[scope+key]`, or `key` (all scopes). */
  readonly index: string;
  /** The field of `k` the index orders by, or null for the key indexes. */
  readonly field: string | null;
  readonly lower: Bound | null;
  readonly upper: Bound | null;
  readonly reverse: boolean;
  readonly residual: readonly Residual[];
  readonly search: string;
  /**
   * When sort and filter are on different fields: the index of the filter, to use
   * instead (then sorted in memory) when its range holds few rows.
   */
  readonly alternative: QueryPlan | null;
}

const RANGE_OPS = new Set<Filter['op']>(['eq', 'lt', 'lte', 'gt', 'gte']);

/** Filters whose field is a filterable parameter of the endpoint and whose op is known. */
export function validFilters(endpoint: EndpointDef, filters: readonly Filter[]): Filter[] {
  return filters.filter((f) => endpoint.query[f.field]?.filter && (FILTER_OPS as readonly string[]).includes(f.op));
}

/** The valid filters of a list as tests of its encoded values (index keys), for the list worker and the row-by-row test alike. */
export function residualsOf(endpoint: EndpointDef, filters: readonly Filter[]): Residual[] {
  return validFilters(endpoint, filters).map((f) => ({ field: f.field, op: f.op, key: encodeIndexKey(endpoint.query[f.field]!.type, f.value) }));
}

/** Narrows a range by the range-able filters on its field; the rest stay residual. */
function rangeFor(residuals: readonly Residual[], field: string) {
  let lower: Bound | null = null;
  let upper: Bound | null = null;
  const rest: Residual[] = [];
  for (const r of residuals) {
    if (r.field !== field || !RANGE_OPS.has(r.op)) {
      rest.push(r);
      continue;
    }
    if (r.op === 'eq' || r.op === 'gt' || r.op === 'gte') {
      const bound = { key: r.key, open: r.op === 'gt' };
      if (!lower || bound.key > lower.key || (bound.key === lower.key && bound.open)) lower = bound;
    }
    if (r.op === 'eq' || r.op === 'lt' || r.op === 'lte') {
      const bound = { key: r.key, open: r.op === 'lt' };
      if (!upper || bound.key < upper.key || (bound.key === upper.key && bound.open)) upper = bound;
    }
  }
  return { lower, upper, rest };
}

/** The sort a list falls back to: the catalogue's default sort when it is indexed. */
export function effectiveSort(query: ListQuery): SortKey | null {
  if (query.sort && query.endpoint.query[query.sort.field]?.sort) return query.sort;
  if (query.sort) return null;
  const fallback = query.endpoint.defaultSort;
  if (!fallback) return null;
  const descending = fallback.startsWith('-');
  const field = descending ? fallback.slice(1) : fallback;
  return query.endpoint.query[field] ? { field, descending } : null;
}

/**
 * Plans a list query as an indexed Dexie query: sort by the compound index of the sort
 * field, narrowed by filters on that field; otherwise by the index of the first
 * range-able filter; otherwise by primary key. Other filters and the search text are
 * tested row by row on the rows the index yields.
 */
export function planQuery(query: ListQuery): QueryPlan {
  const search = query.search.trim().toLowerCase();
  const residuals = residualsOf(query.endpoint, query.filters);
  if (query.scope === null) {
    return { index: 'key', field: null, lower: null, upper: null, reverse: false, residual: residuals, search, alternative: null };
  }
  const sort = effectiveSort(query);
  const byFilter = residuals.find((r) => RANGE_OPS.has(r.op));
  const planOn = (field: string, reverse: boolean): QueryPlan => {
    const { lower, upper, rest } = rangeFor(residuals, field);
    return { index: `[scope+k.${field}]`, field, lower, upper, reverse, residual: rest, search, alternative: null };
  };
  if (sort) {
    const plan = planOn(sort.field, sort.descending);
    const filtered = byFilter && byFilter.field !== sort.field ? planOn(byFilter.field, false) : null;
    return filtered ? { ...plan, alternative: filtered } : plan;
  }
  if (byFilter) return planOn(byFilter.field, false);
  return { index: '[scope+key]', field: null, lower: null, upper: null, reverse: false, residual: residuals, search, alternative: null };
}

/**
 * A range (`lt`, `lte`, `gt`, `gte`) never lets an unset value through, as the API's
 * backend compares null (a "modified before" filter leaves out rows never modified);
 * `eq` and `ne` compare it like any value. Null still sorts first.
 */
export const isRangeOp = (op: Filter['op']): boolean => op !== 'eq' && op !== 'ne';

/** True when a row's encoded keys pass every residual filter (a range: see {@link isRangeOp}). */
export function passesResidual(k: Readonly<Record<string, IndexKey>>, residual: readonly Residual[]): boolean {
  for (const r of residual) {
    const v = k[r.field];
    if (v === undefined) return false;
    if (isRangeOp(r.op) && (v === NULL_KEY || r.key === NULL_KEY)) return false;
    switch (r.op) {
      case 'eq':
        if (v !== r.key) return false;
        break;
      case 'ne':
        if (v === r.key) return false;
        break;
      case 'lt':
        if (!(v < r.key)) return false;
        break;
      case 'lte':
        if (!(v <= r.key)) return false;
        break;
      case 'gt':
        if (!(v > r.key)) return false;
        break;
      case 'gte':
        if (!(v >= r.key)) return false;
        break;
    }
  }
  return true;
}

/** True when any string value of the row (top level or in its locales) contains the text. */
export function matchesSearch(row: Readonly<Record<string, unknown>>, needle: string): boolean {
  if (needle === '') return true;
  for (const value of Object.values(row)) {
    if (typeof value === 'string' && value.toLowerCase().includes(needle)) return true;
    if (Array.isArray(value)) {
      for (const entry of value) {
        if (entry && typeof entry === 'object') {
          for (const inner of Object.values(entry as Record<string, unknown>)) {
            if (typeof inner === 'string' && inner.toLowerCase().includes(needle)) return true;
          }
        }
      }
    }
  }
  return false;
}
