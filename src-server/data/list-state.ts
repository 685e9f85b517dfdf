import { rowKey, type EndpointDef } from '../../src-shared/api/index.js';
import { parseDate } from './dates.js';
import type { Row, RowGenerator } from './row-generator.js';

/**
 * One list scope's rows: the seeded rows of its generator with the changes made since
 * start (inserts, updates, removals) as an overlay. Indices are stable: a row keeps
 * its index for life, inserted rows get the next ones, so index order is creation order.
 */
export interface ListState {
  readonly endpoint: EndpointDef;
  /** Bumped by every change; cached orderings are keyed by it. */
  version(): number;
  /** One past the greatest index (live or removed). */
  total(): number;
  isLive(index: number): boolean;
  /** The current row at a live index. */
  row(index: number): Row;
  /** Index of the live row with this key. */
  indexOf(key: string): number | undefined;
  /** True while the field's value still never decreases with the index. */
  isOrdered(field: string): boolean;
  /** Numeric value of an ordered field at an index (also for removed rows). */
  orderedValue(field: string, index: number): number;
  /** Indices of rows changed or inserted since start, ascending. */
  changedIndices(): number[];
  /** No unchanged row was modified after this instant. */
  readonly modifiedUntil: number;
  /**
   * Unchanged seeded rows modified after `ms` (or at it, when inclusive), ascending by
   * index; null when the generator cannot tell without building rows.
   */
  modifiedSince(ms: number, inclusive: boolean): number[] | null;
  /** Unchanged seeded rows whose field equals a value, ascending; null when unknown. */
  seededWhere(field: string, value: string): number[] | null;
  insert(overrides?: Row): Row;
  update(key: string, changes: Row): Row;
  remove(key: string): boolean;
}

function numeric(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return parseDate(value);
  return Number.NaN;
}

export function createListState(
  endpoint: EndpointDef,
  generator: RowGenerator,
  now: () => number,
): ListState {
  const size = generator.size;
  const inserted: Row[] = [];
  const insertedKeys = new Map<string, number>();
  const updated = new Map<number, Row>();
  const removed = new Set<number>();
  const unordered = new Set<string>();
  const insertedValues = new Map<string, number[]>();
  let version = 0;
  let lastCreated = generator.ordered['creationDateTime']?.(size - 1) ?? Number.NEGATIVE_INFINITY;

  const total = () => size + inserted.length;
  const isLive = (i: number) => i >= 0 && i < total() && !removed.has(i);
  const rawRow = (i: number): Row =>
    updated.get(i) ?? (i < size ? generator.row(i) : inserted[i - size]!);
  const indexOf = (key: string): number | undefined => {
    const fromInsert = insertedKeys.get(key);
    const i = fromInsert ?? generator.indexOf(key);
    return i !== undefined && i < total() && isLive(i) ? i : undefined;
  };
  const orderedValue = (field: string, i: number): number => {
    if (i < size) return generator.ordered[field]!(i);
    return insertedValues.get(field)?.[i - size] ?? Number.NaN;
  };
  const keyFields = new Set(endpoint.primaryKey);
  let byModified: { times: Float64Array; indices: Int32Array } | null = null;
  const modifiedIndex = () => {
    if (byModified || !generator.modifiedAt) return byModified;
    const all = new Float64Array(size);
    let count = 0;
    for (let i = 0; i < size; i++) {
      const at = generator.modifiedAt(i);
      all[i] = at ?? Number.NaN;
      if (at !== null) count++;
    }
    const indices = new Int32Array(count);
    for (let i = 0, k = 0; i < size; i++) if (!Number.isNaN(all[i]!)) indices[k++] = i;
    indices.sort((a, b) => all[a]! - all[b]!);
    byModified = { times: Float64Array.from(indices, (i) => all[i]!), indices };
    return byModified;
  };

  return {
    endpoint,
    version: () => version,
    total,
    isLive,
    row(i) {
      if (!isLive(i)) throw new Error(`${endpoint.id}: no live row at ${i}`);
      return rawRow(i);
    },
    indexOf,
    isOrdered: (field) => field in generator.ordered && !unordered.has(field),
    orderedValue,
    changedIndices: () => [
      ...[...updated.keys()].filter((i) => i < size).sort((a, b) => a - b),
      ...inserted.map((_, k) => size + k),
    ],
    modifiedUntil: generator.modifiedUntil,
    seededWhere(field, value) {
      const found = generator.indicesWhere?.(field, value) ?? null;
      return found && found.filter((i) => !updated.has(i) && !removed.has(i));
    },
    modifiedSince(ms, inclusive) {
      if (ms >= generator.modifiedUntil && !(inclusive && ms === generator.modifiedUntil)) return [];
      const index = modifiedIndex();
      if (!index) return null;
      let lo = 0;
      let hi = index.times.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (inclusive ? index.times[mid]! >= ms : index.times[mid]! > ms) hi = mid;
        else lo = mid + 1;
      }
      return Array.from(index.indices.subarray(lo))
        .filter((i) => !updated.has(i) && !removed.has(i))
        .sort((a, b) => a - b);
    },
    insert(overrides = {}) {
      const index = total();
      const row: Row = { ...generator.row(index) };
      if ('creationDateTime' in row) {
        lastCreated = Math.max(now(), lastCreated + 1);
        row['creationDateTime'] = generator.formatTime(lastCreated);
      }
      if ('lastModifiedDateTime' in row) row['lastModifiedDateTime'] = null;
      Object.assign(row, overrides);
      const key = rowKey(endpoint, row);
      if (indexOf(key) !== undefined) throw new Error(`${endpoint.id}: a row with key ${key} exists`);
      for (const field of Object.keys(generator.ordered)) {
        const value = numeric(row[field]);
        const previous = index > 0 ? orderedValue(field, index - 1) : Number.NEGATIVE_INFINITY;
        if (!(value >= previous)) unordered.add(field);
        const values = insertedValues.get(field) ?? [];
        values.push(value);
        insertedValues.set(field, values);
      }
      inserted.push(row);
      insertedKeys.set(key, index);
      version++;
      return row;
    },
    update(key, changes) {
      const index = indexOf(key);
      if (index === undefined) throw new Error(`${endpoint.id}: no row with key ${key}`);
      const before = rawRow(index);
      for (const field of Object.keys(changes)) {
        if (keyFields.has(field) && changes[field] !== before[field]) {
          throw new Error(`${endpoint.id}: the key field ${field} cannot change`);
        }
      }
      const after: Row = { ...before, ...changes };
      if ('lastModifiedDateTime' in before && !('lastModifiedDateTime' in changes)) {
        after['lastModifiedDateTime'] = generator.formatTime(now());
      }
      for (const field of Object.keys(generator.ordered)) {
        if (field in changes && numeric(after[field]) !== numeric(before[field])) unordered.add(field);
      }
      if (index < size) updated.set(index, after);
      else inserted[index - size] = after;
      version++;
      return after;
    },
    remove(key) {
      const index = indexOf(key);
      if (index === undefined) return false;
      removed.add(index);
      updated.delete(index);
      version++;
      return true;
    },
  };
}
