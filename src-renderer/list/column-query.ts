import { NULL_KEY, type IndexKey } from '../../src-shared/store/index.js';
import { isRangeOp, type Residual } from './list-query.js';
import type { ScopeColumns } from './scope-columns.js';

/**
 * Orders and filters over a list's columns (scope-columns.ts): typed-array work, no
 * IndexedDB and no compare of values. A list with no sort is in slot order (the order
 * its rows were first written in: the API's order, new rows last); an order by a field
 * is a counting sort of the slots by the field's codes (ties stay in slot order); a
 * filter is a range of codes. Orders are kept per list and field until the columns change.
 */

/** IndexedDB's order of encoded keys: numbers (null = -Infinity first) before strings. */
export function compareKeys(a: IndexKey, b: IndexKey): number {
  if (typeof a === typeof b) return a < b ? -1 : a > b ? 1 : 0;
  return typeof a === 'number' ? -1 : 1;
}

/**
 * What is worked out from a list's columns (orders, masks) is kept per list and
 * name until the columns change (their version); `most`: names kept per list, the
 * least recently used dropped first.
 */
type Kept<T> = WeakMap<ScopeColumns, Map<string, { readonly version: number; readonly value: T }>>;

function kept<T>(store: Kept<T>, columns: ScopeColumns, name: string, make: () => T, most = Number.POSITIVE_INFINITY): T {
  const byName = store.get(columns) ?? new Map<string, { readonly version: number; readonly value: T }>();
  store.set(columns, byName);
  const hit = byName.get(name);
  if (hit?.version === columns.version) return hit.value;
  const value = make();
  byName.delete(name);
  byName.set(name, { version: columns.version, value });
  if (byName.size > most) byName.delete(byName.keys().next().value!);
  return value;
}

/** Whether something was kept for the columns as they are now. */
function keptNow<T>(store: Kept<T>, columns: ScopeColumns, name: string): T | undefined {
  const hit = store.get(columns)?.get(name);
  return hit?.version === columns.version ? hit.value : undefined;
}

const orders: Kept<Uint32Array> = new WeakMap();

/** The slots a filter lets through: 1 per live slot that passes every test, and how many. */
interface Mask {
  readonly mask: Uint8Array;
  readonly total: number;
}
const liveMasks: Kept<Mask> = new WeakMap();

/** The live slots of a list as a mask, kept until the list changes (orders, filters and counts all start from it). */
const liveMaskOf = (columns: ScopeColumns): Mask => kept(liveMasks, columns, '', () => ({ mask: columns.liveMask(), total: columns.size }));

/** The live slots in slot order: the order the list's rows were first written in (the API's order), new rows last. */
function bySlot(columns: ScopeColumns): Uint32Array {
  const { mask, total } = liveMaskOf(columns);
  const out = new Uint32Array(total);
  let n = 0;
  for (let slot = 0; slot < mask.length; slot++) if (mask[slot] === 1) out[n++] = slot;
  return n === out.length ? out : out.slice(0, n);
}

/**
 * The live slots by a field's codes, ties in slot order: one counting sort, both of
 * its passes reading the codes in sequence. Ties in slot order are rows of the same
 * chunks, so a screen of them reads one or two chunks (ties by key read one chunk a row).
 */
function byField(columns: ScopeColumns, field: string): Uint32Array {
  const live = orderOf(columns, null);
  const column = columns.columns.get(field)!;
  const codes = column.codes;
  const starts = new Uint32Array(column.distinct + 1);
  for (let i = 0; i < live.length; i++) starts[codes[live[i]!]! + 1]!++;
  for (let c = 1; c < starts.length; c++) starts[c]! += starts[c - 1]!;
  const out = new Uint32Array(live.length);
  for (let i = 0; i < live.length; i++) out[starts[codes[live[i]!]!]!++] = live[i]!;
  return out;
}

/** The list's live rows ordered by a field (ties in slot order), ascending; in slot order when `field` is null. */
export function orderOf(columns: ScopeColumns, field: string | null): Uint32Array {
  return kept(orders, columns, field ?? '', () => (field === null ? bySlot(columns) : byField(columns, field)));
}

/** A filter as the codes it lets through: `[from, to)`, less `except` (for `ne`). */
interface CodeTest {
  readonly codes: Uint32Array;
  readonly from: number;
  readonly to: number;
  readonly except: number;
}

function codeTest(columns: ScopeColumns, r: Residual): CodeTest | null {
  const column = columns.columns.get(r.field);
  if (!column) return null;
  const all = { codes: column.codes, from: 0, to: column.distinct, except: -1 };
  if (r.op === 'eq') {
    const code = column.codeOf(r.key);
    return code < 0 ? null : { ...all, from: code, to: code + 1 };
  }
  if (!isRangeOp(r.op)) return { ...all, except: column.codeOf(r.key) };
  // A range lets no unset value through (`isRangeOp`): its codes start after null's.
  if (r.key === NULL_KEY) return null;
  const set = column.bound(NULL_KEY, true);
  switch (r.op) {
    case 'lt':
      return { ...all, from: set, to: column.bound(r.key) };
    case 'lte':
      return { ...all, from: set, to: column.bound(r.key, true) };
    case 'gt':
      return { ...all, from: Math.max(set, column.bound(r.key, true)) };
    default:
      return { ...all, from: Math.max(set, column.bound(r.key)) };
  }
}

/**
 * A window near either end of a query's order is picked without building the order:
 * the first rows of a new sort or filter are one pass over the columns in slot order
 * (sequential reads: ~5 ms at a million rows), where building the order reads them
 * scattered (25–40 ms for a field with a million distinct values, more in a busy
 * worker). Windows farther in build the whole order, once per version.
 */
export const PICK_LIMIT = 1000;

/** Whole answers and filter masks kept per list (a filter's mask is shared by every sort of it). */
const KEPT_PER_LIST = 8;
const masks: Kept<Mask> = new WeakMap();

/**
 * Clears the slots of `mask` whose code fails a test; returns the slots left. A function
 * of its own, not a loop inside the closure that builds a mask (in a microbenchmark the
 * loop took 5–73 ms inside the closure over eight runs, 6–17 ms on its own). The range
 * test is integer arithmetic only (codes count distinct values, far below 2^31): in a
 * bench trace the list worker ran it unoptimized for a date filter (36 ms at a million
 * slots). At a million slots (Node 24), the test written with `Number(a >= b)` took
 * 28–50 ms in V8's middle tier (Maglev) and 110 in the interpreter, this one 4–6 and 50;
 * fully optimized both take 2–6 ms. `except` (a `ne` filter) is a second pass, run only
 * when it falls inside the range.
 */
function passTest(mask: Uint8Array, codes: Uint32Array, from: number, to: number, except: number): number {
  const n = mask.length;
  const last = to - 1;
  let total = 0;
  for (let slot = 0; slot < n; slot++) {
    const code = codes[slot]!;
    // Both differences are ≥ 0 exactly when from ≤ code ≤ last: the sign bit of their `or` is the miss.
    const passed = mask[slot]! & ((((code - from) | (last - code)) >>> 31) ^ 1);
    mask[slot] = passed;
    total += passed;
  }
  if (except >= from && except < to) {
    for (let slot = 0; slot < n; slot++) {
      if (codes[slot] === except && mask[slot] === 1) {
        mask[slot] = 0;
        total -= 1;
      }
    }
  }
  return total;
}

/** The live slots that pass every test (by name: the filters as JSON), as a mask: one sequential pass a test (2–6 ms at a million slots once optimized). */
function passMask(columns: ScopeColumns, residual: readonly Residual[], tests: readonly CodeTest[]): Mask {
  const live = liveMaskOf(columns);
  if (tests.length === 0) return live;
  return kept(
    masks,
    columns,
    JSON.stringify(residual),
    () => {
      const mask = live.mask.slice();
      let total = 0;
      for (const { codes, from, to, except } of tests) total = passTest(mask, codes, from, to, except);
      return { mask, total };
    },
    KEPT_PER_LIST,
  );
}

/** The tests of a query's filters; null when one can let nothing through (a value no row has). */
function testsOf(columns: ScopeColumns, residual: readonly Residual[]): CodeTest[] | null {
  const tests = residual.map((r) => codeTest(columns, r));
  return tests.some((t) => t === null) ? null : (tests as CodeTest[]);
}

const matches: Kept<Uint32Array> = new WeakMap();

/** The slots a query shows, in its order: the field's order (read backwards when descending), less the rows a filter leaves out. */
export function matchingSlots(columns: ScopeColumns, field: string | null, descending: boolean, residual: readonly Residual[]): Uint32Array {
  return kept(
    matches,
    columns,
    JSON.stringify([field, descending, residual]),
    () => {
      const order = orderOf(columns, field);
      const tests = testsOf(columns, residual);
      if (tests === null) return new Uint32Array(0);
      if (tests.length === 0) return descending ? order.slice().reverse() : order;
      const { mask, total } = passMask(columns, residual, tests);
      return pickAlong(order, descending, mask, total);
    },
    KEPT_PER_LIST,
  );
}

/**
 * The first `k` slots of `mask` in the field's order (ascending, ties in slot order;
 * `fromEnd`: the last `k`, last first): one pass over the slots keeping the best `k`
 * in a heap of (code, slot) pairs. The pass runs the way ties are ordered (from the
 * last slot when `fromEnd`), so that a row which does not beat the heap's worst is
 * refused at once: rows tying with it, and rows in a list stored in the order of the
 * field (as the server lists them, by creation date). Run forwards while picking the
 * largest values, nearly every such row beat the one before it and took its place: on
 * a million-row list, picking by creation date descending took 78 ms in the list
 * worker against 31 ascending, and by completion rate 75 against 36; from the end, 24
 * and 40 (one bench run each).
 */
function pickEnd(columns: ScopeColumns, field: string, fromEnd: boolean, mask: Uint8Array, k: number): Uint32Array {
  const codes = columns.columns.get(field)!.codes;
  const n = columns.count;
  // One number per slot: code × n + slot is exact below 2^53 (n and the codes are far smaller); negated from the end.
  const sign = fromEnd ? -1 : 1;
  const heap = new Float64Array(k);
  let size = 0;
  for (let i = 0; i < n; i++) {
    const slot = fromEnd ? n - 1 - i : i;
    if (mask[slot] === 0) continue;
    const value = sign * (codes[slot]! * n + slot);
    if (size < k) {
      // Sift up: the heap's root is its largest value.
      let i = size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (heap[parent]! >= value) break;
        heap[i] = heap[parent]!;
        i = parent;
      }
      heap[i] = value;
    } else if (k > 0 && value < heap[0]!) {
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= k) break;
        if (child + 1 < k && heap[child + 1]! > heap[child]!) child++;
        if (heap[child]! <= value) break;
        heap[i] = heap[child]!;
        i = child;
      }
      heap[i] = value;
    }
  }
  const best = heap.subarray(0, size).sort();
  const slots = new Uint32Array(size);
  for (let i = 0; i < size; i++) slots[i] = Math.abs(best[i]!) % n;
  return slots;
}

/** The first `k` slots of `order` (from its end when `fromEnd`, last first) in `mask`. */
function pickAlong(order: Uint32Array, fromEnd: boolean, mask: Uint8Array, k: number): Uint32Array {
  const out = new Uint32Array(k);
  let n = 0;
  const last = order.length - 1;
  for (let i = 0; i <= last && n < k; i++) {
    const slot = order[fromEnd ? last - i : i]!;
    if (mask[slot] === 1) out[n++] = slot;
  }
  return out.subarray(0, n);
}

/** The first `k` slots in `mask` in slot order (from the last slot when `fromEnd`, last first): the mask holds only live slots. */
function pickInSlotOrder(mask: Uint8Array, fromEnd: boolean, k: number): Uint32Array {
  const out = new Uint32Array(k);
  let n = 0;
  const last = mask.length - 1;
  for (let i = 0; i <= last && n < k; i++) {
    const slot = fromEnd ? last - i : i;
    if (mask[slot] === 1) out[n++] = slot;
  }
  return out.subarray(0, n);
}

/**
 * How many rows a query matches and the slots of rows `offset .. offset+limit` in its
 * order (all from `offset` when limit is null): {@link matchingSlots} cut to the
 * window, but a window within {@link PICK_LIMIT} rows of either end of an order not
 * built yet is picked without building it, and a count alone sorts nothing.
 */
export function queryWindow(columns: ScopeColumns, field: string | null, descending: boolean, residual: readonly Residual[], offset: number, limit: number | null, pickLimit = PICK_LIMIT): { total: number; slots: Uint32Array } {
  const whole = () => {
    const slots = matchingSlots(columns, field, descending, residual);
    return { total: slots.length, slots: limit === null ? slots.subarray(offset) : slots.subarray(offset, offset + limit) };
  };
  if (limit === null || keptNow(matches, columns, JSON.stringify([field, descending, residual]))) return whole();
  const tests = testsOf(columns, residual);
  if (tests === null) return { total: 0, slots: new Uint32Array(0) };
  const { mask, total } = passMask(columns, residual, tests);
  const end = Math.min(total, offset + limit);
  if (end <= offset) return { total, slots: new Uint32Array(0) };
  // Rows counted from the order's start, or from its end (read last first).
  const fromStart = end <= pickLimit;
  if (!fromStart && total - offset > pickLimit) return whole();
  const k = fromStart ? end : total - offset;
  const fromEnd = fromStart === descending;
  const built = keptNow(orders, columns, field ?? '');
  let picked: Uint32Array;
  if (field === null) picked = pickInSlotOrder(mask, fromEnd, k);
  else if (built) picked = pickAlong(built, fromEnd, mask, k);
  else picked = pickEnd(columns, field, fromEnd, mask, k);
  const slots = fromStart ? picked.subarray(offset, end) : picked.slice(total - end, total - offset).reverse();
  return { total, slots };
}

const valueCounts: Kept<[IndexKey, number][]> = new WeakMap();

/**
 * Live rows per encoded value of a field (values no live row has left out), of the rows
 * that pass `residual` (a list's filters: its charts count what the list shows), kept
 * until the list changes. One pass adding the mask's byte of each slot to its code's
 * count (the filter's mask is the one its window built): asked with a call to `alive()`
 * a slot, a million-row list's count held the list worker ~26 ms, and the charts'
 * counts of a list landed between a user's filters, each filter waiting for them (a
 * bench run's slowest filter changes).
 */
export function valueCountsOf(columns: ScopeColumns, field: string, residual: readonly Residual[] = []): [IndexKey, number][] {
  const column = columns.columns.get(field);
  if (!column) return [];
  return kept(
    valueCounts,
    columns,
    residual.length === 0 ? field : JSON.stringify([field, residual]),
    () => {
      const tests = testsOf(columns, residual);
      if (tests === null) return [];
      const { mask } = passMask(columns, residual, tests);
      const codes = column.codes;
      const perCode = new Uint32Array(column.distinct);
      for (let slot = 0; slot < mask.length; slot++) perCode[codes[slot]!]! += mask[slot]!;
      const counts: [IndexKey, number][] = [];
      perCode.forEach((n, code) => {
        if (n > 0) counts.push([column.value(code), n]);
      });
      return counts;
    },
    KEPT_PER_LIST,
  );
}
