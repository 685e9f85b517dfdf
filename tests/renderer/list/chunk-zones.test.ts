import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endpoints, indexedFields } from '../../../src-shared/api/index.js';
import type { IndexKey } from '../../../src-shared/store/index.js';
import { FieldZones, zonedFields, zonesOfSlots } from '../../../src-renderer/list/chunk-zones.js';
import { passesResidual, type Residual } from '../../../src-renderer/list/list-query.js';
import { FILTER_OPS } from '../../../src-shared/api/index.js';

const value = fc.oneof(fc.constant(-Infinity), fc.integer({ min: -4, max: 4 }), fc.double({ noNaN: true, noDefaultInfinity: true, min: -10, max: 10 }));
const residual = fc.array(
  fc.record({ field: fc.constant('n'), op: fc.constantFrom(...FILTER_OPS), key: value }),
  { minLength: 1, maxLength: 3 },
) as fc.Arbitrary<Residual[]>;

describe('chunk zones', () => {
  it('exclude a chunk only when none of its values passes the filters', () => {
    fc.assert(
      fc.property(fc.array(fc.array(value, { maxLength: 6 }), { minLength: 1, maxLength: 4 }), residual, (chunks, filters) => {
        const zones = new FieldZones();
        chunks.forEach((values, chunk) => zones.noteValues(chunk, values));
        chunks.forEach((values, chunk) => {
          if (zones.excludes(chunk, filters)) {
            for (const v of values) expect(passesResidual({ n: v }, filters), `${v} in chunk ${chunk}`).toBe(false);
          }
        });
      }),
      { numRuns: 2_000 },
    );
  });

  it('exclude the chunks a range or a value leaves out, and keep those without a zone', () => {
    const zones = new FieldZones();
    zones.noteValues(1, [10, 20, 15]);
    zones.noteValues(2, [-Infinity, 5]);
    // Widened by a later write of the same chunk.
    zones.note(3, 30, 30);
    zones.note(3, 40, 41);
    const excluded = (r: Omit<Residual, 'field'>) => [1, 2, 3, 4].filter((chunk) => zones.excludes(chunk, [{ field: 'n', ...r }]));
    expect(excluded({ op: 'gte', key: 21 })).toEqual([1, 2]);
    expect(excluded({ op: 'gt', key: 20 })).toEqual([1, 2]);
    expect(excluded({ op: 'lt', key: 10 })).toEqual([1, 3]);
    expect(excluded({ op: 'lte', key: 9 })).toEqual([1, 3]);
    expect(excluded({ op: 'eq', key: 35 })).toEqual([1, 2]);
    expect(excluded({ op: 'eq', key: 12 })).toEqual([2, 3]);
    expect(excluded({ op: 'ne', key: 30 })).toEqual([]);
    // A range never lets an unset value through.
    expect(excluded({ op: 'gte', key: -Infinity })).toEqual([1, 2, 3]);
    // A text key on a number field says nothing of the chunk.
    expect(excluded({ op: 'eq', key: 'x' as IndexKey })).toEqual([]);
  });

  it('are kept for numeric fields only', () => {
    expect(zonedFields(endpoints.E20, indexedFields(endpoints.E20))).toEqual(['creationDateTime', 'lastModifiedDateTime']);
  });

  it('of stored columns span the current copies of each chunk, and a chunk no current copy is in lets nothing through', () => {
    const SLOT = 2048;
    // Slots 0–2 in chunk 4, slot 3 a single row, slot 4 gone, slots 5–6 in chunk 9; chunk 7 holds no current copy.
    const places = [4 * SLOT, 4 * SLOT + 1, 4 * SLOT + 2, -1, -2, 9 * SLOT, 9 * SLOT + 1];
    const values: IndexKey[] = [7, 3, 5, 100, 200, -Infinity, 8];
    const texts: IndexKey[] = places.map((_, i) => `t${i}`);
    const zones = zonesOfSlots(['n', 's'], [4, 7, 9], places.length, (slot) => (places[slot]! < 0 ? -1 : Math.floor(places[slot]! / SLOT)), (field) => (slot) => (field === 'n' ? values : texts)[slot]!);
    expect(Object.keys(zones)).toEqual(['n']);
    expect([...zones.n!.low]).toEqual([3, Infinity, -Infinity]);
    expect([...zones.n!.high]).toEqual([7, -Infinity, 8]);
    const restored = new FieldZones();
    restored.noteStored([4, 7, 9], zones.n!);
    expect([4, 7, 9].map((chunk) => restored.excludes(chunk, [{ field: 'n', op: 'gte', key: 6 }]))).toEqual([false, true, false]);
    expect([4, 7, 9].map((chunk) => restored.excludes(chunk, [{ field: 'n', op: 'eq', key: 100 }]))).toEqual([true, true, true]);
  });
});
