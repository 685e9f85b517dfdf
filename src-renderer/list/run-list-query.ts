import { eachScopeBatch, encodeIndexKey, readTableRows, type IndexKey, type OutpostDb, type StoredRow } from '../../src-shared/store/index.js';
import { compareKeys, matchingSlots } from './column-query.js';
import { effectiveSort, matchesSearch, passesResidual, planQuery, validFilters, type ListQuery, type QueryPlan, type Residual } from './list-query.js';
import { columnsOf, type ScopeColumns } from './scope-columns.js';

/**
 * List queries on the chunked mirror: sort and filter on the list's columns
 * (scope-columns.ts, column-query.ts), then read only the rows on screen from their
 * chunks. A text search reads rows (no column holds substrings).
 */

/** Kept for callers that size things by it: every order is now computed in memory. */
export const MEMORY_SORT_LIMIT = 50_000;

/**
 * Every `every`-th sort key of a list in its order, with how many rows before it share
 * it. Reads no longer need them (any position is one array index away); the walk
 * still reports them so a screen can show the list's shape while it counts.
 */
export interface Anchors {
  readonly every: number;
  readonly keys: readonly IndexKey[];
  readonly ties: readonly number[];
}

export const ANCHOR_EVERY = 1000;

/** How many rows a walk steps over before it lets others in. */
export const WALK_CHUNK = 20_000;

interface Shown {
  readonly columns: ScopeColumns;
  readonly slots: Uint32Array;
  readonly field: string | null;
}

/** Every valid filter as a test on encoded values. */
function residualsOf(query: ListQuery): Residual[] {
  return validFilters(query.endpoint, query.filters).map((f) => ({ field: f.field, op: f.op, key: encodeIndexKey(query.endpoint.query[f.field]!.type, f.value) }));
}

/** The slots a list query shows, in order (search excepted: see {@link searchRows}). */
async function shown(db: OutpostDb, query: ListQuery, keep?: (slot: number) => boolean): Promise<Shown> {
  const columns = await columnsOf(db, query.endpoint, query.scope!);
  const sort = effectiveSort(query);
  const field = sort && columns.columns.has(sort.field) ? sort.field : null;
  const slots = matchingSlots(columns, field, field !== null && (sort?.descending ?? false), residualsOf(query), keep);
  return { columns, slots, field };
}

/** Rows of a search (or of an every-scope list): read, tested and sorted in memory. */
async function scanned(db: OutpostDb, query: ListQuery): Promise<StoredRow[]> {
  const plan = planQuery(query);
  const all = query.scope === null ? await readTableRows(db, query.endpoint.table) : await collect(db, query.scope);
  const rows = all.filter((r) => passesResidual(r.k, residualsOf(query)) && matchesSearch(r.row, plan.search));
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
  return (await shown(db, query)).slots.length;
}

/**
 * Which lists are counted by a walk that reports progress (and anchors): those the
 * old index plan could count without testing rows one by one. Others are counted
 * with {@link countRows} in one go; both answer from the columns.
 */
function walkPlan(query: ListQuery): { plan: QueryPlan; anchors: boolean } | null {
  const plan = planQuery(query);
  const clean = (p: QueryPlan) => p.residual.length === 0 && p.search === '' && p.index !== 'key';
  if (query.scope === null) return null;
  if (!plan.alternative) return clean(plan) ? { plan, anchors: true } : null;
  return clean(plan.alternative) && plan.residual.length === 1 && plan.search === '' ? { plan: plan.alternative, anchors: false } : null;
}

/** True when {@link walkList} counts the query. */
export function walkable(query: ListQuery): boolean {
  return walkPlan(query) !== null;
}

/** What a walk has found so far; `complete` once it counted every row. */
export interface ListWalk {
  readonly anchors: Anchors | null;
  readonly counted: number;
  readonly complete: boolean;
}

export interface WalkOptions {
  readonly every?: number;
  /** Rows stepped over before the walk reports and lets others in. */
  readonly chunk?: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (progress: ListWalk) => void;
}

/**
 * Counts the query's rows and places anchors, reporting after every `chunk` rows and
 * stopping when `signal` aborts. Null for lists counted with {@link countRows}.
 */
export async function walkList(db: OutpostDb, query: ListQuery, options: WalkOptions = {}): Promise<ListWalk | null> {
  const chosen = walkPlan(query);
  if (!chosen || query.scope === null) return null;
  const { columns, slots, field } = await shown(db, query);
  const every = options.every ?? ANCHOR_EVERY;
  const chunk = options.chunk ?? WALK_CHUNK;
  const value = (slot: number): IndexKey => (field === null ? columns.keys[slot]! : columns.columns.get(field)![slot]!);
  const keys: IndexKey[] = [];
  const ties: number[] = [];
  let run = 0;
  let previous: IndexKey | undefined;
  let counted = 0;
  const progress = (): ListWalk => ({ anchors: chosen.anchors ? { every, keys: [...keys], ties: [...ties] } : null, counted, complete: counted === slots.length });
  while (counted < slots.length && !options.signal?.aborted) {
    const end = Math.min(slots.length, counted + chunk);
    for (; counted < end; counted++) {
      const v = value(slots[counted]!);
      run = v === previous ? run + 1 : 0;
      previous = v;
      if (counted % every === 0) {
        keys.push(v);
        ties.push(run);
      }
    }
    options.onProgress?.(progress());
    if (counted < slots.length) await new Promise((r) => setTimeout(r, 0));
  }
  if (slots.length === 0) options.onProgress?.(progress());
  return progress();
}

/** The anchors of a whole list (see {@link walkList}). */
export async function buildAnchors(db: OutpostDb, query: ListQuery, every = ANCHOR_EVERY): Promise<Anchors | null> {
  return (await walkList(db, query, { every }))?.anchors ?? null;
}

/** Rows `offset .. offset+limit` of the query, in order; every row from `offset` when `limit` is null. */
export async function readRows(db: OutpostDb, query: ListQuery, offset: number, limit: number | null, _anchors: Anchors | null = null): Promise<StoredRow[]> {
  if (searched(query)) {
    const rows = await scanned(db, query);
    return limit === null ? rows.slice(offset) : rows.slice(offset, offset + limit);
  }
  const { columns, slots } = await shown(db, query);
  const window = limit === null ? slots.subarray(offset) : slots.subarray(offset, offset + limit);
  return columns.rows(db, [...window]);
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
  const residual = residualsOf(query);
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
