/**
 * Integer arrays as a list's stored columns keep them (list-caches.ts): each value in
 * the fewest whole bytes (1–4) that hold the array's range. IndexedDB reads a stored
 * part at a fixed number of bytes a millisecond however it is split (one record of
 * 12 MB or ninety of 128 KB took the same ~200 ms here), so what a list opened again
 * waits for before its first filter on a field is that field's bytes: a million
 * distinct dates were 12 MB (a double per value, four bytes per code), packed ~6 MB.
 */

/** Integers as `offset` + an unsigned value of `width` bytes each, little-endian. */
export interface PackedInts {
  readonly packed: 'ints';
  readonly length: number;
  readonly offset: number;
  readonly width: 1 | 2 | 3 | 4;
  readonly bytes: Uint8Array;
}

/** Ascending distinct numbers (a column's dictionary) as the first and the gaps to each next; `nullFirst`: -Infinity (null) leads. */
export interface PackedSorted {
  readonly packed: 'sorted';
  readonly nullFirst: boolean;
  readonly first: number;
  readonly gaps: PackedInts;
}

const MAX_SPAN = 2 ** 32;

function widthOf(span: number): 1 | 2 | 3 | 4 {
  return span < 0x100 ? 1 : span < 0x10000 ? 2 : span < 0x1000000 ? 3 : 4;
}

/** The values packed, or null when one is not an integer or they span 2^32 or more (kept as they are then). */
export function packInts(values: ArrayLike<number>): PackedInts | null {
  const n = values.length;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (!Number.isInteger(v)) return null;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const offset = n === 0 ? 0 : min;
  if (n > 0 && max - min >= MAX_SPAN) return null;
  const width = widthOf(n === 0 ? 0 : max - min);
  const bytes = new Uint8Array(n * width);
  if (width === 1) for (let i = 0; i < n; i++) bytes[i] = values[i]! - offset;
  else if (width === 2) for (let i = 0, at = 0; i < n; i++, at += 2) {
    const v = values[i]! - offset;
    bytes[at] = v & 0xff;
    bytes[at + 1] = v >>> 8;
  }
  else if (width === 3) for (let i = 0, at = 0; i < n; i++, at += 3) {
    const v = values[i]! - offset;
    bytes[at] = v & 0xff;
    bytes[at + 1] = (v >>> 8) & 0xff;
    bytes[at + 2] = v >>> 16;
  }
  else for (let i = 0, at = 0; i < n; i++, at += 4) {
    const v = values[i]! - offset;
    bytes[at] = v & 0xff;
    bytes[at + 1] = (v >>> 8) & 0xff;
    bytes[at + 2] = (v >>> 16) & 0xff;
    bytes[at + 3] = v >>> 24;
  }
  return { packed: 'ints', length: n, offset, width, bytes };
}

/**
 * Packed integers that fit a Uint32Array (codes: an offset of 0 or more). Widths 1, 2
 * and 4 are widened natively, width 3 in one loop; nothing else is allocated (a fresh
 * megabyte costs a few milliseconds of page faults on some machines).
 */
export function unpackUnsigned(p: PackedInts): Uint32Array {
  const { bytes, width, length, offset } = p;
  // Records read from IndexedDB own their buffer at offset 0; a view elsewhere is copied to be aligned.
  const own = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  let out: Uint32Array;
  if (width === 1) out = new Uint32Array(own);
  else if (width === 2) out = new Uint32Array(new Uint16Array(own.buffer, own.byteOffset, length));
  else if (width === 4) out = new Uint32Array(own.buffer, own.byteOffset, length).slice();
  else {
    out = new Uint32Array(length);
    for (let i = 0, at = 0; i < length; i++, at += 3) out[i] = (own[at]! | (own[at + 1]! << 8) | (own[at + 2]! << 16)) + offset;
    return out;
  }
  if (offset !== 0) for (let i = 0; i < length; i++) out[i]! += offset;
  return out;
}

/**
 * Packed integers into `out` from `start` on, as doubles; `from`: each value is added
 * to the one before, starting at `from` (a dictionary's gaps), else null.
 */
function decodeFloats(p: PackedInts, out: Float64Array, start: number, from: number | null): void {
  const { bytes, width, length, offset } = p;
  let value = from ?? 0;
  for (let i = 0, at = 0, o = start; i < length; i++, at += width, o++) {
    let v = bytes[at]!;
    if (width > 1) v |= bytes[at + 1]! << 8;
    if (width > 2) v |= bytes[at + 2]! << 16;
    if (width > 3) v += bytes[at + 3]! * 0x1000000;
    out[o] = from === null ? v + offset : (value += v + offset);
  }
}

/** Packed integers of any offset (places: -2 and up), as doubles. */
export function unpackFloats(p: PackedInts): Float64Array {
  const out = new Float64Array(p.length);
  decodeFloats(p, out, 0, null);
  return out;
}

/** A column's ascending dictionary packed as gaps, or null when its values are not integers close enough (kept as they are then). */
export function packSorted(sorted: Float64Array): PackedSorted | null {
  const nullFirst = sorted.length > 0 && sorted[0] === -Infinity;
  const rest = nullFirst ? sorted.subarray(1) : sorted;
  if (rest.length === 0 || !Number.isSafeInteger(rest[0]!)) return null;
  const gaps = new Float64Array(rest.length - 1);
  for (let i = 1; i < rest.length; i++) gaps[i - 1] = rest[i]! - rest[i - 1]!;
  // A gap that is not exact (values past 2^53) or too wide keeps the dictionary as it is.
  const packed = packInts(gaps);
  if (!packed || !Number.isSafeInteger(rest.at(-1)!)) return null;
  return { packed: 'sorted', nullFirst, first: rest[0]!, gaps: packed };
}

/** The dictionary of {@link packSorted}. */
export function unpackSorted(p: PackedSorted): Float64Array {
  const lead = p.nullFirst ? 1 : 0;
  const out = new Float64Array(lead + 1 + p.gaps.length);
  if (p.nullFirst) out[0] = -Infinity;
  out[lead] = p.first;
  decodeFloats(p.gaps, out, lead + 1, p.first);
  return out;
}
