import type { IndexKey } from '../../src-shared/store/index.js';

/**
 * The stored form of a {@link CodedColumn}: typed arrays, cheap to clone into IndexedDB
 * and back, and as small as their values allow. Read at a million rows, each field part
 * is what a list opened again waits for before its first filter or sort on that field
 * (~300 MB/s from the database here: a date field of a million distinct values was
 * 12 MB, 40-75 ms). The codes take the fewest bytes their dictionary needs (one a row
 * for up to 256 values, two up to 65,536, three up to 16.7 million); a long dictionary
 * of whole numbers (dates as epoch milliseconds) is stored as the step from each number
 * to the next, four bytes instead of eight.
 */
export interface CodedColumnData {
  /** The dictionary's numbers; with `numSteps`, only those up to the first finite one. */
  readonly nums: Float64Array;
  /** The step from each number to the next after `nums`; {@link JUMP}: the next of `numJumps` instead. */
  readonly numSteps?: Uint32Array;
  readonly numJumps?: Float64Array;
  readonly strs: readonly string[];
  /** One code per slot; three bytes each (little-endian) when `codeBytes` is 3. */
  readonly codes: Uint32Array | Uint16Array | Uint8Array;
  readonly codeBytes?: 3;
}

/** A step too long for four bytes: the number is in `numJumps`. */
const JUMP = 0xffffffff;
/** Dictionaries shorter than this keep their numbers as they are (a few hundred KB at most). */
const STEPPED_FROM = 0x10000;

/** A sorted dictionary's numbers as stored (see {@link CodedColumnData}). */
function storedNums(nums: Float64Array): Pick<CodedColumnData, 'nums' | 'numSteps' | 'numJumps'> {
  let first = 0;
  while (first < nums.length && !Number.isFinite(nums[first]!)) first++;
  if (nums.length - first < STEPPED_FROM) return { nums: nums.slice() };
  for (let i = first; i < nums.length; i++) if (!Number.isSafeInteger(nums[i]!)) return { nums: nums.slice() };
  const steps = new Uint32Array(nums.length - first - 1);
  const jumps: number[] = [];
  for (let i = first + 1; i < nums.length; i++) {
    const step = nums[i]! - nums[i - 1]!;
    if (step < JUMP) steps[i - first - 1] = step;
    else {
      steps[i - first - 1] = JUMP;
      jumps.push(nums[i]!);
    }
  }
  return { nums: nums.slice(0, first + 1), numSteps: steps, numJumps: Float64Array.from(jumps) };
}

function restoredNums(data: CodedColumnData): Float64Array {
  const steps = data.numSteps;
  if (!steps) return data.nums;
  const nums = new Float64Array(data.nums.length + steps.length);
  nums.set(data.nums);
  const jumps = data.numJumps ?? new Float64Array(0);
  let value = data.nums[data.nums.length - 1]!;
  let jump = 0;
  for (let i = 0, at = data.nums.length; i < steps.length; i++, at++) nums[at] = value = steps[i] === JUMP ? jumps[jump++]! : value + steps[i]!;
  return nums;
}

function storedCodes(codes: Uint32Array, distinct: number): Pick<CodedColumnData, 'codes' | 'codeBytes'> {
  if (distinct <= 0x100) return { codes: Uint8Array.from(codes) };
  if (distinct <= 0x10000) return { codes: Uint16Array.from(codes) };
  if (distinct > 0x1000000) return { codes: codes.slice() };
  const packed = new Uint8Array(codes.length * 3);
  for (let i = 0, at = 0; i < codes.length; i++, at += 3) {
    const code = codes[i]!;
    packed[at] = code & 0xff;
    packed[at + 1] = (code >>> 8) & 0xff;
    packed[at + 2] = code >>> 16;
  }
  return { codes: packed, codeBytes: 3 };
}

function restoredCodes(data: CodedColumnData): Uint32Array {
  const { codes } = data;
  if (data.codeBytes !== 3) return codes instanceof Uint32Array ? codes : Uint32Array.from(codes);
  const out = new Uint32Array(codes.length / 3);
  for (let i = 0, at = 0; i < out.length; i++, at += 3) out[i] = codes[at]! | (codes[at + 1]! << 8) | (codes[at + 2]! << 16);
  return out;
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
    this.nums = data ? restoredNums(data) : new Float64Array(0);
    this.strs = data ? [...data.strs] : [];
    this.codes = data ? restoredCodes(data) : new Uint32Array(0);
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

  /** Sets the values of some slots, in order (a later write of a slot wins). */
  assign(slots: ArrayLike<number>, values: readonly IndexKey[], slotCount: number): void {
    this.reserve(slotCount);
    const newNums = new Set<number>();
    const newStrs = new Set<string>();
    for (const v of values) {
      if (this.codeOf(v) >= 0) continue;
      if (typeof v === 'number') newNums.add(v);
      else newStrs.add(v);
    }
    if (newNums.size > 0 || newStrs.size > 0) this.merge(newNums, newStrs, slotCount);
    for (let i = 0; i < slots.length; i++) this.codes[slots[i]!] = this.codeOf(values[i]!);
  }

  /** Merges new values into the dictionary and renumbers the codes of `slotCount` slots. */
  private merge(newNums: Set<number>, newStrs: Set<string>, slotCount: number): void {
    const nums = new Float64Array(this.nums.length + newNums.size);
    nums.set(this.nums);
    nums.set([...newNums], this.nums.length);
    nums.sort();
    const strs = [...this.strs, ...newStrs].sort();
    const remap = new Uint32Array(this.distinct);
    for (let c = 0; c < this.nums.length; c++) remap[c] = bound(nums, this.nums[c]!, false);
    for (let c = 0; c < this.strs.length; c++) remap[this.nums.length + c] = nums.length + bound(strs, this.strs[c]!, false);
    const codes = this.codes;
    if (remap.length > 0) for (let s = 0; s < slotCount; s++) codes[s] = remap[codes[s]!]!;
    this.nums = nums;
    this.strs = strs;
  }

  /** The column's stored form, for its first `slotCount` slots. */
  data(slotCount: number): CodedColumnData {
    return { ...storedNums(this.nums), strs: [...this.strs], ...storedCodes(this.codes.subarray(0, slotCount), this.distinct) };
  }
}
