/**
 * The writes of the chunked mirror, for the two writers (the mirror store and the
 * outbox store). Each runs inside the caller's transaction, which must include
 * the chunked mirror's tables (scope-views.ts, `tablesOf`).
 */

import { Dexie } from 'dexie';
import { countLive, planSweep, resolveScope, type SweepPlan } from './chunk-resolve.js';
import type { ChunkBody, ChunkHead, OverlayEntry, ScopeRevision } from './records.js';
import { tableIndexColumns, type IndexKey } from './index-keys.js';
import { DELTA_OVERLAP_MS } from './scope-sync.js';
import type { OutpostDb } from './schema.js';
import { scopeId, type ScopeKey } from './scope-key.js';
import { chunkRows, scopeRange } from './scope-views.js';

/**
 * The scope's chunk heads without their columns, oldest first. The writes need keys and
 * passes only; a head's columns are most of its size, and reading a million-row list's
 * heads whole (its sweep at the end of a full pass) held every column of the list on
 * the window's thread at once. Read one head at a time, each head's columns are let go
 * as soon as it is read.
 */
export async function headsOf(db: OutpostDb, id: number, look?: (head: ChunkHead) => void): Promise<ChunkHead[]> {
  const heads: ChunkHead[] = [];
  await db.chunkHeads.where('[scope+chunk]').between(...scopeRange(id)).each((head) => {
    look?.(head);
    const { columns: _columns, ...rest } = head;
    heads.push(rest);
  });
  return heads;
}

/** The scope's overlay entries. */
export function overlayOf(db: OutpostDb, id: number): Promise<OverlayEntry[]> {
  return db.overlay.where('[scope+key]').between(...scopeRange(id)).toArray();
}

/** Takes the scope's next write sequence number; `removes` when the write removes rows. */
export function nextSeq(db: OutpostDb, id: number, removes = false): Promise<number> {
  return nextSeqs(db, id, 1, removes);
}

/** Takes `count` consecutive write sequence numbers of the scope; returns the first. */
async function nextSeqs(db: OutpostDb, id: number, count: number, removes = false): Promise<number> {
  const current = await db.revisions.get(id);
  const first = (current?.seq ?? 0) + 1;
  const seq = first + count - 1;
  const revision: ScopeRevision = { scope: id, seq, resetAt: removes ? seq : (current?.resetAt ?? 0), ...(current?.edge ? { edge: current.edge } : {}) };
  await db.revisions.put(revision);
  return first;
}

/**
 * Serialized bytes past which Chromium keeps an IndexedDB record as a file of its own
 * beside LevelDB, read back through the blob system, several times slower (Blink's
 * `IDBValueWrapper::kWrapThreshold`). It counts the bytes after Chromium's compression:
 * row text passed it at ~190 KB, packed integers, which barely compress, at 64 KB.
 */
export const RECORD_FILE_BYTES = 64 * 1024;

/**
 * A chunk record holds at most this many rows, and at most {@link CHUNK_PART_BYTES} of
 * row text as Chromium stores it (a row larger than that is a chunk of its own): a page of
 * 1,000 rows becomes a few chunks, and a screen sorted by any field shows rows from up to
 * a hundred chunks at once. Records of text past ~190 KB were kept as files beside LevelDB
 * ({@link RECORD_FILE_BYTES}), so a part stays under that: text is counted in bytes as
 * V8 writes it, one a character, two for a row with any character past U+00FF (written
 * as UTF-16). Each record costs the browser and the window's thread on its own: parts of
 * up to 500 rows and 160 KB, rather than 250 and 100 KB, cut the browser's share of a
 * mirror by about a third (README › Performance).
 */
export const CHUNK_PART_ROWS = 500;
export const CHUNK_PART_BYTES = 160 * 1024;

/** Any character V8 cannot write in one byte: the whole string is then written as UTF-16. */
const TWO_BYTE = /[\u0100-\uffff]/;

/** How many bytes a row's text takes in a record. */
export function storedBytes(text: string): number {
  return TWO_BYTE.test(text) ? text.length * 2 : text.length;
}

/** Where the chunks of some rows (as their JSON text) end: one index past each chunk's last row. */
export function chunkEnds(texts: readonly string[], maxRows = CHUNK_PART_ROWS, maxBytes = CHUNK_PART_BYTES): number[] {
  const ends: number[] = [];
  let start = 0;
  let bytes = 0;
  texts.forEach((text, i) => {
    const size = storedBytes(text);
    if (i > start && (i - start >= maxRows || bytes + size > maxBytes)) {
      ends.push(i);
      start = i;
      bytes = 0;
    }
    bytes += size;
  });
  if (texts.length > start) ends.push(texts.length);
  return ends;
}

/** A page as {@link appendChunk} or {@link appendPage} stored it: the rows written and their keys, in the rows' order. */
export interface StoredPage {
  /** The rows stored (a delta page's changed rows only, see {@link changedRows}), and their keys. */
  readonly rows: readonly Record<string, unknown>[];
  readonly keys: readonly string[];
  /**
   * The write sequence number of the page's first chunk (none when no row was stored). Every copy of these keys that
   * is current from now on has this number or a higher one (row-source.ts, `currentRowsSince`).
   */
  readonly since?: number;
}

const storedPages = new WeakMap<readonly Record<string, unknown>[], StoredPage>();

/**
 * How a page's rows were stored, for what else takes the page on (search, which then
 * need not work the keys out again). Kept per page, while the page's rows are held.
 */
export function storedPageOf(rows: readonly Record<string, unknown>[]): StoredPage | undefined {
  return storedPages.get(rows);
}

/** Notes that a page's rows were stored as `stored` (what of them was written, see {@link storedPageOf}). */
function storedAs(rows: readonly Record<string, unknown>[], stored: readonly Record<string, unknown>[]): void {
  if (stored !== rows) storedPages.set(rows, storedPages.get(stored) ?? { rows: [], keys: [] });
}

const lastSeqs = new WeakMap<object, number>();

/**
 * The last write sequence number a store command took in its list (a page's last chunk, a
 * sweep's own number), by the command: every write of the list up to it had been made
 * when the command's transaction committed. None for a command that wrote nothing.
 */
export function lastSeqOf(command: object): number | undefined {
  return lastSeqs.get(command);
}

/** Remembers the last sequence number a command took (see {@link lastSeqOf}). */
export function noteLastSeq(command: object, seq: number | undefined): void {
  if (seq !== undefined) lastSeqs.set(command, seq);
}

/**
 * Stores rows as new chunks of the scope (a chunk per {@link chunkEnds} part, numbered
 * in the rows' order), stamped with the pass; the newest copy of each key. `texts`: the
 * rows as JSON, when the caller has them already.
 * @returns the last chunk's number (none when there are no rows).
 */
export async function appendChunk(db: OutpostDb, scope: ScopeKey, table: string, pass: string, keys: readonly string[], rows: readonly Record<string, unknown>[], texts: readonly string[] = rows.map((row) => JSON.stringify(row))): Promise<number | undefined> {
  if (rows.length === 0) return undefined;
  const id = scopeId(scope);
  const ends = chunkEnds(texts);
  let chunk = await nextSeqs(db, id, ends.length);
  storedPages.set(rows, { rows, keys, since: chunk });
  const heads: ChunkHead[] = [];
  const bodies: ChunkBody[] = [];
  let start = 0;
  for (const end of ends) {
    heads.push({ scope: id, chunk, scopeKey: scope, table, pass, keys: keys.slice(start, end), columns: tableIndexColumns(table, rows.slice(start, end)) });
    bodies.push({ scope: id, chunk, rows: texts.slice(start, end) });
    chunk++;
    start = end;
  }
  await db.chunkHeads.bulkAdd(heads);
  await db.chunkBodies.bulkAdd(bodies);
  return chunk - 1;
}

/** At most this many chunks are kept as a list's edge (ScopeRevision's `edge`). */
export const EDGE_CHUNKS = 8;

/**
 * Finds, over a scope's heads as a sweep reads them, the chunks holding the rows created
 * or last modified within {@link DELTA_OVERLAP_MS} of the latest: after a full pass such a
 * row sits wherever the pass found it, not in the newest chunks. Only chunks the sweep
 * keeps, each holding the current copy of every key it has, count.
 */
function edgeFinder(): { look: (head: ChunkHead) => void; edge: (heads: readonly ChunkHead[], plan: SweepPlan, pass: string) => number[] } {
  const seen: { chunk: number; created: number; modified: number }[] = [];
  const latest = (values: readonly IndexKey[] | undefined) => {
    let max = Number.NEGATIVE_INFINITY;
    for (const v of values ?? []) if (typeof v === 'number' && v > max) max = v;
    return max;
  };
  const near = (of: 'created' | 'modified') => {
    let max = Number.NEGATIVE_INFINITY;
    for (const s of seen) if (s[of] > max) max = s[of];
    return Number.isFinite(max) ? seen.filter((s) => s[of] >= max - DELTA_OVERLAP_MS).sort((a, b) => b[of] - a[of]) : [];
  };
  return {
    look(head) {
      seen.push({ chunk: head.chunk, created: latest(head.columns?.['creationDateTime']), modified: latest(head.columns?.['lastModifiedDateTime']) });
    },
    edge(heads, plan, pass) {
      const candidates = new Set([...near('modified'), ...near('created')].map((s) => s.chunk));
      const current = (head: ChunkHead) =>
        head.keys.every((key, index) => {
          const place = plan.live.get(key);
          return place?.in === 'chunk' && place.chunk === head.chunk && place.index === index;
        });
      return heads.filter((h) => candidates.has(h.chunk) && h.pass === pass && current(h)).map((h) => h.chunk).slice(0, EDGE_CHUNKS);
    },
  };
}

/** The newest chunks of a scope a delta page's rows are looked up in (see {@link changedRows}). */
export const RECENT_CHUNKS = 8;

/** Rows to write, with their keys and their JSON texts (a chunk's bodies). */
interface ChangedRows {
  readonly keys: readonly string[];
  readonly rows: readonly Record<string, unknown>[];
  readonly texts: readonly string[];
}

/**
 * The rows of a delta page that differ from the copies the scope holds, with their keys
 * and the texts they were compared by (written as they are: not stringified again).
 * A delta asks again for rows stamped a little before its marks (pass-urls.ts,
 * `overlapMs`), so every delta of every list read a few rows it had already. Written
 * again, they moved each list's revision, and with it its count and its stored columns:
 * ~9 s of a delta pass that found nothing new in 1.37 million rows (README ›
 * Performance). Such rows were written lately, so they are looked up in the scope's
 * newest chunks only: a row is left out when one of those holds it with the same text
 * and no copy of it was written on its own (the newest chunk holding a key holds its
 * current copy among the chunks). Any other row is written, as before.
 */
export async function changedRows(db: OutpostDb, scope: ScopeKey, keys: readonly string[], rows: readonly Record<string, unknown>[]): Promise<ChangedRows> {
  if (rows.length === 0) return { keys, rows, texts: [] };
  const id = scopeId(scope);
  const newest = await db.chunkHeads.where('[scope+chunk]').between(...scopeRange(id)).reverse().limit(RECENT_CHUNKS).toArray();
  // The edge holds current copies as of its sweep: usable while every chunk written since is among the newest read.
  const kept = (await db.revisions.get(id))?.edge;
  const usable = kept !== undefined && (newest.length < RECENT_CHUNKS || newest.at(-1)!.chunk <= kept.at);
  const edge = usable ? kept.chunks.filter((chunk) => !newest.some((h) => h.chunk === chunk)) : [];
  const older = edge.length === 0 ? [] : (await db.chunkHeads.bulkGet(edge.map((c) => [id, c] as [number, number]))).filter((h): h is ChunkHead => h !== undefined);
  // Resolved among the chunks read, by the store's rule: every chunk newer than one read was read too.
  const { live } = resolveScope([...newest, ...older], []);
  const single = new Set((await db.overlay.bulkGet(keys.map((key) => [id, key] as [number, string]))).flatMap((entry) => (entry ? [entry.key] : [])));
  const places = keys.map((key) => (single.has(key) ? undefined : live.get(key)));
  const bodies = await chunkRows(db, scope, places.flatMap((p) => (p?.in === 'chunk' ? [p.chunk] : [])));
  const out: { keys: string[]; rows: Record<string, unknown>[]; texts: string[] } = { keys: [], rows: [], texts: [] };
  rows.forEach((row, i) => {
    const place = places[i];
    const stored = place?.in === 'chunk' ? bodies.get(place.chunk)?.raw(place.index) : undefined;
    const text = JSON.stringify(row);
    if (typeof stored === 'string' && stored === text) return;
    out.keys.push(keys[i]!);
    out.rows.push(row);
    out.texts.push(text);
  });
  // Every row changed: the page's own arrays, which `storedAs` knows the page by.
  return out.rows.length === rows.length ? { ...out, keys, rows } : out;
}

/**
 * Stores a page's rows as chunks, a delta page's changed ones only (see
 * {@link changedRows}); `storedPageOf(rows)` then tells what was written.
 * @returns the last chunk's number (none when no row was written).
 */
export async function appendPage(db: OutpostDb, scope: ScopeKey, table: string, pass: string, delta: boolean, keys: readonly string[], rows: readonly Record<string, unknown>[]): Promise<number | undefined> {
  const changed = delta ? await changedRows(db, scope, keys, rows) : { keys, rows, texts: undefined };
  const last = await appendChunk(db, scope, table, pass, changed.keys, changed.rows, changed.texts);
  storedAs(rows, changed.rows);
  return last;
}

/** What one row written on its own holds besides the row. */
export interface LocalCopy {
  readonly scope: ScopeKey;
  readonly table: string;
  readonly key: string;
  readonly row: Record<string, unknown>;
  readonly pending?: 1;
  readonly base?: Record<string, unknown> | null;
}

/**
 * Writes one row as the key's newest copy. It keeps the pass stamp of the copy it
 * replaces: inherited from the chunks (stamp null), or an explicit stamp of the
 * overlay entry it replaces while no newer chunk holds the key; over a tombstone it is
 * stamped by no pass ('').
 */
export async function putLocal(db: OutpostDb, copy: LocalCopy): Promise<void> {
  const id = scopeId(copy.scope);
  const existing = await db.overlay.get([id, copy.key]);
  let pass: string | null = null;
  // A copy over a tombstone is a new row: no pass wrote it (the chunks' older copy was deleted).
  if (existing && (existing.pass !== null || existing.row === null)) {
    const newer = await db.chunkHeads.where('[scope+chunk]').between([id, existing.seq], [id, Dexie.maxKey], false).toArray();
    if (!newer.some((h) => h.keys.includes(copy.key))) pass = existing.row === null ? '' : existing.pass;
  }
  const seq = await nextSeq(db, id);
  const entry: OverlayEntry = { scope: id, scopeKey: copy.scope, table: copy.table, key: copy.key, seq, pass, row: copy.row, ...(copy.pending ? { pending: 1 as const, base: copy.base ?? null } : {}) };
  await db.overlay.put(entry);
}

/** Deletes the key's current copy: a tombstone while a chunk still holds an older one. */
export async function removeLocal(db: OutpostDb, scope: ScopeKey, table: string, key: string): Promise<void> {
  const id = scopeId(scope);
  const inChunks = (await headsOf(db, id)).some((h) => h.keys.includes(key));
  const seq = await nextSeq(db, id, true);
  if (inChunks) await db.overlay.put({ scope: id, scopeKey: scope, table, key, seq, pass: null, row: null });
  else await db.overlay.delete([id, key]);
}

/**
 * Keeps a scope's count of live rows with its revision (ScopeRevision's `counted`), when
 * it differs from the one kept. A scope never written has no revision and nothing to count.
 */
async function keepCount(db: OutpostDb, id: number, rows: number, edge?: readonly number[]): Promise<void> {
  const revision = await db.revisions.get(id);
  if (!revision || (revision.counted?.seq === revision.seq && revision.counted.rows === rows && edge === undefined)) return;
  await db.revisions.put({ ...revision, counted: { seq: revision.seq, rows }, ...(edge !== undefined ? { edge: { at: revision.seq, chunks: edge } } : {}) });
}

/**
 * The number of live rows of a scope. Counting reads every chunk head of the scope (a
 * million-row list: 2,000 heads, ~3 s of a delta pass that changed nothing, README ›
 * Performance), so the count is kept with the revision and used again while nothing
 * was written since.
 */
export async function countScope(db: OutpostDb, scope: ScopeKey): Promise<number> {
  const id = scopeId(scope);
  const revision = await db.revisions.get(id);
  if (revision?.counted && revision.counted.seq === revision.seq) return revision.counted.rows;
  const rows = countLive(await headsOf(db, id), await overlayOf(db, id));
  await keepCount(db, id, rows);
  return rows;
}

/** The sweep after a complete full pass (see chunk-resolve.ts's planSweep). */
export async function sweepScope(db: OutpostDb, scope: ScopeKey, pass: string): Promise<{ deleted: number; rowCount: number; seq?: number }> {
  const id = scopeId(scope);
  const edge = edgeFinder();
  const heads = await headsOf(db, id, edge.look);
  const plan = planSweep(heads, await overlayOf(db, id), pass);
  let seq: number | undefined;
  if (plan.chunks.length > 0 || plan.overlay.length > 0 || plan.tombstones.length > 0) {
    seq = await nextSeq(db, id, true);
    const keys = plan.chunks.map((c) => [id, c] as [number, number]);
    await db.chunkHeads.bulkDelete(keys);
    await db.chunkBodies.bulkDelete(keys);
    await db.overlay.bulkDelete(plan.overlay.map((e) => [id, e.key] as [number, string]));
    const table = (await db.chunkHeads.where('[scope+chunk]').between(...scopeRange(id)).first())?.table ?? '';
    await db.overlay.bulkPut(plan.tombstones.map((key) => ({ scope: id, scopeKey: scope, table, key, seq: seq!, pass: null, row: null })));
  }
  await keepCount(db, id, plan.rowCount, edge.edge(heads, plan, pass));
  return { deleted: plan.deleted, rowCount: plan.rowCount, ...(seq !== undefined ? { seq } : {}) };
}

/** Deletes every row of a scope and its revision. */
export async function dropScope(db: OutpostDb, scope: ScopeKey): Promise<void> {
  const id = scopeId(scope);
  await db.chunkHeads.where('[scope+chunk]').between(...scopeRange(id)).delete();
  await db.chunkBodies.where('[scope+chunk]').between(...scopeRange(id)).delete();
  await db.overlay.where('[scope+key]').between(...scopeRange(id)).delete();
  // The sequence goes on (a reader's copy of the scope must see the removal).
  const current = await db.revisions.get(id);
  const seq = (current?.seq ?? 0) + 1;
  await db.revisions.put({ scope: id, seq, resetAt: seq });
}

/** Deletes every mirrored row. Revisions go on counting, so readers see the removal. */
export async function clearChunks(db: OutpostDb): Promise<void> {
  await db.chunkHeads.clear();
  await db.chunkBodies.clear();
  await db.overlay.clear();
  await db.revisions.toCollection().modify((r: { seq: number; resetAt: number }) => {
    r.seq += 1;
    r.resetAt = r.seq;
  });
}
