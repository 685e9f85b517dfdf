import { Dexie, type Collection } from 'dexie';
import { mirrorTable, type OutpostDb, type StoredRow } from '../../src-shared/store/index.js';
import { matchesSearch, passesResidual, planQuery, type ListQuery, type QueryPlan } from './list-query.js';

/** Above this many rows in a filter's range, sorting uses the sort index instead of memory. */
export const MEMORY_SORT_LIMIT = 5000;

type RowCollection = Collection<StoredRow, [string, string]>;

function collectionOf(db: OutpostDb, table: string, scope: string | null, plan: QueryPlan): RowCollection {
  const rows = mirrorTable(db, table);
  let collection: RowCollection;
  if (plan.index === 'key') {
    collection = rows.orderBy('key');
  } else {
    const lower = plan.lower ? [scope, plan.lower.key] : [scope, Dexie.minKey];
    const upper = plan.upper ? [scope, plan.upper.key] : [scope, Dexie.maxKey];
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

/** Rows `offset .. offset+limit` of the query, in order; every row from `offset` when `limit` is null. */
export async function readRows(db: OutpostDb, query: ListQuery, offset: number, limit: number | null): Promise<StoredRow[]> {
  const plan = planQuery(query);
  const chosen = await chooseStrategy(db, query, plan);
  const collection = collectionOf(db, query.endpoint.table, query.scope, chosen.plan);
  if (chosen.memorySort && plan.field) {
    const all = sortInMemory(await collection.toArray(), plan.field, plan.reverse);
    return limit === null ? all.slice(offset) : all.slice(offset, offset + limit);
  }
  // IndexedDB takes counts up to 2^32-1 only: an unbounded read passes no limit at all.
  const from = offset > 0 ? collection.offset(offset) : collection;
  return limit === null ? from.toArray() : from.limit(limit).toArray();
}

/** Every row of the query, in order (export). */
export async function readAllRows(db: OutpostDb, query: ListQuery): Promise<StoredRow[]> {
  return readRows(db, query, 0, null);
}
