import type { EndpointDef } from '../../src-shared/api/index.js';
import { keyedAsNumber, type IndexKey } from '../../src-shared/store/index.js';
import { isRangeOp, type Residual } from './list-query.js';

/**
 * The fields of a list whose encoded values are numbers (booleans, numbers, dates):
 * those a chunk's lowest and highest value bound. A text's range (keys, states) says
 * little of a chunk, and its ends may be long.
 */
export function zonedFields(endpoint: EndpointDef, fields: readonly string[]): string[] {
  return fields.filter((field) => keyedAsNumber(endpoint.query[field]!.type));
}

/** A field's zones as stored: the lowest and highest value of each chunk, in the order of the base's `chunks`. */
export interface ZonesData {
  readonly low: Float64Array;
  readonly high: Float64Array;
}

/**
 * One numeric field of a list: the lowest and highest encoded value of the rows of each
 * chunk (a zone map). A filter's first rows, looked for in the rows themselves while
 * the field is read (first-matches.ts), skip the chunks whose range no row passing the
 * filter can be in. A filter on the last change date after a delta pass lets through
 * ~1 % of the rows, all of them in the delta's few chunks: every other chunk was read
 * for nothing, and the 24 chunks the scan may read held too few for a window.
 *
 * A zone may be wider than its chunk's current rows (a row changed since lives in a
 * newer chunk, and the older copy's value stays in): it tells which chunks cannot
 * match, never which do. A chunk with no zone may match.
 */
export class FieldZones {
  private readonly at = new Map<number, number>();
  private low = new Float64Array(64);
  private high = new Float64Array(64);

  /** Widens a chunk's zone to hold `low .. high`. */
  note(chunk: number, low: number, high: number): void {
    const i = this.at.get(chunk);
    if (i !== undefined) {
      if (low < this.low[i]!) this.low[i] = low;
      if (high > this.high[i]!) this.high[i] = high;
      return;
    }
    const next = this.at.size;
    if (next === this.low.length) {
      const grow = (array: Float64Array) => {
        const grown = new Float64Array(array.length * 2);
        grown.set(array);
        return grown;
      };
      this.low = grow(this.low);
      this.high = grow(this.high);
    }
    this.at.set(chunk, next);
    this.low[next] = low;
    this.high[next] = high;
  }

  /** Widens a chunk's zone to hold every value of `values` (encoded keys of one numeric field). */
  noteValues(chunk: number, values: ArrayLike<IndexKey>): void {
    let low = Infinity;
    let high = -Infinity;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      // A number field encodes every value as a number; anything else leaves the chunk without a zone.
      if (typeof v !== 'number' || v !== v) return;
      if (v < low) low = v;
      if (v > high) high = v;
    }
    if (values.length > 0) this.note(chunk, low, high);
  }

  /** The zones of the chunks stored beside them (`chunks`: the base's), widened into these. */
  noteStored(chunks: ArrayLike<number>, data: ZonesData): void {
    if (data.low.length !== chunks.length || data.high.length !== chunks.length) return;
    for (let i = 0; i < chunks.length; i++) this.note(chunks[i]!, data.low[i]!, data.high[i]!);
  }

  /**
   * True when no row of a chunk in its zone can pass `residual` (the filters on this
   * field): false for a chunk without a zone, and whenever in doubt. A zone with no
   * value (low > high: no row of the chunk held a current copy) passes nothing.
   */
  excludes(chunk: number, residual: readonly Residual[]): boolean {
    const i = this.at.get(chunk);
    if (i === undefined) return false;
    const low = this.low[i]!;
    const high = this.high[i]!;
    for (const r of residual) {
      const key = r.key;
      if (typeof key !== 'number') continue;
      if (low > high && r.op !== 'ne') return true;
      if (isRangeOp(r.op) && key === -Infinity) return true;
      switch (r.op) {
        case 'eq':
          if (key < low || key > high) return true;
          break;
        case 'ne':
          if (low === key && high === key) return true;
          break;
        case 'lt':
          if (low >= key) return true;
          break;
        case 'lte':
          if (low > key) return true;
          break;
        case 'gt':
          if (high <= key) return true;
          break;
        case 'gte':
          if (high < key) return true;
          break;
      }
    }
    return false;
  }
}

/**
 * The zones of every numeric field over the chunks `chunks` (the base's order), from the
 * live slots' current copies: a slot whose place is a chunk row widens that chunk's zone
 * by its value. `value(field, slot)` reads a slot's encoded value; a field whose values
 * are not all numbers is left out.
 */
export function zonesOfSlots(
  fields: readonly string[],
  chunks: ArrayLike<number>,
  count: number,
  chunkAt: (slot: number) => number,
  valuesOf: (field: string) => (slot: number) => IndexKey,
): Record<string, ZonesData> {
  const index = new Map<number, number>();
  for (let i = 0; i < chunks.length; i++) index.set(chunks[i]!, i);
  // Each slot's chunk as its position in `chunks`, once for every field (-1: a single row, or gone).
  const position = new Int32Array(count);
  let lastChunk = NaN;
  let lastPosition = -1;
  for (let slot = 0; slot < count; slot++) {
    const chunk = chunkAt(slot);
    if (chunk !== lastChunk) {
      lastChunk = chunk;
      lastPosition = chunk < 0 ? -1 : (index.get(chunk) ?? -1);
    }
    position[slot] = lastPosition;
  }
  const zones: Record<string, ZonesData> = {};
  for (const field of fields) {
    const low = new Float64Array(chunks.length).fill(Infinity);
    const high = new Float64Array(chunks.length).fill(-Infinity);
    const valueAt = valuesOf(field);
    let numeric = true;
    for (let slot = 0; slot < count && numeric; slot++) {
      const i = position[slot]!;
      if (i < 0) continue;
      const v = valueAt(slot);
      if (typeof v !== 'number' || v !== v) numeric = false;
      else {
        if (v < low[i]!) low[i] = v;
        if (v > high[i]!) high[i] = v;
      }
    }
    if (numeric) zones[field] = { low, high };
  }
  return zones;
}
