import { scopeId, scopeRange, scopeRevision, type OutpostDb } from '../../src-shared/store/index.js';
import type { EngineQuery, WindowAnswer, WindowEntry } from './list-engine.js';
import { fieldPart, KEYS_PART, WRITTEN_PART, zonePart, type ColumnsBase, type ColumnsKeys, type ColumnsSnapshot, type ReadBase, type StoredColumns } from './columns-snapshot.js';
import type { CodedColumnData } from './coded-column.js';
import type { ZonesData } from './chunk-zones.js';
import { decodeGently, packInts, packRuns, packSorted, Runs, sortedDecode, unpackFloats, unpackSorted, unpackUnsigned, unsignedDecode, type PackedInts, type PackedRuns, type PackedSorted } from './packed-ints.js';
import type { ScopeColumns } from './scope-columns.js';
import { dropStalePieces, isPieceName, joinPieces, PIECE_BYTES, piecedRecords, type ReadGently } from './stored-pieces.js';

/**
 * What the list worker keeps of a list between sessions (`listCaches`, schema
 * version 5): its columns (restored and caught up by deltas on the next open; in
 * parts, columns-snapshot.ts: the base 'columns', 'keys', 'written', one
 * 'field:<name>' per field, one 'zone:<name>' per numeric field) and the first rows of
 * its default order with their text ('first', so a list opened again shows rows before
 * its columns are read). Each names the revision it answers (a part the base's, or the
 * older one the base names for it); a record older than the scope's last removal is
 * never used.
 */

/** The first rows of a list's default order, as a window answer, at revision `seq`. */
export interface FirstWindow {
  readonly endpoint: string;
  readonly field: string | null;
  readonly descending: boolean;
  readonly total: number;
  readonly entries: readonly WindowEntry[];
  /**
   * How ties (and a list with no sort) are ordered: 'slot', the order rows were first
   * written. Rows stored before, in key order, are not shown (they would be replaced by
   * other rows once the list answered).
   */
  readonly ties?: 'slot';
}

/** Rows kept in the first window: the first block a list reads. */
export const FIRST_ROWS = 100;

/**
 * The parts as stored: their integer arrays packed (packed-ints.ts) where they fit, as
 * they are otherwise (and as parts stored before packing have them). The places are
 * kept as runs where that is smaller (a list's usual case), packed each otherwise (and
 * as bases stored before runs have them).
 */
type StoredBase = Omit<ColumnsBase, 'place'> & { readonly place: Float64Array | PackedInts | PackedRuns };
/** The keys' part; the write times are a part of their own ('written') but in bases stored before. */
type StoredKeys = Omit<ColumnsKeys, 'writtenAt'> & { readonly writtenAt?: Float64Array | PackedInts };
type StoredField = Omit<CodedColumnData, 'nums' | 'codes'> & { readonly nums: Float64Array | PackedSorted; readonly codes: CodedColumnData['codes'] | PackedInts };

const isPacked = (value: object): value is PackedInts | PackedSorted | PackedRuns => 'packed' in value;
const isRuns = (value: object): value is PackedRuns => isPacked(value) && value.packed === 'runs';
const unpackedFloats = (value: Float64Array | PackedInts) => (!isPacked(value) ? value : unpackFloats(value));
const packedFloats = (values: Float64Array) => packInts(values) ?? values;

function storedBase(base: ColumnsBase): StoredBase {
  return { ...base, place: packRuns(base.place) ?? packedFloats(base.place) };
}
function baseOf(stored: StoredBase): ReadBase {
  // A base stored with a key order (before slot order) is read without it.
  const { keyOrder: _, ...base } = stored as StoredBase & { keyOrder?: unknown };
  return { ...base, place: isRuns(stored.place) ? new Runs(stored.place) : unpackedFloats(stored.place) };
}
function keysOf(stored: StoredKeys, writtenAt: Float64Array | PackedInts | undefined = stored.writtenAt): ColumnsKeys | null {
  return writtenAt ? { keyText: stored.keyText, keyEnds: stored.keyEnds, writtenAt: unpackedFloats(writtenAt) } : null;
}
/** A field's codes past 65,536 values take four bytes in memory, three when stored (up to 16,777,216). */
function storedField(field: CodedColumnData): StoredField {
  const codes = field.codes instanceof Uint32Array ? (packInts(field.codes) ?? field.codes) : field.codes;
  return { strs: field.strs, nums: packSorted(field.nums) ?? field.nums, codes };
}
/** Bytes a typed array, or packed integers, take as stored. */
const bytesOf = (value: ArrayBufferView | PackedInts | PackedSorted) => ('packed' in value ? (value.packed === 'ints' ? value : value.gaps).bytes.byteLength : value.byteLength);

/**
 * About what a field's part costs to read: its bytes as stored, a dictionary's texts a
 * byte a character and 16 more each (every text is an object of its own when read).
 */
function partBytesOf(field: StoredField): number {
  let bytes = bytesOf(field.nums) + bytesOf(field.codes);
  for (const text of field.strs) bytes += text.length + 16;
  return bytes;
}

/** A field as stored, decoded at once, or with `pause` awaited between ranges of the decode (a field read ahead, see `decodeGently`). */
async function fieldOf(stored: StoredField, pause?: () => Promise<void>): Promise<CodedColumnData> {
  const { strs, nums, codes } = stored;
  return {
    strs,
    nums: !isPacked(nums) ? nums : pause ? await decodeGently(sortedDecode(nums), pause) : unpackSorted(nums),
    codes: !isPacked(codes) ? codes : pause ? await decodeGently(unsignedDecode(codes), pause) : unpackUnsigned(codes),
  };
}

/**
 * The stored columns of a scope, unless rows were removed since they were stored: the
 * base now, the other parts when asked for (null when a part answers another revision).
 * A copy stored whole by an earlier version is not read (it is stored again in parts).
 */
export async function loadColumns(db: OutpostDb, scope: number): Promise<StoredColumns | null> {
  const [record, revision] = await Promise.all([db.listCaches.get([scope, 'columns']), db.revisions.get(scope)]);
  const stored = record?.value as StoredBase | undefined;
  if (!record || stored?.layout !== 'parts' || (revision?.resetAt ?? 0) > record.seq) return null;
  // The revision each part answers: the base's own, or the older one it names.
  const seqOf = (name: string) => stored.parts?.[name] ?? record.seq;
  const part = async <T, U>(name: string, read: (stored: T) => U | Promise<U>, gently?: ReadGently): Promise<U | null> => {
    const found = await db.listCaches.get([scope, name]);
    if (found === undefined || found.seq !== seqOf(name)) return null;
    const value = await joinPieces(db, scope, name, found, gently);
    return value === null ? null : read(value as T);
  };
  const keys = async (): Promise<ColumnsKeys | null> => {
    if (!stored.parts) return part(KEYS_PART, (value: StoredKeys) => keysOf(value));
    const [value, writtenAt] = await Promise.all([part(KEYS_PART, (v: StoredKeys) => v), part(WRITTEN_PART, (v: Float64Array | PackedInts) => v)]);
    return value && writtenAt ? keysOf(value, writtenAt) : null;
  };
  return {
    base: baseOf(stored),
    keys,
    field: (name, gently) => part(fieldPart(name), (stored: StoredField) => fieldOf(stored, gently?.pause), gently),
    zones: (name) => part(zonePart(name), (stored: ZonesData) => stored),
  };
}

/**
 * Stored columns held in memory, put through the same stored form and back as parts
 * read from the database (packed, then unpacked): a made-up list (warm-queries.ts).
 */
export function storedInMemory(snapshot: ColumnsSnapshot): StoredColumns {
  return {
    base: baseOf(storedBase(snapshot.base)),
    keys: async () => keysOf(snapshot.keys, packedFloats(snapshot.keys.writtenAt)),
    field: async (name, gently) => {
      const data = snapshot.fields[name];
      return data ? fieldOf(storedField(data), gently?.pause) : null;
    },
    zones: async (name) => snapshot.zones[name] ?? null,
  };
}

/**
 * Whether rows stored at revision `storedSeq` may be shown for a scope now: 'current'
 * when nothing was written since; 'stale' when rows were only added or changed since
 * (the rows are the query's rows of a moment ago: shown at once, replaced when the
 * list has caught up); null when rows were removed since (a stored row may be gone:
 * wrong, not stale) or the record is newer than the scope (another database).
 */
export function firstWindowFit(storedSeq: number, revision: { readonly seq: number; readonly resetAt: number }): 'current' | 'stale' | null {
  if (revision.resetAt > storedSeq || storedSeq > revision.seq) return null;
  return storedSeq === revision.seq ? 'current' : 'stale';
}

/** A stored first window as read, with whether it answers the scope's revision then. */
type StoredFirstWindow = { readonly first: FirstWindow; readonly current: boolean; readonly seq: number };

/** A first window read before its list's page was up ({@link prefetchFirstWindow}), and when it was asked for. */
type EarlyRead = { readonly at: number; readonly read: Promise<StoredFirstWindow | null> };
/** Early reads by database and scope. */
const early = new WeakMap<OutpostDb, Map<string, EarlyRead>>();
/** A first window read ahead is used this long at most (the page opens well within it). */
const EARLY_FOR_MS = 5000;

/**
 * Starts reading a list's stored first window before the page of the window opening on
 * that list is up (main.ts waits for it before mounting: see FIRST_ROWS_WAIT_MS there).
 * Asked again before the page took it, it is the same read. Used once by the page. A
 * write that lands meanwhile is not missed: the row window follows the list's revision
 * and reads again. Returns the read, which never fails (null: nothing to show from it).
 */
export function prefetchFirstWindow(db: OutpostDb, scope: string): Promise<unknown> {
  const reads = early.get(db) ?? new Map<string, EarlyRead>();
  early.set(db, reads);
  const pending = reads.get(scope);
  if (pending && Date.now() - pending.at < EARLY_FOR_MS) return pending.read;
  const read = readFirstWindow(db, scope).catch(() => null);
  reads.set(scope, { at: Date.now(), read });
  return read;
}

/** The stored first window of a scope and whether it answers the scope's current revision, unless it may not be shown ({@link firstWindowFit}). */
export async function loadFirstWindow(db: OutpostDb, scope: string): Promise<StoredFirstWindow | null> {
  const ahead = early.get(db)?.get(scope);
  early.get(db)?.delete(scope);
  return ahead && Date.now() - ahead.at < EARLY_FOR_MS ? ahead.read : readFirstWindow(db, scope);
}

async function readFirstWindow(db: OutpostDb, scope: string): Promise<StoredFirstWindow | null> {
  const [record, revision] = await Promise.all([db.listCaches.get([scopeId(scope), 'first']), scopeRevision(db, scope)]);
  const fit = record ? firstWindowFit(record.seq, revision) : null;
  return record && fit ? { first: record.value as FirstWindow, current: fit === 'current', seq: record.seq } : null;
}

/** True when a stored first window answers rows `offset .. offset+limit` of a query. */
export function firstWindowAnswers(first: FirstWindow, query: EngineQuery, offset: number, limit: number | null): boolean {
  return first.ties === 'slot' && first.endpoint === query.endpoint && first.field === query.field && first.descending === query.descending && query.residual.length === 0 && limit !== null && (offset + limit <= first.entries.length || first.entries.length === first.total);
}

/**
 * The stored first rows of a list as the answer to a window query, when they answer it
 * at the scope's current revision; null otherwise. A list opened again and unchanged
 * since shows them at once, while its columns are read.
 */
export async function storedFirstWindow(db: OutpostDb, query: EngineQuery, offset: number, limit: number | null): Promise<WindowAnswer | null> {
  if (offset !== 0 || limit === null || query.residual.length > 0) return null;
  const stored = await loadFirstWindow(db, query.scope).catch(() => null);
  // A changed list is not shown from them: the screen had no reliable signal to replace
  // rows of a moment ago, and kept them (a new post without its title) until something else changed.
  if (!stored?.current || !firstWindowAnswers(stored.first, query, offset, limit)) return null;
  return { total: stored.first.total, entries: stored.first.entries.slice(0, limit), seq: stored.seq };
}

/**
 * Stores a list's columns (the parts {@link ScopeColumns.needToStore} names read first)
 * and first window, at the columns' revision: the base, the chunk zones, the first
 * window, and each other part that changed since it was stored (ScopeColumns.toStore);
 * the base names the revision each part answers. The keys' and the fields' large
 * arrays are kept in pieces of `pieceBytes` (stored-pieces.ts); the base, which every
 * query of a list opened again reads first, is one record.
 */
export async function storeListCaches(db: OutpostDb, columns: ScopeColumns, first: FirstWindow, pieceBytes = PIECE_BYTES): Promise<void> {
  const scope = scopeId(columns.scope);
  const mark = columns.storeMark();
  const seq = mark.seq;
  const { base, keys, writtenAt, fields, zones, kept } = columns.toStore();
  const stored = Object.entries(fields).map(([field, value]) => [field, storedField(value)] as const);
  const partBytes = { ...columns.partBytes, ...Object.fromEntries(stored.map(([field, value]) => [field, partBytesOf(value)])) };
  const written = [
    ...(keys ? piecedRecords(scope, KEYS_PART, seq, keys, pieceBytes) : []),
    ...(writtenAt ? piecedRecords(scope, WRITTEN_PART, seq, packedFloats(writtenAt), pieceBytes) : []),
    ...stored.flatMap(([field, value]) => piecedRecords(scope, fieldPart(field), seq, value, pieceBytes)),
    ...Object.entries(zones).flatMap(([field, value]) => piecedRecords(scope, zonePart(field), seq, value, pieceBytes)),
  ];
  // The revision of each part written (its pieces go with it).
  const writtenParts = Object.fromEntries(written.filter((record) => !isPieceName(record.part)).map((record) => [record.part, seq]));
  const parts = { ...kept, ...writtenParts };
  const records = [{ scope, part: 'columns', seq, value: storedBase({ ...base, partBytes, parts }) }, ...written, { scope, part: 'first', seq, value: first }];
  const resetAt = async () => (await db.revisions.get(scope))?.resetAt ?? 0;
  // Rows removed while the copy was taken: it would be thrown away on the next open.
  if ((await resetAt()) > seq) return;
  // Written apart from the revisions: a list's parts are megabytes, and every write of
  // every list takes the next number of its revision, so each waited while they were
  // written (a delta that changed one row of the million-row list, and the mirror).
  await db.transaction('rw', db.listCaches, async () => {
    await db.listCaches.bulkPut(records);
    // The pieces of the parts left as they are stay with them.
    await dropStalePieces(db, scope, new Set(records.map((r) => r.part)), new Set(Object.keys(kept)));
  });
  // Rows removed (or the mirror cleared) between that look and the write: the removal
  // deleted the list's copy before this one was written, which is never read (older than
  // the removal, see loadColumns and firstWindowFit) and is not kept either.
  const removedAt = await resetAt();
  if (removedAt > seq) {
    await db.listCaches.where('[scope+part]').between(...scopeRange(scope)).filter((record) => record.seq < removedAt).delete();
    return;
  }
  columns.noteStored(mark, writtenParts, partBytes);
}
