import { Dexie, type Collection } from 'dexie';
import { mirrorTable, scopeId, type MirrorKey, type OutpostDb, type StoredRow } from '../../src-shared/store/index.js';
import { walkIndex, type Anchors, type WalkOptions, type WalkProgress } from './index-walk.js';
import { matchesSearch, passesResidual, planQuery, type ListQuery, type QueryPlan } from './list-query.js';

/** Above this many rows in a filter's range, sorting uses the sort index instead of memory. */
export const MEMORY_SORT_LIMIT = 50_000;

/**
 * Orders computed in memory, by query and row count: scrolling then reads only the
 * rows on screen, by primary key (so their values are always current).
 */
const memoryOrders = new Map<string, MirrorKey[]>();
const MEMORY_ORDERS_KEPT = 4;

type RowCollection = Collection<StoredRow, MirrorKey>;

function collectionOf(db: OutpostDb, table: string, scope: string | null, plan: QueryPlan): RowCollection {
  const rows = mirrorTable(db, table);
  let collection: RowCollection;
  if (plan.index === 'key') {
    collection = rows.orderBy('key');
  } else {
    const id = scope === null ? null : scopeId(scope);
    const lower = plan.lower ? [id, plan.lower.key] : [id, Dexie.minKey];
    const upper = plan.upper ? [id, plan.upper.key] : [id, Dexie.maxKey];
    collection = rows.where(plan.index).between(lower, upper, !(plan.lower?.open ?? false), !(plan.upper?.open ?? false));
  }
  if (plan.reverse) collection = collection.reverse();
  if (plan.residual.length > 0 || plan.search !== '') {
    collection = collection.filter((r) => passesResidual(r.k, plan.residual) && matchesSearch(r.row, plan.search));
  }
  return collection;
}

/**
 * Strategies chosen lately, by query: every block read while scrolling would otherwise
 * probe the filter's range again. Either strategy reads the right rows in the right
 * order, so one chosen before rows changed stays correct.
 */
const strategies = new Map<string, boolean>();
const STRATEGIES_KEPT = 16;

/**
 * Whether the filter's own index beats scanning the sort index (few rows in range).
 * Probes for the row just past the limit rather than counting the range: a count
 * walks all of it, the probe at most the limit.
 */
async function chooseStrategy(db: OutpostDb, query: ListQuery, plan: QueryPlan): Promise<{ plan: QueryPlan; memorySort: boolean }> {
  if (!plan.alternative) return { plan, memorySort: false };
  const cacheKey = JSON.stringify([query.endpoint.table, query.scope, plan]);
  let memorySort = strategies.get(cacheKey);
  if (memorySort === undefined) {
    const bare = { ...plan.alternative, residual: [], search: '' };
    const past = await collectionOf(db, query.endpoint.table, query.scope, bare).offset(MEMORY_SORT_LIMIT).limit(1).primaryKeys();
    memorySort = past.length === 0;
    strategies.set(cacheKey, memorySort);
    if (strategies.size > STRATEGIES_KEPT) strategies.delete(strategies.keys().next().value!);
  }
  return memorySort ? { plan: plan.alternative, memorySort: true } : { plan, memorySort: false };
}

function sortInMemory(rows: StoredRow[], field: string, descending: boolean): StoredRow[] {
  const sign = descending ? -1 : 1;
  return rows.sort((a, b) => {
    const x = a.k[field] ?? -Infinity;
    const y = b.k[field] ?? -Infinity;
    return x < y ? -sign : x > y ? sign : a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
  });
}

/** The number of rows the query matches. */
export async function countRows(db: OutpostDb, query: ListQuery): Promise<number> {
  const plan = planQuery(query);
  const chosen = await chooseStrategy(db, query, plan);
  return collectionOf(db, query.endpoint.table, query.scope, chosen.plan).count();
}

export type { Anchors } from './index-walk.js';

export const ANCHOR_EVERY = 1000;

/**
 * The index range whose walk counts the query, or null when rows must be tested one by
 * one (row filters, search, every-scope lists). A filter on another field than the
 * sort is counted on the filter's own index; only a walk of the sort's index also
 * places anchors.
 */
function walkPlan(query: ListQuery): { plan: QueryPlan; anchors: boolean } | null {
  const plan = planQuery(query);
  const clean = (p: QueryPlan) => p.residual.length === 0 && p.search === '' && p.index !== 'key';
  if (query.scope === null) return null;
  if (!plan.alternative) return clean(plan) ? { plan, anchors: true } : null;
  return clean(plan.alternative) && plan.residual.length === 1 && plan.search === '' ? { plan: plan.alternative, anchors: false } : null;
}

/** True when a chunked walk of one index range counts the query (see {@link walkList}). */
export function walkable(query: ListQuery): boolean {
  return walkPlan(query) !== null;
}

/** A walk's progress; anchors only when the walk followed the order the list is read in. */
export interface ListWalk extends Omit<WalkProgress, 'anchors'> {
  readonly anchors: Anchors | null;
}

/**
 * Counts the query's rows, and places anchors, in one walk over index keys (no rows
 * read), in chunks that let other reads in and stop when `signal` aborts. Null for
 * lists whose rows must be tested one by one: those are counted with {@link countRows}.
 */
export async function walkList(db: OutpostDb, query: ListQuery, options: Omit<WalkOptions, 'every' | 'onProgress'> & { every?: number; onProgress?: (progress: ListWalk) => void } = {}): Promise<ListWalk | null> {
  const chosen = walkPlan(query);
  if (!chosen || query.scope === null) return null;
  const shape = (p: WalkProgress): ListWalk => (chosen.anchors ? p : { ...p, anchors: null });
  const { onProgress } = options;
  const progress = await walkIndex(db, query.endpoint.table, query.scope, chosen.plan, {
    every: ANCHOR_EVERY,
    ...options,
    onProgress: onProgress && ((p) => onProgress(shape(p))),
  });
  return shape(progress);
}

/** The anchors of a whole list (see {@link walkList}). */
export async function buildAnchors(db: OutpostDb, query: ListQuery, every = ANCHOR_EVERY): Promise<Anchors | null> {
  return (await walkList(db, query, { every }))?.anchors ?? null;
}

/** The collection starting at an anchor at or before `offset`, and what is left to skip. */
function fromAnchor(db: OutpostDb, query: ListQuery, plan: QueryPlan, anchors: Anchors, offset: number): { collection: RowCollection; skip: number } | null {
  const slot = Math.min(Math.floor(offset / anchors.every), anchors.keys.length - 1);
  if (slot <= 0) return null;
  const key = anchors.keys[slot]!;
  const bounded: QueryPlan = plan.reverse ? { ...plan, upper: { key, open: false } } : { ...plan, lower: { key, open: false } };
  return { collection: collectionOf(db, query.endpoint.table, query.scope, bounded), skip: anchors.ties[slot]! + (offset - slot * anchors.every) };
}

/** Rows `offset .. offset+limit` of the query, in order; every row from `offset` when `limit` is null. */
export async function readRows(db: OutpostDb, query: ListQuery, offset: number, limit: number | null, anchors: Anchors | null = null): Promise<StoredRow[]> {
  const plan = planQuery(query);
  const chosen = await chooseStrategy(db, query, plan);
  const anchored = anchors && !chosen.memorySort && chosen.plan === plan ? fromAnchor(db, query, plan, anchors, offset) : null;
  if (anchored) {
    const from = anchored.skip > 0 ? anchored.collection.offset(anchored.skip) : anchored.collection;
    return limit === null ? from.toArray() : from.limit(limit).toArray();
  }
  const collection = collectionOf(db, query.endpoint.table, query.scope, chosen.plan);
  if (chosen.memorySort && plan.field) {
    const count = await collection.count();
    const cacheKey = JSON.stringify([query.endpoint.table, query.scope, plan, count]);
    let order = memoryOrders.get(cacheKey);
    if (!order) {
      order = sortInMemory(await collection.toArray(), plan.field, plan.reverse).map((r) => [r.scope, r.key]);
      memoryOrders.set(cacheKey, order);
      if (memoryOrders.size > MEMORY_ORDERS_KEPT) memoryOrders.delete(memoryOrders.keys().next().value!);
    }
    const keys = limit === null ? order.slice(offset) : order.slice(offset, offset + limit);
    const rows = await mirrorTable(db, query.endpoint.table).bulkGet(keys);
    return rows.filter((r): r is StoredRow => r !== undefined);
  }
  // IndexedDB takes counts up to 2^32-1 only: an unbounded read passes no limit at all.
  const from = offset > 0 ? collection.offset(offset) : collection;
  return limit === null ? from.toArray() : from.limit(limit).toArray();
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
 * A text search is a scan (no index holds substrings), so it stops at `cap` matches
 * or when `budgetMs` has passed; `complete` says whether every row was looked at.
 */
export async function searchRows(db: OutpostDb, query: ListQuery, budgetMs: number, cap = SEARCH_CAP, now: () => number = () => performance.now()): Promise<SearchResult> {
  const plan = planQuery(query);
  const chosen = await chooseStrategy(db, query, plan);
  const bare = { ...chosen.plan, residual: [], search: '' };
  const deadline = now() + budgetMs;
  const rows: StoredRow[] = [];
  let scanned = 0;
  let stopped = false;
  await collectionOf(db, query.endpoint.table, query.scope, bare)
    .until(() => {
      stopped = rows.length >= cap || (scanned % 256 === 0 && now() > deadline);
      return stopped;
    })
    .each((r) => {
      scanned++;
      if (passesResidual(r.k, plan.residual) && matchesSearch(r.row, plan.search)) rows.push(r);
    });
  const field = plan.field;
  if (chosen.memorySort && field) sortInMemory(rows, field, plan.reverse);
  return { rows, complete: !stopped, scanned };
}
