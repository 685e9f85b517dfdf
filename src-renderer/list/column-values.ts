import { parseScopeKey, tableScopes, type IndexKey, type OutpostDb } from '../../src-shared/store/index.js';
import type { Residual } from './list-query.js';
import { listEngineFor } from './worker-engine.js';

/**
 * What charts, pickers and the users directory ask of a field over whole lists,
 * answered by the list engine from the lists' columns (scope-columns.ts), in its
 * worker: no row is read once a list's columns are built, they follow the list by
 * deltas, and building a million-row list's columns never blocks the window.
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

/** Row counts per encoded value of a field in one list; `residual`: of the rows that pass these filters. */
export async function valueCounts(db: OutpostDb, scope: string, field: string, residual: readonly Residual[] = []): Promise<Map<IndexKey, number>> {
  return new Map(await listEngineFor(db).counts(parseScopeKey(scope).endpoint.id, scope, field, residual));
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
