import { indexedFields } from '../../src-shared/api/index.js';
import { chunkRows, eachScopeBatch, parseScopeKey, readTableRows, scopeRevision, storedRowOf, type OutpostDb, type StoredRow } from '../../src-shared/store/index.js';
import { compareKeys } from './column-query.js';
import type { EngineQuery, WalkAnswer } from './list-engine.js';
import { effectiveSort, matchesSearch, passesResidual, planQuery, residualsOf, type ListQuery, type QueryPlan, type Residual } from './list-query.js';
import { listEngineFor } from './worker-engine.js';

/**
 * List queries on the chunked mirror: the list engine (list-engine.ts, in its worker)
 * sorts and filters on the list's columns and names the rows of a window; only those
 * are read, from their chunks, here. A text search reads rows (no column holds
 * substrings). Every read first reads the scope's revision, so a live query re-runs
 * when the list changes.
 */

/** Kept for callers that size things by it: every order is now computed in memory. */
export const MEMORY_SORT_LIMIT = 50_000;

/** The engine's form of a list query (search and every-scope lists excepted). */
function engineQuery(query: ListQuery): EngineQuery {
  const sort = effectiveSort(query);
  return { endpoint: query.endpoint.id, scope: query.scope!, field: sort?.field ?? null, descending: sort?.descending ?? false, residual: residualsOf(query.endpoint, query.filters) };
}

/**
 * A window of a list from the engine, its rows read from their chunks, and the scope's
 * revision it answers. `seen`: the revision when the caller knows it; null when the
 * caller follows it itself (the engine reads it); by default it is read here first, so
 * a live query running this follows the list.
 */
async function engineWindow(db: OutpostDb, table: string, query: EngineQuery, offset: number, limit: number | null, seen?: number | null): Promise<{ total: number; rows: StoredRow[]; seq: number }> {
  const { scope } = query;
  const asked = seen === undefined ? (await scopeRevision(db, scope)).seq : (seen ?? undefined);
  // Promise.resolve: the live query keeps following reads after this non-Dexie wait (Dexie's rule for queriers).
  const { total, entries, seq } = await Promise.resolve(listEngineFor(db).window(query, offset, limit, asked));
  // The engine sends the rows' text; a row it could not read is read here from its chunk.
  const chunks = await chunkRows(db, scope, entries.flatMap((e) => ('chunk' in e && e.row === undefined ? [e.chunk] : [])));
  const rows: StoredRow[] = [];
  for (const e of entries) {
    if ('local' in e) rows.push(storedRowOf(scope, table, e.key, e.local.pass ?? '', e.local.row!, e.local));
    else {
      const row = e.row === undefined ? chunks.get(e.chunk)?.row(e.index) : typeof e.row === 'string' ? (JSON.parse(e.row) as Record<string, unknown>) : e.row;
      if (row) rows.push(storedRowOf(scope, table, e.key, e.pass, row));
    }
  }
  return { total, rows, seq };
}

/** The first `limit` rows of one list in the order of any of its columns (sortable or filterable), ascending, of those that pass `residual`. */
export async function firstRowsBy(db: OutpostDb, scope: string, field: string, limit: number, residual: readonly Residual[] = []): Promise<StoredRow[]> {
  const endpoint = parseScopeKey(scope).endpoint;
  if (!indexedFields(endpoint).includes(field)) return [];
  return (await engineWindow(db, endpoint.table, { endpoint: endpoint.id, scope, field, descending: false, residual }, 0, limit)).rows;
}

/** Rows of a search (or of an every-scope list): read, tested and sorted in memory. */
async function scanned(db: OutpostDb, query: ListQuery): Promise<StoredRow[]> {
  const plan = planQuery(query);
  const all = query.scope === null ? await readTableRows(db, query.endpoint.table) : await collect(db, query.scope);
  const residual = residualsOf(query.endpoint, query.filters);
  const rows = all.filter((r) => passesResidual(r.k, residual) && matchesSearch(r.row, plan.search));
  return sortRows(rows, query);
}

async function collect(db: OutpostDb, scope: string): Promise<StoredRow[]> {
  const rows: StoredRow[] = [];
  await eachScopeBatch(db, scope, (batch) => void rows.push(...batch));
  return rows;
}

function sortRows(rows: StoredRow[], query: ListQuery): StoredRow[] {
  const sort = query.scope === null ? null : effectiveSort(query);
  const byKey = (a: StoredRow, b: StoredRow) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.scopeKey < b.scopeKey ? -1 : a.scopeKey > b.scopeKey ? 1 : 0);
  if (!sort) return rows.sort(byKey);
  const sign = sort.descending ? -1 : 1;
  return rows.sort((a, b) => sign * (compareKeys(a.k[sort.field] ?? -Infinity, b.k[sort.field] ?? -Infinity) || byKey(a, b)));
}

const searched = (query: ListQuery) => query.search.trim() !== '' || query.scope === null;

/** The number of rows the query matches. */
export async function countRows(db: OutpostDb, query: ListQuery): Promise<number> {
  if (searched(query)) return (await scanned(db, query)).length;
  return (await engineWindow(db, query.endpoint.table, engineQuery(query), 0, 0)).total;
}

/**
 * True when {@link walkList} counts the query, reporting progress: lists the old index
 * plan could count without testing rows one by one. Others are counted with
 * {@link countRows} in one go; both answer from the columns.
 */
export function walkable(query: ListQuery): boolean {
  const plan = planQuery(query);
  const clean = (p: QueryPlan) => p.residual.length === 0 && p.search === '' && p.index !== 'key';
  if (query.scope === null) return false;
  if (!plan.alternative) return clean(plan);
  return clean(plan.alternative) && plan.residual.length === 1 && plan.search === '';
}

/** What a walk has found so far; `complete` once it counted every row (the engine's answer as it is). */
export type ListWalk = WalkAnswer;

export interface WalkOptions {
  /** Rows stepped over before the walk reports and lets others in. */
  readonly chunk?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: ListWalk) => void;
}

/**
 * Counts the query's rows, reporting after every `chunk` rows and stopping when
 * `signal` aborts. Null for lists counted with {@link countRows}.
 */
export async function walkList(db: OutpostDb, query: ListQuery, options: WalkOptions = {}): Promise<ListWalk | null> {
  if (!walkable(query) || query.scope === null) return null;
  const { seq } = await scopeRevision(db, query.scope);
  const { onProgress } = options;
  return listEngineFor(db).walk(engineQuery(query), {
    seen: seq,
    // Unchunked by default: the worker walks in one go, off this thread.
    chunk: options.chunk ?? Number.POSITIVE_INFINITY,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(onProgress ? { onProgress } : {}),
  });
}

/** Rows `offset .. offset+limit` of the query, in order; every row from `offset` when `limit` is null. */
export async function readRows(db: OutpostDb, query: ListQuery, offset: number, limit: number | null): Promise<StoredRow[]> {
  if (searched(query)) {
    const rows = await scanned(db, query);
    return limit === null ? rows.slice(offset) : rows.slice(offset, offset + limit);
  }
  return (await engineWindow(db, query.endpoint.table, engineQuery(query), offset, limit)).rows;
}

/**
 * Rows `offset .. offset+limit` of a list query (no search), and the scope's revision
 * they answer, for a caller that follows the revision itself: nothing is read before
 * the engine is asked. `seen`: the revision the caller has read, if any.
 */
export async function readWindow(db: OutpostDb, query: ListQuery, offset: number, limit: number, seen?: number): Promise<{ rows: StoredRow[]; seq: number }> {
  const { rows, seq } = await engineWindow(db, query.endpoint.table, engineQuery(query), offset, limit, seen ?? null);
  return { rows, seq };
}

/**
 * Starts the engine on a list query chosen a moment ago (a filter, a sort), before the
 * page draws the change and its table asks for the rows: the window asked for then finds
 * the query's fields read and its filter worked out, or under way. In the bench's
 * marks the table's own request followed 0.4–17 ms later: little, but the worker no
 * longer waits for the page's update, whatever that costs.
 */
export function prepareList(db: OutpostDb, query: ListQuery): void {
  if (searched(query)) return;
  listEngineFor(db)
    .prepare(engineQuery(query))
    .catch(() => undefined);
}

/** Every row of the query, in order (export). */
export async function readAllRows(db: OutpostDb, query: ListQuery): Promise<StoredRow[]> {
  return readRows(db, query, 0, null);
}

/** What a search found: the first matches in list order, and whether it looked at every row. */
export interface SearchResult {
  readonly rows: StoredRow[];
  readonly complete: boolean;
  readonly scanned: number;
}

/** At most this many matches are kept: past it, the user refines the search. */
export const SEARCH_CAP = 5000;

/**
 * A text search reads rows (a scan), so it stops at `cap` matches or when `budgetMs`
 * has passed; `complete` says whether every row was looked at. Matches are shown in
 * the list's order.
 */
export async function searchRows(db: OutpostDb, query: ListQuery, budgetMs: number, cap = SEARCH_CAP, now: () => number = () => performance.now()): Promise<SearchResult> {
  const needle = planQuery(query).search;
  const residual = residualsOf(query.endpoint, query.filters);
  const deadline = now() + budgetMs;
  const rows: StoredRow[] = [];
  let count = 0;
  let stopped = false;
  const test = (batch: StoredRow[]) => {
    for (const r of batch) {
      stopped = rows.length >= cap || (count % 256 === 0 && now() > deadline);
      if (stopped) return false;
      count++;
      if (passesResidual(r.k, residual) && matchesSearch(r.row, needle)) rows.push(r);
    }
    return true;
  };
  if (query.scope === null) test(await readTableRows(db, query.endpoint.table));
  else await eachScopeBatch(db, query.scope, test, 4);
  return { rows: sortRows(rows, query), complete: !stopped, scanned: count };
}
