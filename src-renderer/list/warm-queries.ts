import { indexedFields, type EndpointDef, type ScalarType } from '../../src-shared/api/index.js';
import { keyedAsNumber, NULL_KEY, type OutpostDb } from '../../src-shared/store/index.js';
import type { CodedColumnData } from './coded-column.js';
import { queryWindow, valueCountsOf } from './column-query.js';
import type { ColumnsSnapshot } from './columns-snapshot.js';
import { storedInMemory } from './list-caches.js';
import type { Residual } from './list-query.js';
import { packInts, unpackFloats, unpackUnsigned } from './packed-ints.js';
import { ScopeColumns, SLOT } from './scope-columns.js';

/** Rows of the made-up list, and the times its queries are run (each on columns of their own: answers are kept per columns). */
const MADE_UP_ROWS = 4096;
const ROUNDS = 4;
/** Rows of a made-up page (a slot's place is its page × SLOT + its index in the page). */
const PAGE_ROWS = 1000;
/** Rows a made-up window asks for. */
const WINDOW_ROWS = 100;

/**
 * `array` with `value(i)` at each index, filled by a loop: a typed array's `from` over
 * `{ length }` with a map function ran ~5× slower (32,768 values: 4.7 ms against 0.9 in
 * Node, warm), and the four widths' decode below, made that way in one step, held the
 * list worker 13–22 ms at a time.
 */
function filled<T extends Uint8Array | Uint16Array | Uint32Array | Float64Array>(array: T, value: (i: number) => number): T {
  for (let i = 0; i < array.length; i++) array[i] = value(i);
  return array;
}

/**
 * A made-up field as a column holds it: unset (null, the lowest key) and numbers (dates'
 * milliseconds, for every type of number: a column's numbers are doubles whatever they
 * count), or unset and texts, in order, and each row's code scattered over them.
 */
function madeUpField(type: ScalarType): CodedColumnData {
  // Keyed as text or as numbers the way the store keys a value of that type.
  const texts = !keyedAsNumber(type);
  // Unset included: codes of a byte for a yes/no field, of two bytes for the others.
  const distinct = type === 'boolean' ? 3 : texts ? 1000 : MADE_UP_ROWS;
  const nums = filled(new Float64Array(texts ? 1 : distinct), (i) => (i === 0 ? NULL_KEY : 1_672_531_200_000 + i * 37_000));
  const strs = texts ? Array.from({ length: distinct - 1 }, (_, i) => `v${String(i).padStart(6, '0')}`) : [];
  const code = (slot: number) => (slot * 7919) % distinct;
  return { nums, strs, codes: distinct <= 0x100 ? filled(new Uint8Array(MADE_UP_ROWS), code) : filled(new Uint16Array(MADE_UP_ROWS), code) };
}

/** A made-up list of an endpoint, as its stored columns would be at {@link MADE_UP_ROWS} rows. */
function madeUpSnapshot(endpoint: EndpointDef): ColumnsSnapshot {
  const n = MADE_UP_ROWS;
  const fields = Object.fromEntries(indexedFields(endpoint).map((field) => [field, madeUpField(endpoint.query[field]!.type)]));
  const pages = Math.ceil(n / PAGE_ROWS);
  return {
    base: {
      layout: 'parts',
      endpoint: endpoint.id,
      seq: 1,
      live: n,
      place: filled(new Float64Array(n), (slot) => Math.floor(slot / PAGE_ROWS) * SLOT + (slot % PAGE_ROWS)),
      fields: indexedFields(endpoint),
      chunks: filled(new Float64Array(pages), (page) => page),
      passes: Array.from({ length: pages }, () => 'made-up'),
      local: [],
    },
    keys: { keyText: '', keyEnds: new Uint32Array(n), writtenAt: new Float64Array(n) },
    fields,
    // No query here skips chunks by their zones.
    zones: {},
  };
}

/**
 * Every kind of query a list screen asks of one field, each a step of its own: filters
 * (a range, equality, inequality) and their value counts, its order both ways near either
 * end and farther in (the order is then built, and read along), and its value counts.
 */
function fieldSteps(columns: ScopeColumns, field: string): (() => void)[] {
  const column = columns.columns.get(field)!;
  const middle = column.value(Math.floor(column.distinct / 2));
  const ranged: Residual[] = [{ field, op: 'gte', key: middle }];
  const filters: Residual[][] = [ranged, [{ field, op: 'eq', key: middle }], [{ field, op: 'ne', key: middle }]];
  return [
    ...filters.map((residual) => () => {
      queryWindow(columns, null, false, residual, 0, WINDOW_ROWS);
      valueCountsOf(columns, field, residual);
    }),
    ...[false, true].map((descending) => () => {
      queryWindow(columns, field, descending, [], 0, WINDOW_ROWS);
      queryWindow(columns, field, descending, [], Math.floor(columns.size / 2), WINDOW_ROWS);
      queryWindow(columns, field, descending, ranged, 0, WINDOW_ROWS);
    }),
    () => valueCountsOf(columns, field),
  ];
}

/** Packed integers of each width (1–4 bytes), unpacked as stored parts are read: a step each. */
const decodeSteps = [0xff, 0xffff, 0xffffff, 0xffffffff].map((span) => () => {
  const values = filled(new Uint32Array(MADE_UP_ROWS), (i) => (i * 2654435761) % span);
  unpackUnsigned(packInts(values)!);
  unpackFloats(packInts(filled(new Float64Array(MADE_UP_ROWS), (i) => values[i]! - Math.floor(span / 2)))!);
});

/**
 * Runs what a list's first filters and sorts run, on a made-up list of `endpoint`: its
 * parts packed and read back, and every kind of query on each field, a few times. A
 * query's time goes to a few loops over every slot, and V8 optimizes a loop only once it
 * has run for a while: the first filter of a million-row list ran its pass over the
 * codes unoptimized, ~27 ms of a list worker busy beside the window (against 3–6
 * optimized), each later filter optimized. Each step takes a few milliseconds at most
 * (the first round's more, unoptimized), `pause` awaited before each: the engine's
 * waits while a request runs. Touches no database: `db` is only what restored columns are given.
 */
export async function warmQueries(db: OutpostDb, endpoint: EndpointDef, pause: () => Promise<void>): Promise<void> {
  const snapshot = madeUpSnapshot(endpoint);
  for (let round = 0; round < ROUNDS; round++) {
    for (const step of decodeSteps) {
      await pause();
      step();
    }
    await pause();
    const columns = ScopeColumns.restore(endpoint, `made-up:${endpoint.id}`, storedInMemory(snapshot))!;
    await columns.ensure(db, { fields: columns.fields });
    const steps = [() => queryWindow(columns, null, false, [], 0, WINDOW_ROWS), () => queryWindow(columns, null, true, [], Math.floor(columns.size / 2), WINDOW_ROWS), ...columns.fields.flatMap((field) => fieldSteps(columns, field))];
    for (const step of steps) {
      await pause();
      step();
    }
  }
}
