import { Dexie, type Collection } from 'dexie';
import { mirrorTable, scopeId, type IndexKey, type MirrorKey, type OutpostDb, type StoredRow } from '../../src-shared/store/index.js';
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

/** Whether the filter's own index beats scanning the sort index (few rows in range). */
async function chooseStrategy(db: OutpostDb, query: ListQuery, plan: QueryPlan): Promise<{ plan: QueryPlan; memorySort: boolean }> {
  if (!plan.alternative) return { plan, memorySort: false };
  const bare = { ...plan.alternative, residual: [], search: '' };
  const inRange = await collectionOf(db, query.endpoint.table, query.scope, bare).count();
  return inRange <= MEMORY_SORT_LIMIT ? { plan: plan.alternative, memorySort: true } : { plan, memorySort: false };
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

/**
 * Every `every`-th index key of a list in its order, with how many rows before it
 * share its key: a read at any position then starts at the nearest anchor instead of
 * stepping over every row before it. Null for lists the anchors cannot serve (row
 * filters, search, in-memory sorts, every-scope lists).
 */
export interface Anchors {
  readonly every: number;
  readonly keys: readonly IndexKey[];
  /** Rows before the anchor with the same key (ties are ordered by primary key). */
  readonly ties: readonly number[];
}

export const ANCHOR_EVERY = 1000;

/**
 * Reads only index keys (no rows), once per query, to place anchors. A key cursor
 * (eachKey) keeps memory flat on a million rows; in Chromium, one getAllKeys of that
 * many compound keys was slower still.
 */
export async function buildAnchors(db: OutpostDb, query: ListQuery, every = ANCHOR_EVERY): Promise<Anchors | null> {
  const plan = planQuery(query);
  if (plan.residual.length > 0 || plan.search !== '' || plan.alternative || plan.index === 'key') return null;
  const keys: IndexKey[] = [];
  const ties: number[] = [];
  let position = 0;
  let previous: unknown = undefined;
  let run = 0;
  await collectionOf(db, query.endpoint.table, query.scope, plan).eachKey((key) => {
    const value = (key as unknown as [string, IndexKey])[1];
    run = value === previous ? run + 1 : 0;
    previous = value;
    if (position % every === 0) {
      keys.push(value);
      ties.push(run);
    }
    position++;
  });
  return { every, keys, ties };
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
