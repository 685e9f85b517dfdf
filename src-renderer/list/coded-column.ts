import type { IndexKey } from '../../src-shared/store/index.js';

/**
 * The stored form of a {@link CodedColumn}: typed arrays, cheap to clone into IndexedDB
 * and back. The codes take the fewest bytes their dictionary needs (a field of five
 * values stores a byte a row, not four): read at a million rows, each field part is
 * what a list opened again waits for before its first filter or sort on that field.
 */
export interface CodedColumnData {
  readonly nums: Float64Array;
  readonly strs: readonly string[];
  readonly codes: Uint32Array | Uint16Array | Uint8Array;
}

/** First index in a sorted array whose value is ≥ `value` (or > with `after`). */
function bound<T>(sorted: ArrayLike<T>, value: T, after: boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = sorted[mid]!;
    if (v < value || (after && v === value)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** IndexedDB's order within one kind of key, as a typed array sorts: NaN after every number. */
function before<T>(a: T, b: T): boolean {
  return a < b || (b !== b && a === a);
}

/**
 * Merges two sorted runs of distinct values into `out` and returns it; `remap[from + i]`
 * gets the new code (`base` + place in `out`) of the old run's value `i`.
 */
function mergeSorted<T, A extends { length: number; [i: number]: T }>(old: ArrayLike<T>, added: ArrayLike<T>, out: A, remap: Uint32Array, from: number, base: number): A {
  let i = 0;
  let j = 0;
  let o = 0;
  while (i < old.length || j < added.length) {
    if (j >= added.length || (i < old.length && before(old[i]!, added[j]!))) {
      remap[from + i] = base + o;
      out[o++] = old[i++]!;
    } else {
      out[o++] = added[j++]!;
    }
  }
  return out;
}

/**
 * One field of a list as dictionary codes: a sorted dictionary of the distinct encoded
 * values (numbers first, null = -Infinity among them, then strings: IndexedDB's order
 * of keys) and one code per slot, the value's rank in it. Comparing two rows is then
 * an integer compare, an order is a counting sort, and a filter is a code range.
 * New values are merged into the dictionary and the codes renumbered in the same
 * order, so orders built on the old codes stay sorted.
 */
export class CodedColumn {
  nums: Float64Array;
  strs: string[];
  codes: Uint32Array;

  constructor(data?: CodedColumnData) {
    this.nums = data?.nums ?? new Float64Array(0);
    this.strs = data ? [...data.strs] : [];
    const codes = data?.codes ?? new Uint32Array(0);
    // Widened natively (Uint32Array.from goes through an iterator: 5-7 ms at a million slots).
    this.codes = codes instanceof Uint32Array ? codes : new Uint32Array(codes);
  }

  /** Distinct values, and so one more than the highest code. */
  get distinct(): number {
    return this.nums.length + this.strs.length;
  }

  /** The encoded value a code stands for. */
  value(code: number): IndexKey {
    return code < this.nums.length ? this.nums[code]! : this.strs[code - this.nums.length]!;
  }

  /** The lowest code whose value is ≥ `key` (> with `after`); {@link distinct} when none. */
  bound(key: IndexKey, after = false): number {
    if (typeof key === 'number') return Number.isNaN(key) ? this.nums.length : bound(this.nums, key, after);
    return this.nums.length + bound(this.strs, key, after);
  }

  /** The code of a value, or -1 when no row has it. */
  codeOf(key: IndexKey): number {
    const at = this.bound(key);
    return at < this.distinct && this.value(at) === key ? at : -1;
  }

  /** Makes room for `slots` codes (new slots read code 0 until set). */
  reserve(slots: number): void {
    if (this.codes.length >= slots) return;
    const grown = new Uint32Array(Math.max(slots, this.codes.length * 2, 1024));
    grown.set(this.codes);
    this.codes = grown;
  }

  /**
   * Sets the values of some slots, in order (a later write of a slot wins).
   * @returns whether the column changed: a new value in the dictionary, or a slot's code.
   */
  assign(slots: ArrayLike<number>, values: readonly IndexKey[], slotCount: number): boolean {
    this.reserve(slotCount);
    const newNums = new Set<number>();
    const newStrs = new Set<string>();
    for (const v of values) {
      if (this.codeOf(v) >= 0) continue;
      if (typeof v === 'number') newNums.add(v);
      else newStrs.add(v);
    }
    const merged = newNums.size > 0 || newStrs.size > 0;
    if (merged) this.merge(newNums, newStrs, slotCount);
    let changed = merged;
    for (let i = 0; i < slots.length; i++) {
      const code = this.codeOf(values[i]!);
      changed ||= this.codes[slots[i]!] !== code;
      this.codes[slots[i]!] = code;
    }
    return changed;
  }

  /**
   * Merges new values into the dictionary and renumbers the codes of `slotCount` slots.
   * The dictionary is sorted already: the new values alone are sorted, then both are
   * merged in one pass that renumbers the old codes on the way. Sorting the whole
   * dictionary again and finding every old value in it took ~200 ms for a page of 1,000
   * new dates among a million (~400–590 ms for strings, Node 24), in the list worker,
   * for every page that brought new values to a list being followed; merged, 23–30 ms
   * (57–60 for strings), most of it renumbering the million codes.
   */
  private merge(newNums: Set<number>, newStrs: Set<string>, slotCount: number): void {
    const remap = new Uint32Array(this.distinct);
    const nums = mergeSorted(this.nums, Float64Array.from(newNums).sort(), new Float64Array(this.nums.length + newNums.size), remap, 0, 0);
    const strs = mergeSorted(this.strs, [...newStrs].sort(), new Array<string>(this.strs.length + newStrs.size), remap, this.nums.length, nums.length);
    const codes = this.codes;
    if (remap.length > 0) for (let s = 0; s < slotCount; s++) codes[s] = remap[codes[s]!]!;
    this.nums = nums;
    this.strs = strs;
  }

  /** The column's stored form, for its first `slotCount` slots. */
  data(slotCount: number): CodedColumnData {
    const codes = this.codes.subarray(0, slotCount);
    const distinct = this.distinct;
    return { nums: this.nums.slice(), strs: [...this.strs], codes: distinct <= 0x100 ? Uint8Array.from(codes) : distinct <= 0x10000 ? Uint16Array.from(codes) : codes.slice() };
  }
}
