import type { SearchText } from './search-text.js';
import {
  currentRows,
  currentRowsSince,
  eachScopeBatch,
  keysWrittenSince,
  mirrorTableSpecs,
  onlyPass,
  parseScopeKey,
  scopeId,
  scopeKeyOfId,
  scopeKeyPasses,
  scopeRevisions,
  tableScopes,
  type OutpostDb,
  type ScopeKey,
} from '../../src-shared/store/index.js';

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

/**
 * A row a write touched, with the copy the write stored when it knows it (a single
 * row), or the searchable text of that copy (a sync page's rows): search indexes it
 * instead of reading the row back from the mirror. Updates are applied in write order,
 * so a later write's update wins.
 */
export interface ChangedRow extends RowRef {
  readonly row?: Record<string, unknown>;
  /** What search reads of the stored copy (null: it has none), worked out where the copy was in hand. */
  readonly text?: SearchText | null;
  /**
   * The write's sequence number in its list, where known (a sync page's: `StoredPage.since`):
   * the row's current copy, if any, has it or a higher one, so reading the row back later
   * reads only the list's newer chunks (`currentRowsSince`).
   */
  readonly since?: number;
}

/**
 * A sync page's rows as search reads them: each row's searchable text (null for the
 * many rows with none), worked out on the window's thread, which holds the rows' objects
 * as the store writes them. Sending the rows' JSON texts instead made the worker parse
 * every row of every page again (a tenth of its time during a mirror) and copied every
 * row's whole text to it, although most rows of a workspace hold no words.
 */
export interface ChangedPage {
  readonly table: string;
  readonly scope: string;
  readonly keys: readonly string[];
  readonly texts: readonly (SearchText | null)[];
  /** The sequence number of the page's first chunk, when the store said. */
  readonly since?: number;
}

/** A page's rows one by one, with their searchable texts. */
export function pageRows(page: ChangedPage): ChangedRow[] {
  const since = page.since;
  return page.keys.map((key, i) => ({ table: page.table, scope: page.scope, key, text: page.texts[i] ?? null, ...(since !== undefined ? { since } : {}) }));
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
 * Calls `onBatch` with every row of a table, list after list, about `batchSize` at a
 * time. Each batch is read after the previous one was handled, so a long scan never
 * holds a transaction open nor the whole table in memory.
 */
export async function scanTable(db: OutpostDb, table: string, batchSize: number, onBatch: (rows: SearchRow[]) => Promise<void> | void): Promise<void> {
  // The store reads a few chunks (up to 1,000 rows each) at a time.
  const chunksPerRead = Math.max(1, Math.round(batchSize / 1000));
  for (const scope of await tableScopes(db, table)) {
    await eachScopeBatch(db, scope, async (rows) => onBatch(rows.map((r) => ({ table, scope, key: r.key, row: r.row }))), chunksPerRead);
  }
}

/**
 * The rows of these refs that are stored now (a missing one is left out). Refs that say
 * since when their row's copy is current are looked for in their list's newer chunks only;
 * the others in the list's whole view (every chunk head: ~2,000 at a million rows).
 */
export async function rowsByRefs(db: OutpostDb, refs: readonly (RowRef & { readonly since?: number })[]): Promise<SearchRow[]> {
  const groups = new Map<string, { refs: RowRef[]; since: number | undefined }>();
  for (const ref of refs) {
    const group = `${ref.table}\n${ref.scope}\n${ref.since === undefined ? 'all' : 'since'}`;
    const list = groups.get(group);
    if (!list) groups.set(group, { refs: [ref], since: ref.since });
    else {
      list.refs.push(ref);
      if (ref.since !== undefined) list.since = Math.min(list.since!, ref.since);
    }
  }
  const out: SearchRow[] = [];
  for (const { refs: list, since } of groups.values()) {
    const scope = list[0]!.scope;
    const keys = list.map((r) => r.key);
    // Only the rows: search needs no index keys.
    const stored = since === undefined ? await currentRows(db, scope, keys) : await currentRowsSince(db, scope, keys, since);
    stored.forEach((row, i) => {
      if (row) out.push({ table: list[i]!.table, scope, key: list[i]!.key, row });
    });
  }
  return out;
}

/**
 * Each list's last write sequence number as it is now, looked up by scope (0 for a list
 * never written). Read before a scan of the rows: every write up to these numbers is in
 * what the scan reads.
 */
export async function writeSeqsNow(db: OutpostDb): Promise<(scope: ScopeKey) => number> {
  const seqs = new Map((await scopeRevisions(db)).map((r) => [r.scope, r.seq]));
  return (scope) => seqs.get(scopeId(scope)) ?? 0;
}

/** A list written since search last kept up with it. */
export interface ListBehind {
  readonly table: string;
  readonly scope: ScopeKey;
  /** Its last write sequence number: once `keys` are read again, search has kept up with it. */
  readonly seq: number;
  /** Search's mark for the list: every write below it had reached search. */
  readonly since: number;
  /** Keys written from `since` on (their current copies are in the list's newer chunks). */
  readonly keys: readonly string[];
  /** A write from `since` on removed rows: what search holds of the list must be looked up too. */
  readonly removed: boolean;
}

/**
 * The lists written at or past search's mark for them (`marks`: every write of a list
 * below its mark had reached search; a list without one never reached it), with the keys
 * written since. `known` names lists by scope key; any other list is named by one of its
 * rows, and a list with none that search never knew is left out.
 */
export async function listsBehind(db: OutpostDb, marks: ReadonlyMap<ScopeKey, number>, known: Iterable<ScopeKey>): Promise<ListBehind[]> {
  const byId = new Map<number, ScopeKey>();
  for (const scope of [...marks.keys(), ...known]) byId.set(scopeId(scope), scope);
  const behind: ListBehind[] = [];
  for (const revision of await scopeRevisions(db)) {
    const scope = byId.get(revision.scope) ?? (await scopeKeyOfId(db, revision.scope));
    if (scope === null) continue;
    const since = marks.get(scope) ?? 0;
    if (revision.seq < since) continue;
    const keys = await keysWrittenSince(db, scope, since);
    behind.push({ table: parseScopeKey(scope).endpoint.table, scope, seq: revision.seq, since, keys, removed: revision.resetAt > 0 && revision.resetAt >= since });
  }
  return behind;
}

/** The keys of one list's rows in a table (read before the list is removed). */
export async function scopeRowRefs(db: OutpostDb, table: string, scope: ScopeKey): Promise<RowRef[]> {
  return (await scopeKeyPasses(db, scope)).map(([key]) => ({ table, scope, key }));
}

/** The rows a sweep of `pass` would delete: the list's rows not stamped with it. */
export async function sweptRowRefs(db: OutpostDb, table: string, scope: ScopeKey, pass: string): Promise<RowRef[]> {
  // A list written by this pass alone (its first full pass) loses no row: no view of it
  // is built (a million keys with their places on the window's thread, at the end of its pass).
  if (await onlyPass(db, scope, pass)) return [];
  return (await scopeKeyPasses(db, scope)).filter(([, stamp]) => stamp !== pass).map(([key]) => ({ table, scope, key }));
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
