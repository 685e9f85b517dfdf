import { parseScopeKey, tableScopes, type IndexKey, type OutpostDb, type StoredRow } from '../../src-shared/store/index.js';
import { orderOf } from './column-query.js';
import { rowsAt } from './column-rows.js';
import { columnsOf } from './columns-registry.js';

/**
 * What charts, pickers and the users directory ask of a field over whole lists,
 * answered from the lists' columns (scope-columns.ts): no row is read once a list's
 * columns are built, and they follow the list by deltas.
 */

/** The scopes of a table's lists that have the field as a column. */
async function listScopes(db: OutpostDb, table: string): Promise<string[]> {
  return (await tableScopes(db, table)).filter((scope) => {
    try {
      return parseScopeKey(scope).endpoint.kind === 'list';
    } catch {
      return false;
    }
  });
}

/** Row counts per encoded value of a field in one list. */
export async function valueCounts(db: OutpostDb, scope: string, field: string): Promise<Map<IndexKey, number>> {
  const columns = await columnsOf(db, parseScopeKey(scope).endpoint, scope);
  const column = columns.columns.get(field);
  const counts = new Map<IndexKey, number>();
  if (!column) return counts;
  const perCode = new Uint32Array(column.distinct);
  for (let slot = 0; slot < columns.count; slot++) if (columns.alive(slot)) perCode[column.codes[slot]!]!++;
  perCode.forEach((n, code) => {
    if (n > 0) counts.set(column.value(code), n);
  });
  return counts;
}

/** The distinct values of a field over every list of a table (nulls left out), at most `limit`. */
export async function distinctValues(db: OutpostDb, table: string, field: string, limit = Number.POSITIVE_INFINITY): Promise<IndexKey[]> {
  const seen = new Set<IndexKey>();
  for (const scope of await listScopes(db, table)) {
    for (const value of (await valueCounts(db, scope, field)).keys()) {
      if (value !== -Infinity) seen.add(value);
      if (seen.size >= limit) return [...seen];
    }
  }
  return [...seen];
}

/** The first `limit` rows of one list in the order of a field. */
export async function firstRowsBy(db: OutpostDb, scope: string, field: string, limit: number): Promise<StoredRow[]> {
  const columns = await columnsOf(db, parseScopeKey(scope).endpoint, scope);
  if (!columns.columns.has(field)) return [];
  return rowsAt(db, columns, [...orderOf(columns, field).subarray(0, limit)]);
}
