import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../src-shared/api/index.js';
import { scopeKey } from '../../../src-shared/store/index.js';
import { ScopeColumns, SLOT } from '../../../src-renderer/list/scope-columns.js';
import { packRuns, Runs } from '../../../src-renderer/list/packed-ints.js';
import type { StoredColumns } from '../../../src-renderer/list/columns-snapshot.js';

describe('a list\'s columns', () => {
  it('mark live slots one byte each, as alive() tells them: rows in chunks and single rows, not deleted ones', () => {
    const columns = new ScopeColumns(endpoints.E20, scopeKey('E20', {}));
    // Places: a chunk row, a deleted row, a single row, a deleted row, a chunk row.
    columns.place = Float64Array.of(3 * SLOT + 1, -2, -1, -2, 4 * SLOT);
    columns.count = 5;
    expect([...columns.liveMask()]).toEqual([1, 0, 1, 0, 1]);
    expect([...columns.liveMask()]).toEqual([0, 1, 2, 3, 4].map((slot) => Number(columns.alive(slot))));
  });

  it('mark live slots of restored columns from their stored runs, and write the places out only when a change needs them', () => {
    const endpoint = endpoints.E20;
    const scope = scopeKey('E20', {});
    // Rows of two chunks, with deleted rows and a single row between them.
    const chunk = (id: number, from: number, length: number) => Array.from({ length }, (_, i) => id * SLOT + from + i);
    const places = [...chunk(5, 0, 40), -2, -1, ...chunk(6, 0, 30), -2, -2, ...chunk(6, 32, 20)];
    const restore = (live: number, place: number[]) => {
      const stored: StoredColumns = {
        base: { layout: 'parts', endpoint: 'E20', seq: 7, live, place: new Runs(packRuns(place)!), fields: new ScopeColumns(endpoint, scope).fields, chunks: new Float64Array(0), passes: [], local: [] },
        keys: async () => null,
        field: async () => null,
        zones: async () => null,
      };
      return ScopeColumns.restore(endpoint, scope, stored)!;
    };
    const columns = restore(places.filter((p) => p !== -2).length, places);
    expect([...columns.liveMask()]).toEqual(places.map((p) => Number(p !== -2)));
    expect(places.map((_, slot) => columns.placeAt(slot))).toEqual(places);
    expect(places.map((_, slot) => columns.alive(slot))).toEqual(places.map((p) => p !== -2));
    // Asked for whole (a change merged, the columns stored), the runs are written out.
    expect([...columns.place]).toEqual(places);
    expect([...columns.liveMask()]).toEqual(places.map((p) => Number(p !== -2)));

    // Nothing removed: every slot is live.
    const whole = restore(50, chunk(9, 0, 50));
    expect([...whole.liveMask()]).toEqual(chunk(9, 0, 50).map(() => 1));
  });
});
