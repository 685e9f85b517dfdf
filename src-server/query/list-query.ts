import type { Dialect, EndpointDef, FilterOp, ScalarType } from '../../src-shared/api/index.js';
import { isDialectProblem } from '../../src-shared/api/index.js';
import { parseFilterValue, type Comparable } from './scalar-values.js';

export const DEFAULT_LIMIT = 200;
export const MAX_LIMIT = 1000;
const RESERVED = new Set(['limit', 'offset', 'sort', 'cursor']);

export interface CompiledFilter {
  readonly field: string;
  readonly type: ScalarType;
  readonly op: FilterOp;
  readonly value: Comparable;
}

export interface ResolvedSortKey {
  readonly field: string;
  readonly type: ScalarType;
  readonly descending: boolean;
}

/** A list request's query, validated against the endpoint's F/S parameters. */
export interface ListQuery {
  readonly filters: readonly CompiledFilter[];
  /** The effective sort: the request's, else the endpoint's default; empty = creation order. */
  readonly sort: readonly ResolvedSortKey[];
  readonly limit: number;
  readonly offset: number;
  readonly cursor: string | null;
  /** Canonical text of filters and sort: what a cursor is tied to. */
  readonly fingerprint: string;
  /** Parameters that generated URLs keep (all but limit, offset and cursor), in request order. */
  readonly kept: readonly (readonly [string, string])[];
}

/** Invalid query parameters, by parameter name (ProblemDetails `errors`). */
export type QueryErrors = Record<string, string[]>;

function addError(errors: QueryErrors, name: string, message: string): void {
  (errors[name] ??= []).push(message);
}

function readInteger(raw: string): number | null {
  return /^\d+$/.test(raw) ? Number(raw) : null;
}

/**
 * Validates the query parameters of a list request: limit (1–1000, default 200),
 * offset, sort (sortable fields only), cursor, and filters on F fields in the dialect.
 */
export function parseListQuery(
  endpoint: EndpointDef,
  params: readonly (readonly [string, string])[],
  dialect: Dialect,
): { ok: true; query: ListQuery } | { ok: false; errors: QueryErrors } {
  const errors: QueryErrors = {};
  let limit = DEFAULT_LIMIT;
  let offset = 0;
  let cursor: string | null = null;
  let sortText: string | null = null;
  const filters: CompiledFilter[] = [];
  const kept: (readonly [string, string])[] = [];
  const filterable = Object.entries(endpoint.query).filter(([, p]) => p.filter).map(([n]) => n);
  const sortable = Object.entries(endpoint.query).filter(([, p]) => p.sort).map(([n]) => n);

  for (const [name, raw] of params) {
    if (name === 'limit') {
      const value = readInteger(raw);
      if (value === null || value < 1 || value > MAX_LIMIT) {
        addError(errors, name, `limit must be an integer from 1 to ${MAX_LIMIT}; got "${raw}"`);
      } else limit = value;
      continue;
    }
    if (name === 'offset') {
      const value = readInteger(raw);
      if (value === null) addError(errors, name, `offset must be a non-negative integer; got "${raw}"`);
      else offset = value;
      continue;
    }
    if (name === 'cursor') {
      cursor = raw;
      continue;
    }
    kept.push([name, raw]);
    if (name === 'sort') {
      sortText = raw;
      continue;
    }
    const decoded = dialect.decodeFilter(name, raw);
    if (decoded === null) {
      addError(errors, name, `unknown query parameter; filterable: ${filterable.join(', ') || 'none'}`);
      continue;
    }
    if (isDialectProblem(decoded)) {
      addError(errors, name, decoded.message);
      continue;
    }
    const param = endpoint.query[decoded.field];
    if (!param || !param.filter || RESERVED.has(decoded.field)) {
      addError(
        errors,
        name,
        `${decoded.field} is not a filterable field of this list; filterable: ${filterable.join(', ') || 'none'}`,
      );
      continue;
    }
    const value = parseFilterValue(param.type, decoded.value);
    if (!value.ok) {
      addError(errors, name, value.message);
      continue;
    }
    filters.push({ field: decoded.field, type: param.type, op: decoded.op, value: value.value });
  }

  const sort: ResolvedSortKey[] = [];
  const requested = sortText ?? endpoint.defaultSort;
  if (requested !== null) {
    const seen = new Set<string>();
    const keys = dialect.decodeSort(requested);
    if (sortText !== null && keys.length === 0) addError(errors, 'sort', 'sort is empty');
    for (const key of keys) {
      const param = endpoint.query[key.field];
      if (!param || !param.sort) {
        addError(errors, 'sort', `${key.field} is not sortable; sortable: ${sortable.join(', ') || 'none'}`);
      } else if (seen.has(key.field)) {
        addError(errors, 'sort', `${key.field} appears twice`);
      } else {
        seen.add(key.field);
        sort.push({ field: key.field, type: param.type, descending: key.descending });
      }
    }
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const fingerprint = JSON.stringify({
    f: filters.map((f) => [f.field, f.op, f.value]).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1)),
    s: sort.map((k) => (k.descending ? `-${k.field}` : k.field)),
  });
  return { ok: true, query: { filters, sort, limit, offset, cursor, fingerprint, kept } };
}
