import { Dexie } from 'dexie';
import { resolveScope, type Resolved, type RowPlace } from './chunk-resolve.js';
import { tableIndexKeys } from './index-keys.js';
import type { ChunkBody, ChunkHead, OverlayEntry, ScopeRevision, StoredRow } from './records.js';
import type { OutpostDb } from './schema.js';
import { scopeId, type ScopeKey } from './scope-key.js';

/**
 * The one reader of the chunked mirror: every screen, lookup and export reads rows
 * through here, never the chunk tables. Chunks never change once written (a newer
 * copy of a row is a newer chunk or overlay entry), so decoded chunks and a scope's
 * resolved keys are cached by the scope's revision.
 */

type Row = Record<string, unknown>;

const range = (id: number) => [[id, Dexie.minKey], [id, Dexie.maxKey]] as const;
const tablesOf = (db: OutpostDb) => [db.chunkHeads, db.chunkBodies, db.overlay, db.revisions];

/** A scope's change version: its last write sequence number (0 before any write). */
export async function scopeRevision(db: OutpostDb, scope: ScopeKey): Promise<ScopeRevision> {
  const id = scopeId(scope);
  return (await db.revisions.get(id)) ?? { scope: id, seq: 0, resetAt: 0 };
}

/** A row as readers get it, with its encoded index keys. */
export function storedRowOf(scope: ScopeKey, table: string, key: string, pass: string, row: Row, local?: Pick<OverlayEntry, 'pending' | 'base'>): StoredRow {
  const stored = { scope: scopeId(scope), scopeKey: scope, key, pass, row, k: tableIndexKeys(table, row) };
  return local?.pending === 1 ? { ...stored, pending: 1, base: local.base ?? null } as StoredRow : stored;
}

interface ScopeView {
  readonly seq: number;
  /** The scope's chunk heads without their columns (readers need keys and passes; columns would be most of the memory). */
  readonly heads: ChunkHead[];
  readonly resolved: Resolved;
  /** The scope had overlay entries at `seq` (a view with none can be extended by new chunks alone). */
  readonly overlay: boolean;
}

/** A chunk's rows, each parsed from its JSON text the first time it is asked for. */
export class ChunkRows {
  private readonly parsed: (Row | undefined)[] = [];
  constructor(private readonly rawRows: ChunkBody['rows']) {}

  get length(): number {
    return this.rawRows.length;
  }

  /** A row as stored (its JSON text, or an object for rows stored as objects), unparsed. */
  raw(index: number): string | Row | undefined {
    return this.rawRows[index];
  }

  row(index: number): Row | undefined {
    const raw = this.rawRows[index];
    if (raw === undefined || typeof raw !== 'string') return raw;
    return (this.parsed[index] ??= JSON.parse(raw) as Row);
  }
}

const LRU_SCOPES = 8;
const LRU_CHUNKS = 96;
const views = new WeakMap<OutpostDb, Map<number, ScopeView>>();
const bodies = new WeakMap<OutpostDb, Map<string, ChunkRows>>();

function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number): V {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value!);
  return value;
}

/**
 * A view extended by chunks appended after it, when nothing else happened since: no
 * removal, no overlay entry then or now. Then the newer chunks' keys simply win (their
 * numbers are higher), which is what resolving everything again would give; a scope
 * being mirrored is read page after page without reading its older heads again.
 */
function extendView(view: ScopeView, seq: number, added: readonly ChunkHead[]): ScopeView {
  // In place: copying a million-key map for every page made reading a growing list cost
  // the square of its pages. A reader still holding the older view sees the newer rows,
  // which a re-read would give it anyway.
  // Two reads may extend the same view at once: a chunk already applied is not applied
  // again (an older chunk applied after a newer one would bring back a moved row's old place).
  const live = view.resolved.live;
  for (const head of added) {
    if (head.chunk <= (view.heads.at(-1)?.chunk ?? -1)) continue;
    view.heads.push(withoutColumns(head));
    head.keys.forEach((key, index) => live.set(key, { in: 'chunk', chunk: head.chunk, index, pass: head.pass }));
  }
  return { seq, heads: view.heads, resolved: view.resolved, overlay: false };
}

function withoutColumns(head: ChunkHead): ChunkHead {
  if (!head.columns) return head;
  const { columns: _columns, ...rest } = head;
  return rest;
}

/** The scope's heads and every key's current copy, at its current revision. */
async function viewOf(db: OutpostDb, scope: ScopeKey): Promise<ScopeView> {
  const id = scopeId(scope);
  return db.transaction('r', tablesOf(db), async () => {
    const { seq, resetAt } = await scopeRevision(db, scope);
    const cache = views.get(db) ?? new Map<number, ScopeView>();
    views.set(db, cache);
    const cached = cache.get(id);
    if (cached && cached.seq === seq) return remember(cache, id, cached, LRU_SCOPES);
    if (cached && !cached.overlay && resetAt <= cached.seq) {
      const after = [[id, cached.seq], [id, Dexie.maxKey]] as const;
      if ((await db.overlay.where('[scope+seq]').between(...after, false).count()) === 0) {
        const added = await db.chunkHeads.where('[scope+chunk]').between(...after, false).toArray();
        return remember(cache, id, extendView(cached, seq, added), LRU_SCOPES);
      }
    }
    // One head at a time: a whole list's heads read at once would hold all its columns.
    const heads: ChunkHead[] = [];
    await db.chunkHeads.where('[scope+chunk]').between(...range(id)).each((head) => void heads.push(withoutColumns(head)));
    const overlay = await db.overlay.where('[scope+key]').between(...range(id)).toArray();
    return remember(cache, id, { seq, heads, resolved: resolveScope(heads, overlay), overlay: overlay.length > 0 }, LRU_SCOPES);
  });
}

/** The rows of some chunks of a scope, decoded once and kept in a small cache. */
export async function chunkRows(db: OutpostDb, scope: ScopeKey, chunks: readonly number[]): Promise<Map<number, ChunkRows>> {
  const id = scopeId(scope);
  const cache = bodies.get(db) ?? new Map<string, ChunkRows>();
  bodies.set(db, cache);
  const found = new Map<number, ChunkRows>();
  const missing: number[] = [];
  for (const chunk of new Set(chunks)) {
    const hit = cache.get(`${id}:${chunk}`);
    if (hit) found.set(chunk, remember(cache, `${id}:${chunk}`, hit, LRU_CHUNKS));
    else missing.push(chunk);
  }
  if (missing.length > 0) {
    const read = await db.chunkBodies.bulkGet(missing.map((c) => [id, c] as [number, number]));
    read.forEach((body: ChunkBody | undefined, i) => {
      if (!body) return;
      const rows = new ChunkRows(body.rows);
      found.set(missing[i]!, rows);
      remember(cache, `${id}:${missing[i]}`, rows, LRU_CHUNKS);
    });
  }
  return found;
}

/** Where the current copies of some keys are, with the chunks they are in read. */
async function locate(db: OutpostDb, scope: ScopeKey, keys: readonly string[]) {
  const view = await viewOf(db, scope);
  const places = keys.map((key) => view.resolved.live.get(key));
  const rows = await chunkRows(db, scope, places.flatMap((p) => (p?.in === 'chunk' ? [p.chunk] : [])));
  const rowAt = (place: RowPlace | undefined): Row | undefined =>
    !place ? undefined : place.in === 'overlay' ? place.entry.row! : rows.get(place.chunk)?.row(place.index);
  return { table: view.heads[0]?.table, places, rowAt };
}

/**
 * The current rows of a scope with the given keys (undefined where it has none), as
 * they are: no index keys encoded, for readers that want only the rows (search).
 */
export async function currentRows(db: OutpostDb, scope: ScopeKey, keys: readonly string[]): Promise<(Row | undefined)[]> {
  const { places, rowAt } = await locate(db, scope, keys);
  return places.map(rowAt);
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

/** Every current row of a scope. */
export async function readScopeRows(db: OutpostDb, scope: ScopeKey): Promise<StoredRow[]> {
  const all: StoredRow[] = [];
  await eachScopeBatch(db, scope, (rows) => void all.push(...rows));
  return all;
}

/** The scopes holding rows of a table (chunks or single rows). */
export async function tableScopes(db: OutpostDb, table: string): Promise<ScopeKey[]> {
  return db.transaction('r', tablesOf(db), async () => {
    const scopes = new Set<ScopeKey>();
    // Primary keys only (no key lists), then one head per scope for its scope key.
    const ids = new Set((await db.chunkHeads.where('table').equals(table).primaryKeys()).map(([id]) => id));
    for (const id of ids) {
      const head = await db.chunkHeads.where('[scope+chunk]').between(...range(id)).first();
      if (head) scopes.add(head.scopeKey);
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

/** How many rows a table holds now, over every scope. */
export async function countTableRows(db: OutpostDb, table: string): Promise<number> {
  let n = 0;
  for (const scope of await tableScopes(db, table)) n += await countScopeRows(db, scope);
  return n;
}
