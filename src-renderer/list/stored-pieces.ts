import { RECORD_FILE_BYTES, scopeRange, type ListCacheRecord, type OutpostDb } from '../../src-shared/store/index.js';

/**
 * Bytes of an array kept in one `listCaches` record at most. A record read in a worker
 * is turned back into values in one task of that worker: a million-row field part of
 * ~6 MB held the list worker 31–47 ms (Chromium 156), and a filter that arrived
 * meanwhile waited for it. Read as 128 KB records one after another, the longest task
 * was 6–9 ms. Packed integers barely compress, so a 128 KB piece passed
 * {@link RECORD_FILE_BYTES} and was kept as a file: 12 MB in 128 KB records, all asked
 * for in one transaction, read in 61–101 ms, in 60 KB records (kept in LevelDB) in 39–41
 * (Chromium 156, a page of its own). A piece stays under it with room for the record's
 * other fields.
 */
export const PIECE_BYTES = RECORD_FILE_BYTES - 4 * 1024;

/**
 * Pieces of a part read ahead that are asked for at once ({@link joinPieces}). The
 * database answers them before a part a request then asks for: with eight of 128 KB
 * (1 MB) on their way, a first filter's field read on demand took 74–107 ms (Chromium
 * 156), ~45 alone. Six of 60 KB (~the bytes of three of 128 KB) gave a slower first
 * filter in one bench run than three.
 */
export const PIECES_IN_FLIGHT = 3;

const ARRAYS = { Uint8Array, Uint16Array, Uint32Array, Float64Array } as const;
type ArrayName = keyof typeof ARRAYS;

/** Where a part's large array was: its type, its bytes, and the pieces `<part>#<first>`… that hold them. */
interface PiecedArray {
  readonly pieced: ArrayName;
  readonly byteLength: number;
  readonly first: number;
  readonly count: number;
}

const isPieced = (value: unknown): value is PiecedArray =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !ArrayBuffer.isView(value) && typeof (value as { pieced?: unknown }).pieced === 'string';
const arrayName = (value: ArrayBufferView): ArrayName | null => {
  const name = value.constructor.name;
  return name in ARRAYS ? (name as ArrayName) : null;
};

/** Rebuilds plain objects (not arrays: a dictionary's texts are left as they are) with `map` applied to every value inside. */
function mapObjects(value: unknown, map: (value: unknown) => unknown | undefined): unknown {
  const mapped = map(value);
  if (mapped !== undefined) return mapped;
  if (value === null || typeof value !== 'object' || Array.isArray(value) || ArrayBuffer.isView(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, mapObjects(inner, map)]));
}

/** The name of a part's `index`-th piece. */
export const pieceName = (part: string, index: number) => `${part}#${index}`;
export const isPieceName = (part: string) => part.includes('#');

/**
 * A part's value with every typed array over `pieceBytes` taken out, cut into pieces
 * of that size (copies: a view would store its whole buffer), and a note of where it
 * was in its place.
 */
export function cutIntoPieces(value: unknown, pieceBytes = PIECE_BYTES): { readonly head: unknown; readonly pieces: Uint8Array[] } {
  const pieces: Uint8Array[] = [];
  const head = mapObjects(value, (inner) => {
    if (!ArrayBuffer.isView(inner) || inner.byteLength <= pieceBytes) return undefined;
    const name = arrayName(inner);
    if (!name) return undefined;
    const bytes = new Uint8Array(inner.buffer, inner.byteOffset, inner.byteLength);
    const first = pieces.length;
    for (let at = 0; at < bytes.length; at += pieceBytes) pieces.push(bytes.slice(at, at + pieceBytes));
    const note: PiecedArray = { pieced: name, byteLength: inner.byteLength, first, count: pieces.length - first };
    return note;
  });
  return { head, pieces };
}

/** The records of a part: its head and its pieces, all at revision `seq`. */
export function piecedRecords(scope: number, part: string, seq: number, value: unknown, pieceBytes = PIECE_BYTES): ListCacheRecord[] {
  const { head, pieces } = cutIntoPieces(value, pieceBytes);
  return [{ scope, part, seq, value: head }, ...pieces.map((piece, i) => ({ scope, part: pieceName(part, i), seq, value: piece }))];
}

/**
 * How a part read ahead is read: `pause` awaited between its steps, `hurried` true once
 * a request waits for it too.
 */
export interface ReadGently {
  pause(): Promise<void>;
  hurried(): boolean;
}

/**
 * A part's value read from its head, with its arrays put back together from their
 * pieces; null when a piece is gone or answers another revision. Read `gently`, the
 * pieces are asked for a few at a time (all the rest at once when hurried) and put in
 * place one at a time, its pause awaited between (a part read ahead: a request waits for
 * a few pieces at most); otherwise, all at once.
 */
export async function joinPieces(db: OutpostDb, scope: number, part: string, head: ListCacheRecord, gently?: ReadGently): Promise<unknown | null> {
  const notes: PiecedArray[] = [];
  mapObjects(head.value, (inner) => {
    if (isPieced(inner)) notes.push(inner);
    return undefined;
  });
  if (notes.length === 0) return head.value;
  // The array each piece goes into; a piece is set into it as it arrives, so the array's pages are touched a piece at a time.
  const arrays = new Map<PiecedArray, Uint8Array>();
  const into: Uint8Array[] = [];
  for (const note of notes) {
    const bytes = new Uint8Array(note.byteLength);
    arrays.set(note, bytes);
    for (let i = 0; i < note.count; i++) into[note.first + i] = bytes;
  }
  const filled = new Map<Uint8Array, number>();
  const place = (record: ListCacheRecord | undefined, index: number): boolean => {
    const bytes = into[index]!;
    const at = filled.get(bytes) ?? 0;
    if (record?.seq !== head.seq || !(record.value instanceof Uint8Array) || at + record.value.length > bytes.length) return false;
    bytes.set(record.value, at);
    filled.set(bytes, at + record.value.length);
    return true;
  };
  const keys = into.map((_, i) => [scope, pieceName(part, i)] as [number, string]);
  if (gently) {
    // A few reads in flight: asked one at a time, each piece waited for the one before (a
    // million dates, ~50 pieces, took 250–400 ms to read ahead while filters came, against
    // ~85 ms read at once; 220–240 ms with eight in flight and the step aside for requests'
    // parts). Each piece still arrives as a task of its own.
    const reads: Promise<ListCacheRecord | undefined>[] = [];
    let asked = 0;
    const askUpTo = (end: number) => {
      for (; asked < Math.min(end, keys.length); asked++) {
        const read = db.listCaches.get(keys[asked]!);
        // Left unread when the part answers another revision: its failure is nobody's to hear.
        read.catch(() => undefined);
        reads[asked] = read;
      }
    };
    askUpTo(PIECES_IN_FLIGHT);
    for (let i = 0; i < keys.length; i++) {
      if (i > 0) await gently.pause();
      const record = await reads[i]!;
      askUpTo(gently.hurried() ? keys.length : i + 1 + PIECES_IN_FLIGHT);
      if (!place(record, i)) return null;
    }
  } else {
    const records = await db.listCaches.bulkGet(keys);
    if (!records.every(place)) return null;
  }
  if (notes.some((note) => filled.get(arrays.get(note)!) !== note.byteLength)) return null;
  return mapObjects(head.value, (inner) => {
    if (!isPieced(inner)) return undefined;
    const bytes = arrays.get(inner)!;
    return inner.pieced === 'Uint8Array' ? bytes : new ARRAYS[inner.pieced](bytes.buffer as ArrayBuffer);
  });
}

/** The part a piece belongs to. */
const partOfPiece = (piece: string) => piece.slice(0, piece.indexOf('#'));

/**
 * Deletes a scope's pieces that `written` does not name (a part stored again in fewer
 * pieces), but those of the parts `untouched` names (parts left as they were stored).
 */
export async function dropStalePieces(db: OutpostDb, scope: number, written: ReadonlySet<string>, untouched: ReadonlySet<string> = new Set()): Promise<void> {
  const keys = await db.listCaches.where('[scope+part]').between(...scopeRange(scope)).primaryKeys();
  const stale = keys.filter(([, part]) => isPieceName(part) && !written.has(part) && !untouched.has(partOfPiece(part)));
  if (stale.length > 0) await db.listCaches.bulkDelete(stale);
}
