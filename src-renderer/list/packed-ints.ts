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
 * Integers that mostly count up by one, as runs: where each run starts and its first
 * value. A list's places are so (slots are given in the order rows are first written,
 * a chunk's rows side by side): a million places packed took 3 MB, ~50 ms of the base
 * every query of a list opened again reads first; as runs, a few KB.
 */
export interface PackedRuns {
  readonly packed: 'runs';
  readonly length: number;
  /** Where each run starts, ascending from 0. */
  readonly starts: PackedInts;
  /** Each run's first value; the run counts up by one from it. */
  readonly firsts: PackedInts;
}

/** The values as runs, or null when they are not integers or as runs they would take more bytes than {@link packInts}. */
export function packRuns(values: ArrayLike<number>): PackedRuns | null {
  const n = values.length;
  const starts: number[] = [];
  const firsts: number[] = [];
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (i > 0 && v === values[i - 1]! + 1) continue;
    // Past a run every four values, runs cost more than packing each value.
    if (starts.length * 4 > n) return null;
    starts.push(i);
    firsts.push(v);
    if (v < min) min = v;
    // A run's last value is its largest: checked at the next run's start, and after the loop.
    if (i > 0 && values[i - 1]! > max) max = values[i - 1]!;
  }
  if (n > 0 && values[n - 1]! > max) max = values[n - 1]!;
  const packedStarts = packInts(starts);
  const packedFirsts = packInts(firsts);
  // Bytes packing each value would take (its range's width a value); a span past 2^32 packs not at all.
  if (!packedStarts || !packedFirsts || (n > 0 && max - min >= MAX_SPAN)) return null;
  if (packedStarts.bytes.length + packedFirsts.bytes.length >= n * widthOf(n === 0 ? 0 : max - min)) return null;
  return { packed: 'runs', length: n, starts: packedStarts, firsts: packedFirsts };
}

/**
 * Values stored as runs ({@link packRuns}), read where they are: one value by a binary
 * search over the runs, all of them written out only when asked for. A list opened
 * again reads its places this way until a change is merged: writing out a million
 * places took its first query 14–21 ms (an 8 MB array's pages touched cold), for the
 * few places a window reads.
 */
export class Runs {
  readonly length: number;
  /** Where each run starts, ascending from 0, and its first value. */
  private readonly starts: Float64Array;
  private readonly firsts: Float64Array;

  constructor(packed: PackedRuns) {
    this.length = packed.length;
    this.starts = unpackFloats(packed.starts);
    this.firsts = unpackFloats(packed.firsts);
  }

  /** The value at `index` (0 ≤ index < length). */
  at(index: number): number {
    const starts = this.starts;
    let low = 0;
    let high = starts.length - 1;
    // The last run starting at or before `index`.
    while (low < high) {
      const mid = (low + high + 1) >>> 1;
      if (starts[mid]! <= index) low = mid;
      else high = mid - 1;
    }
    return this.firsts[low]! + index - starts[low]!;
  }

  /** One past the last index of run `r`. */
  private endOf(r: number): number {
    return r + 1 < this.starts.length ? this.starts[r + 1]! : this.length;
  }

  /** Calls `found` with every index whose value is `value`, in order: a run holds it once at most. */
  indexesOf(value: number, found: (index: number) => void): void {
    const { starts, firsts } = this;
    for (let r = 0; r < starts.length; r++) {
      const at = starts[r]! + value - firsts[r]!;
      if (value >= firsts[r]! && at < this.endOf(r)) found(at);
    }
  }

  /** Every value, as doubles. */
  values(): Float64Array {
    const out = new Float64Array(this.length);
    const { starts, firsts } = this;
    for (let r = 0; r < starts.length; r++) {
      for (let i = starts[r]!, v = firsts[r]!, end = this.endOf(r); i < end; i++, v++) out[i] = v;
    }
    return out;
  }
}

/** Values decoded at a time when a part is decoded between other work ({@link decodeGently}). */
export const DECODE_STEP = 1 << 16;

/**
 * A decode cut into ranges of {@link DECODE_STEP} values: run whole ({@link decodeNow})
 * or one range a turn of its thread ({@link decodeGently}), one code for both.
 */
interface Decode<T> {
  readonly count: number;
  range(begin: number, end: number): void;
  readonly result: T;
}

/** Runs a decode whole. */
function decodeNow<T>(decode: Decode<T>): T {
  decode.range(0, decode.count);
  return decode.result;
}

/**
 * Runs a decode a range at a time, `pause` between ranges: a field read ahead at a
 * million rows held the list worker 30–90 ms, and a request arriving meanwhile waited.
 */
export async function decodeGently<T>(decode: Decode<T>, pause: () => Promise<void>): Promise<T> {
  for (let begin = 0; begin < decode.count; begin += DECODE_STEP) {
    if (begin > 0) await pause();
    decode.range(begin, Math.min(decode.count, begin + DECODE_STEP));
  }
  return decode.result;
}

/**
 * Packed integers that fit a Uint32Array (codes: an offset of 0 or more). Widths 1, 2
 * and 4 are widened natively, width 3 in one loop; nothing else is allocated (a fresh
 * megabyte costs a few milliseconds of page faults on some machines).
 */
export function unsignedDecode(p: PackedInts): Decode<Uint32Array> {
  const { bytes, width, length, offset } = p;
  // Records read from IndexedDB own their buffer at offset 0; a view elsewhere is copied to be aligned.
  const own = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  if (width === 3) {
    const out = new Uint32Array(length);
    return {
      count: length,
      result: out,
      range(begin, end) {
        for (let i = begin, at = begin * 3; i < end; i++, at += 3) out[i] = (own[at]! | (own[at + 1]! << 8) | (own[at + 2]! << 16)) + offset;
      },
    };
  }
  let out: Uint32Array;
  if (width === 1) out = new Uint32Array(own);
  else if (width === 2) out = new Uint32Array(new Uint16Array(own.buffer, own.byteOffset, length));
  else out = new Uint32Array(own.buffer, own.byteOffset, length).slice();
  return {
    count: offset === 0 ? 0 : length,
    result: out,
    range(begin, end) {
      for (let i = begin; i < end; i++) out[i]! += offset;
    },
  };
}

export const unpackUnsigned = (p: PackedInts): Uint32Array => decodeNow(unsignedDecode(p));

/**
 * Packed integers `begin .. end` into `out` from `start + begin` on, as doubles;
 * `running`: each value is added to the one before, the last value of the range
 * before (a dictionary's gaps), else null. Returns the last value.
 */
function decodeFloats(p: PackedInts, out: Float64Array, start: number, running: number | null, begin: number, end: number): number {
  const { bytes, width, offset } = p;
  let value = running ?? 0;
  for (let i = begin, at = begin * width, o = start + begin; i < end; i++, at += width, o++) {
    let v = bytes[at]!;
    if (width > 1) v |= bytes[at + 1]! << 8;
    if (width > 2) v |= bytes[at + 2]! << 16;
    if (width > 3) v += bytes[at + 3]! * 0x1000000;
    out[o] = running === null ? v + offset : (value += v + offset);
  }
  return value;
}

/** Packed integers of any offset (places: -2 and up), as doubles. */
export function unpackFloats(p: PackedInts): Float64Array {
  const out = new Float64Array(p.length);
  decodeFloats(p, out, 0, null, 0, p.length);
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

/** The dictionary of {@link packSorted}, as a decode. */
export function sortedDecode(p: PackedSorted): Decode<Float64Array> {
  const lead = p.nullFirst ? 1 : 0;
  const out = new Float64Array(lead + 1 + p.gaps.length);
  if (p.nullFirst) out[0] = -Infinity;
  out[lead] = p.first;
  let value = p.first;
  return {
    count: p.gaps.length,
    result: out,
    range(begin, end) {
      value = decodeFloats(p.gaps, out, lead + 1, value, begin, end);
    },
  };
}

export const unpackSorted = (p: PackedSorted): Float64Array => decodeNow(sortedDecode(p));
