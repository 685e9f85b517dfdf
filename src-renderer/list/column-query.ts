import type { IndexKey } from '../../src-shared/store/index.js';
import type { Residual } from './list-query.js';
import type { ScopeColumns } from './scope-columns.js';

/**
 * Orders and filters over a list's columns (scope-columns.ts): plain array work, no
 * IndexedDB. Orders are kept per list and field and updated by merging the rows
 * changed since (a page written re-sorts 1,000 rows, not the list).
 */

/** IndexedDB's order of encoded keys: numbers (null = -Infinity first) before strings. */
export function compareKeys(a: IndexKey, b: IndexKey): number {
  if (typeof a === typeof b) return a < b ? -1 : a > b ? 1 : 0;
  return typeof a === 'number' ? -1 : 1;
}

/** True when the slot's encoded values pass every filter. */
export function passesColumns(columns: ScopeColumns, slot: number, residual: readonly Residual[]): boolean {
  for (const r of residual) {
    const v = columns.columns.get(r.field)?.[slot];
    if (v === undefined) return false;
    const c = compareKeys(v, r.key);
    const ok = r.op === 'eq' ? c === 0 : r.op === 'ne' ? c !== 0 : r.op === 'lt' ? c < 0 : r.op === 'lte' ? c <= 0 : r.op === 'gt' ? c > 0 : c >= 0;
    if (!ok) return false;
  }
  return true;
}

interface KeptOrder {
  readonly version: number;
  readonly order: Uint32Array;
}
const orders = new WeakMap<ScopeColumns, Map<string, KeptOrder>>();

function comparator(columns: ScopeColumns, field: string | null): (a: number, b: number) => number {
  const keys = columns.keys;
  const byKey = (a: number, b: number) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0);
  if (field === null) return byKey;
  const column = columns.columns.get(field)!;
  return (a, b) => compareKeys(column[a]!, column[b]!) || byKey(a, b);
}

function fullSort(columns: ScopeColumns, compare: (a: number, b: number) => number): Uint32Array {
  const live: number[] = [];
  for (let slot = 0; slot < columns.keys.length; slot++) if (columns.alive(slot)) live.push(slot);
  return Uint32Array.from(live).sort(compare);
}

/** Merges the changed rows, sorted, into the kept order without them. */
function merge(kept: Uint32Array, changed: Set<number>, columns: ScopeColumns, compare: (a: number, b: number) => number): Uint32Array {
  const fresh = Uint32Array.from([...changed].filter((s) => columns.alive(s))).sort(compare);
  const out = new Uint32Array(kept.length - countIn(kept, changed) + fresh.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < kept.length || j < fresh.length) {
    if (i < kept.length && changed.has(kept[i]!)) {
      i++;
      continue;
    }
    if (j >= fresh.length || (i < kept.length && compare(kept[i]!, fresh[j]!) <= 0)) out[n++] = kept[i++]!;
    else out[n++] = fresh[j++]!;
  }
  return n === out.length ? out : out.subarray(0, n);
}

function countIn(order: Uint32Array, slots: Set<number>): number {
  let n = 0;
  for (const s of order) if (slots.has(s)) n++;
  return n;
}

/** The list's live rows ordered by a field (ties by key), ascending; by key when `field` is null. */
export function orderOf(columns: ScopeColumns, field: string | null): Uint32Array {
  const kept = orders.get(columns) ?? new Map<string, KeptOrder>();
  orders.set(columns, kept);
  const name = field ?? '';
  const previous = kept.get(name);
  if (previous?.version === columns.version) return previous.order;
  const compare = comparator(columns, field);
  const changed = previous ? columns.touchedSince(previous.version) : null;
  const order = previous && changed && changed.size < columns.keys.length / 4 ? merge(previous.order, changed, columns, compare) : fullSort(columns, compare);
  kept.set(name, { version: columns.version, order });
  return order;
}

const matches = new WeakMap<ScopeColumns, Map<string, KeptOrder>>();
const MATCHES_KEPT = 8;

/**
 * The slots a query shows, in its order: the field's order (read backwards when
 * descending), less the rows a filter or `keep` leaves out.
 */
export function matchingSlots(columns: ScopeColumns, field: string | null, descending: boolean, residual: readonly Residual[], keep?: (slot: number) => boolean): Uint32Array {
  const cacheKey = keep ? null : JSON.stringify([field, descending, residual]);
  const kept = matches.get(columns) ?? new Map<string, KeptOrder>();
  matches.set(columns, kept);
  const hit = cacheKey === null ? undefined : kept.get(cacheKey);
  if (hit?.version === columns.version) return hit.order;
  const order = orderOf(columns, field);
  let out: Uint32Array;
  if (residual.length === 0 && !keep) {
    out = descending ? order.slice().reverse() : order;
  } else {
    const picked: number[] = [];
    for (let i = 0; i < order.length; i++) {
      const slot = order[descending ? order.length - 1 - i : i]!;
      if (passesColumns(columns, slot, residual) && (!keep || keep(slot))) picked.push(slot);
    }
    out = Uint32Array.from(picked);
  }
  if (cacheKey !== null) {
    kept.set(cacheKey, { version: columns.version, order: out });
    if (kept.size > MATCHES_KEPT) kept.delete(kept.keys().next().value!);
  }
  return out;
}
