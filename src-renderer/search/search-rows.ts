import { Dexie } from 'dexie';
import { mirrorKey, mirrorTable, mirrorTableSpecs, scopeId, scopeRowsOf, type OutpostDb, type ScopeKey, type StoredRow } from '../../src-shared/store/index.js';

/**
 * The one place search reads the mirror. The mirror's row layout may change (rows kept
 * in chunks, for one); search only ever asks these questions, so only this file follows.
 */

/** One mirrored row as search knows it: its table, its list (scope) and its key. */
export interface RowRef {
  readonly table: string;
  readonly scope: ScopeKey;
  readonly key: string;
}

/** A mirrored row with where it lives. */
export interface SearchRow extends RowRef {
  readonly row: Record<string, unknown>;
}

/** Every mirrored table's name. */
export function searchableTables(): string[] {
  return Object.keys(mirrorTableSpecs());
}

/**
 * Calls `onBatch` with every row of a table, `batchSize` at a time, in primary-key order.
 * Each batch is its own read, so a long scan never holds one transaction open.
 */
export async function scanTable(db: OutpostDb, table: string, batchSize: number, onBatch: (rows: SearchRow[]) => Promise<void> | void): Promise<void> {
  const store = mirrorTable(db, table);
  let after: [number, string] | null = null;
  for (;;) {
    const page: StoredRow[] = await (after === null ? store.orderBy(':id') : store.where(':id').above(after)).limit(batchSize).toArray();
    if (page.length === 0) return;
    await onBatch(page.map((r) => ({ table, scope: r.scopeKey, key: r.key, row: r.row })));
    const last: StoredRow = page[page.length - 1]!;
    after = [last.scope, last.key];
    if (page.length < batchSize) return;
  }
}

/** The rows of these refs that are stored now (a missing one is left out). */
export async function rowsByRefs(db: OutpostDb, refs: readonly RowRef[]): Promise<SearchRow[]> {
  const byTable = new Map<string, RowRef[]>();
  for (const ref of refs) byTable.set(ref.table, [...(byTable.get(ref.table) ?? []), ref]);
  const out: SearchRow[] = [];
  for (const [table, list] of byTable) {
    const stored = await mirrorTable(db, table).bulkGet(list.map((r) => mirrorKey(r.scope, r.key)));
    stored.forEach((row, i) => {
      if (row) out.push({ ...list[i]!, row: row.row });
    });
  }
  return out;
}

/** The keys of one list's rows in a table (read before the list is removed). */
export async function scopeRowRefs(db: OutpostDb, table: string, scope: ScopeKey): Promise<RowRef[]> {
  const keys = await scopeRowsOf(db, table, scope).primaryKeys();
  return keys.map(([, key]) => ({ table, scope, key }));
}

/** The rows a sweep of `pass` would delete: the list's rows not stamped with it. */
export async function sweptRowRefs(db: OutpostDb, table: string, scope: ScopeKey, pass: string): Promise<RowRef[]> {
  const index = mirrorTable(db, table).where('[scope+pass]');
  const id = scopeId(scope);
  const below = await index.between([id, Dexie.minKey], [id, pass], true, false).primaryKeys();
  const above = await index.between([id, pass], [id, Dexie.maxKey], false, true).primaryKeys();
  return [...below, ...above].map(([, key]) => ({ table, scope, key }));
}

const MARK_KEY = 'search.mark';

/**
 * The mirror's mark for its search index: an id written into the mirror database when an
 * index is built for it. A mirror deleted and created anew has none (or another), so an
 * index persisted for the old one is known to be stale.
 */
export async function mirrorMark(db: OutpostDb): Promise<string | null> {
  const record = await db.meta.get(MARK_KEY);
  return typeof record?.value === 'string' ? record.value : null;
}

export async function setMirrorMark(db: OutpostDb, mark: string): Promise<void> {
  await db.meta.put({ key: MARK_KEY, value: mark });
}
