import { Dexie } from 'dexie';
import { resolveScope, type Resolved, type RowPlace } from './chunk-resolve.js';
import { tableIndexKeys } from './index-keys.js';
import type { ChunkHead, OverlayEntry, ScopeRevision, StoredRow } from './records.js';
import { endpointOfTable } from '../api/index.js';
import { mirrorTableSpecs, type OutpostDb } from './schema.js';
import { scopeId, type ScopeKey } from './scope-key.js';
import { ChunkRows, chunkRows, scopeRange, scopeRevision, tablesOf, viewOf, withoutColumns } from './scope-views.js';

export { ChunkRows, chunkRows, scopeRevision } from './scope-views.js';

/**
 * The one reader of the chunked mirror: every screen, lookup and export reads rows
 * through here, never the chunk tables; what it keeps between reads (resolved keys,
 * decoded chunks, by the scope's revision) is in scope-views.ts.
 */

type Row = Record<string, unknown>;

/** A row as readers get it, with its encoded index keys. */
export function storedRowOf(scope: ScopeKey, table: string, key: string, pass: string, row: Row, local?: Pick<OverlayEntry, 'pending' | 'base'>): StoredRow {
  const stored = { scope: scopeId(scope), scopeKey: scope, key, pass, row, k: tableIndexKeys(table, row) };
  return local?.pending === 1 ? { ...stored, pending: 1, base: local.base ?? null } as StoredRow : stored;
}

/** The current copies of some keys as resolved, with the chunks they are in read. */
async function placesOf(db: OutpostDb, scope: ScopeKey, resolved: Resolved, keys: readonly string[]) {
  const places = keys.map((key) => resolved.live.get(key));
  const rows = await chunkRows(db, scope, places.flatMap((p) => (p?.in === 'chunk' ? [p.chunk] : [])));
  const rowAt = (place: RowPlace | undefined): Row | undefined =>
    !place ? undefined : place.in === 'overlay' ? place.entry.row! : rows.get(place.chunk)?.row(place.index);
  return { places, rowAt };
}

/** Where the current copies of some keys are, with the chunks they are in read. */
async function locate(db: OutpostDb, scope: ScopeKey, keys: readonly string[]) {
  const view = await viewOf(db, scope);
  return { table: view.heads[0]?.table, ...(await placesOf(db, scope, view.resolved, keys)) };
}

/**
 * The current rows of a scope with the given keys (undefined where it has none), as
 * they are: no index keys encoded, for readers that want only the rows (search).
 */
export async function currentRows(db: OutpostDb, scope: ScopeKey, keys: readonly string[]): Promise<(Row | undefined)[]> {
  const { places, rowAt } = await locate(db, scope, keys);
  return places.map(rowAt);
}

/**
 * {@link currentRows} for keys each written at write sequence number `since` or later
 * (a page's chunks from `StoredPage.since` on, say), reading only the scope's chunk heads
 * from `since` on and its overlay entries, not the whole list's heads.
 *
 * Why that finds every current copy: sequence numbers only grow (a removed list's too),
 * so a copy written later has a higher number; a chunk is deleted only by a sweep, which
 * leaves a tombstone where an older chunk that stays still holds the key, or with its
 * list. So once a key was written at `since`, no copy below `since` is ever current
 * again, except an overlay entry a newer copy did not replace, read with the overlay.
 */
export async function currentRowsSince(db: OutpostDb, scope: ScopeKey, keys: readonly string[], since: number): Promise<(Row | undefined)[]> {
  const id = scopeId(scope);
  return db.transaction('r', tablesOf(db), async () => {
    // One head at a time, without its columns, as a view reads them.
    const heads: ChunkHead[] = [];
    await db.chunkHeads.where('[scope+chunk]').between([id, since], [id, Dexie.maxKey]).each((head) => void heads.push(withoutColumns(head)));
    // A list's overlay is its few rows written one at a time, read whole as a view reads it
    // (a delta's ten thousand keys looked up one by one would be ten thousand reads).
    const overlay = await db.overlay.where('[scope+key]').between(...scopeRange(id)).toArray();
    const { places, rowAt } = await placesOf(db, scope, resolveScope(heads, overlay), keys);
    return places.map(rowAt);
  });
}

/**
 * The keys of a scope written at sequence number `since` or later: those of its chunks
 * from `since` on and of its overlay entries written since (tombstones included). A
 * reader that kept up with the scope's writes below `since` reads these again
 * ({@link currentRowsSince}). Rows a sweep or a list's removal deleted outright are not
 * among them: the scope's `resetAt` says whether a write since removed any.
 */
export async function keysWrittenSince(db: OutpostDb, scope: ScopeKey, since: number): Promise<string[]> {
  const id = scopeId(scope);
  return db.transaction('r', tablesOf(db), async () => {
    const keys = new Set<string>();
    await db.chunkHeads.where('[scope+chunk]').between([id, since], [id, Dexie.maxKey]).each((head) => {
      for (const key of head.keys) keys.add(key);
    });
    await db.overlay.where('[scope+key]').between(...scopeRange(id)).each((entry) => {
      if (entry.seq >= since) keys.add(entry.key);
    });
    return [...keys];
  });
}

/** Every list's write sequence (one record per list ever written, a removed one's too). */
export function scopeRevisions(db: OutpostDb): Promise<ScopeRevision[]> {
  return db.revisions.toArray();
}

/** The scope key of a list's id, from one of its chunk heads or overlay entries; null when it holds none. */
export async function scopeKeyOfId(db: OutpostDb, id: number): Promise<ScopeKey | null> {
  return db.transaction('r', tablesOf(db), async () => {
    const head = await db.chunkHeads.where('[scope+chunk]').between(...scopeRange(id)).first();
    if (head) return head.scopeKey;
    return (await db.overlay.where('[scope+key]').between(...scopeRange(id)).first())?.scopeKey ?? null;
  });
}

/** The current rows of a scope with the given keys (undefined where it has none). */
export async function getRows(db: OutpostDb, scope: ScopeKey, keys: readonly string[]): Promise<(StoredRow | undefined)[]> {
  const { table, places, rowAt } = await locate(db, scope, keys);
  return places.map((place, i) => {
    if (!place) return undefined;
    if (place.in === 'overlay') return storedRowOf(scope, place.entry.table, keys[i]!, place.pass, place.entry.row!, place.entry);
    const row = rowAt(place);
    return row && table ? storedRowOf(scope, table, keys[i]!, place.pass, row) : undefined;
  });
}

/** The current row of a scope with the given key, or null. */
export async function getRow(db: OutpostDb, scope: ScopeKey, key: string): Promise<StoredRow | null> {
  return (await getRows(db, scope, [key]))[0] ?? null;
}

/** How many rows a scope holds now. */
export async function countScopeRows(db: OutpostDb, scope: ScopeKey): Promise<number> {
  return (await viewOf(db, scope)).resolved.live.size;
}

/**
 * Calls `onBatch` with a scope's current rows, a few chunks at a time (in no
 * particular order); stops when it returns false.
 */
export async function eachScopeBatch(
  db: OutpostDb,
  scope: ScopeKey,
  onBatch: (rows: StoredRow[]) => boolean | void | Promise<boolean | void>,
  chunksPerRead = 16,
): Promise<void> {
  const view = await viewOf(db, scope);
  const live = view.resolved.live;
  const local: StoredRow[] = [];
  for (const [key, place] of live) if (place.in === 'overlay') local.push(storedRowOf(scope, place.entry.table, key, place.pass, place.entry.row!, place.entry));
  // A batch handler may be async (search indexes each batch before the next is read).
  if (local.length > 0 && (await onBatch(local)) === false) return;
  for (let i = 0; i < view.heads.length; i += chunksPerRead) {
    const heads = view.heads.slice(i, i + chunksPerRead);
    const rows = await chunkRows(db, scope, heads.map((h) => h.chunk));
    const batch: StoredRow[] = [];
    for (const head of heads) {
      const body = rows.get(head.chunk);
      head.keys.forEach((key, index) => {
        const place = live.get(key);
        if (!body || place?.in !== 'chunk' || place.chunk !== head.chunk || place.index !== index) return;
        const row = body.row(index);
        if (row) batch.push(storedRowOf(scope, head.table, key, place.pass, row));
      });
    }
    if (batch.length > 0 && (await onBatch(batch)) === false) return;
  }
}

/** Every current key of a scope with the pass that wrote its copy (no row is read). */
export async function scopeKeyPasses(db: OutpostDb, scope: ScopeKey): Promise<[key: string, pass: string][]> {
  return [...(await viewOf(db, scope)).resolved.live].map(([key, place]) => [key, place.pass]);
}

/**
 * True when every chunk of a scope was written by `pass` and no row was written on its
 * own: every current copy is then stamped `pass` (a sweep after it deletes nothing).
 * Two index counts, no record read.
 */
export async function onlyPass(db: OutpostDb, scope: ScopeKey, pass: string): Promise<boolean> {
  const id = scopeId(scope);
  return db.transaction('r', tablesOf(db), async () => {
    const heads = db.chunkHeads.where('[scope+pass]');
    const [before, after, single] = await Promise.all([
      heads.between([id, Dexie.minKey], [id, pass], true, false).count(),
      heads.between([id, pass], [id, Dexie.maxKey], false, true).count(),
      db.overlay.where('[scope+key]').between(...scopeRange(id)).count(),
    ]);
    return before + after + single === 0;
  });
}

/** Every current row of a scope. */
export async function readScopeRows(db: OutpostDb, scope: ScopeKey): Promise<StoredRow[]> {
  const all: StoredRow[] = [];
  await eachScopeBatch(db, scope, (rows) => void all.push(...rows));
  return all;
}

/**
 * Whether any scope holds rows of a table (chunks or single rows), from one index key
 * at most, no row read. Asking {@link tableScopes} for it read every chunk key of the
 * table: 214 ms of the database's time for a million-row table when a list opened, and
 * the list's first rows waited behind it.
 */
export async function tableHasRows(db: OutpostDb, table: string): Promise<boolean> {
  return db.transaction('r', [db.chunkHeads, db.overlay], async () => {
    if ((await db.chunkHeads.where('table').equals(table).limit(1).primaryKeys()).length > 0) return true;
    return (await db.overlay.where('table').equals(table).limit(1).primaryKeys()).length > 0;
  });
}

/** The scopes holding rows of a table (chunks or single rows). */
export async function tableScopes(db: OutpostDb, table: string): Promise<ScopeKey[]> {
  return db.transaction('r', tablesOf(db), async () => {
    const scopes = new Set<ScopeKey>();
    // Primary keys only (no key lists), then one head per scope for its scope key.
    const ids = new Set((await db.chunkHeads.where('table').equals(table).primaryKeys()).map(([id]) => id));
    for (const id of ids) {
      const scope = await scopeKeyOfId(db, id);
      if (scope !== null) scopes.add(scope);
    }
    await db.overlay.where('table').equals(table).each((e) => void scopes.add(e.scopeKey));
    return [...scopes].sort();
  });
}

/** Every current row of a table, scope after scope; at most `limit` (default all). */
export async function readTableRows(db: OutpostDb, table: string, limit = Number.POSITIVE_INFINITY): Promise<StoredRow[]> {
  const all: StoredRow[] = [];
  for (const scope of await tableScopes(db, table)) {
    await eachScopeBatch(db, scope, (rows) => {
      all.push(...rows.slice(0, limit - all.length));
      return all.length < limit;
    });
    if (all.length >= limit) break;
  }
  return all;
}

/** The current copies of a key in every scope of a table (joins by id). */
export async function findRows(db: OutpostDb, table: string, key: string): Promise<StoredRow[]> {
  const scopes = await db.transaction('r', tablesOf(db), async () => {
    const found = new Set<ScopeKey>();
    await db.chunkHeads.where('table').equals(table).each((h) => {
      if (h.keys.includes(key)) found.add(h.scopeKey);
    });
    await db.overlay.where('key').equals(key).each((e) => {
      if (e.table === table) found.add(e.scopeKey);
    });
    return [...found].sort();
  });
  const rows = await Promise.all(scopes.map((scope) => getRow(db, scope, key)));
  return rows.filter((r): r is StoredRow => r !== null);
}

/** The first current copy of a key in a table, or null. */
export async function findRow(db: OutpostDb, table: string, key: string): Promise<StoredRow | null> {
  return (await findRows(db, table, key))[0] ?? null;
}

/** Every local copy with an edit pending (the outbox's optimistic copies), of every table. */
export async function pendingRows(db: OutpostDb): Promise<StoredRow[]> {
  const entries = await db.overlay.where('pending').equals(1).toArray();
  const rows = await Promise.all(entries.map(async (e) => {
    const current = await getRow(db, e.scopeKey, e.key);
    return current?.pending === 1 ? current : null;
  }));
  return rows.filter((r): r is StoredRow => r !== null);
}

/**
 * What changed in a scope since revision `since`: the heads of new chunks (their rows
 * are read with {@link readBodies}) and new overlay entries; `reset` when rows were
 * removed since, and everything is listed.
 */
export interface ScopeChanges {
  readonly revision: ScopeRevision;
  /** True when rows were removed since `since`: the reader starts over from everything below. */
  readonly reset: boolean;
  readonly heads: ChunkHead[];
  readonly overlay: OverlayEntry[];
}

/**
 * A scope's writes after revision `since` (all of them when `since` is 0 or rows were
 * removed since), for readers that keep their own copy up to date by deltas.
 */
export async function changesSince(db: OutpostDb, scope: ScopeKey, since: number): Promise<ScopeChanges> {
  const id = scopeId(scope);
  return db.transaction('r', tablesOf(db), async () => {
    const revision = await scopeRevision(db, scope);
    const reset = since > 0 && revision.resetAt > since;
    const from = reset ? 0 : since;
    if (revision.seq === since && !reset) return { revision, reset, heads: [], overlay: [] };
    const after = [[id, from], [id, Dexie.maxKey]] as const;
    return {
      revision,
      reset,
      heads: await db.chunkHeads.where('[scope+chunk]').between(...after, false).toArray(),
      overlay: await db.overlay.where('[scope+seq]').between(...after, false).toArray(),
    };
  });
}

/** The rows of some chunks, read once (not kept in the cache): for readers building their own copy. */
export async function readBodies(db: OutpostDb, scope: ScopeKey, chunks: readonly number[]): Promise<(ChunkRows | undefined)[]> {
  const id = scopeId(scope);
  const read = await db.chunkBodies.bulkGet(chunks.map((c) => [id, c] as [number, number]));
  return read.map((body) => (body ? new ChunkRows(body.rows) : undefined));
}

/** Tables no list endpoint fills (users: each looked up or edited on its own, in a scope of its own). */
const unlistedTables = () => Object.keys(mirrorTableSpecs()).filter((table) => endpointOfTable(table).kind !== 'list');

/**
 * How many rows the tables no list fills hold: rows no list's pass counts, so main's
 * count of the rows mirrored leaves them out (the users a workspace names, kept by id
 * to be editable, were Settings' 50 rows more than the status bar's). Each is a single
 * row, so counting their entries is counting their rows.
 */
export async function countUnlistedRows(db: OutpostDb): Promise<number> {
  let n = 0;
  for (const table of unlistedTables()) n += await db.overlay.where('table').equals(table).filter((e) => e.row !== null).count();
  return n;
}

/** How many rows a table holds now, over every scope. */
export async function countTableRows(db: OutpostDb, table: string): Promise<number> {
  let n = 0;
  for (const scope of await tableScopes(db, table)) n += await countScopeRows(db, scope);
  return n;
}
