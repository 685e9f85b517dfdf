import { FILTER_OPS, productionDialect, type Filter, type FilterOp, type SortKey } from '../../src-shared/api/index.js';

/** A list's state as it lives in the URL, so deep links and reloads keep it. */
export interface ListRouteState {
  readonly scope: string | null;
  readonly sort: SortKey | null;
  readonly filters: Filter[];
  readonly search: string;
  readonly row: string | null;
}

type RouteQuery = Readonly<Record<string, string | null | (string | null)[] | undefined>>;

const first = (value: RouteQuery[string]): string | null => (Array.isArray(value) ? (value[0] ?? null) : (value ?? null));
const all = (value: RouteQuery[string]): string[] => (Array.isArray(value) ? value : value ? [value] : []).filter((v): v is string => typeof v === 'string');

/** `f=status:eq:Attending` (repeatable) ↔ filters; `sort=-name` in the API's own dialect. */
export function parseListRoute(query: RouteQuery): ListRouteState {
  const sortText = first(query.sort);
  const sort = sortText ? (productionDialect.decodeSort(sortText)[0] ?? null) : null;
  const filters: Filter[] = [];
  for (const text of all(query.f)) {
    const [field, op, ...rest] = text.split(':');
    if (!field || !op || !(FILTER_OPS as readonly string[]).includes(op)) continue;
    filters.push({ field, op: op as FilterOp, value: rest.join(':') });
  }
  return { scope: first(query.scope), sort, filters, search: first(query.q) ?? '', row: first(query.row) };
}

export function listRouteQuery(state: ListRouteState): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (state.scope) out.scope = state.scope;
  if (state.sort) out.sort = productionDialect.encodeSort([state.sort]);
  if (state.filters.length > 0) out.f = state.filters.map((f) => `${f.field}:${f.op}:${f.value}`);
  if (state.search) out.q = state.search;
  if (state.row) out.row = state.row;
  return out;
}
