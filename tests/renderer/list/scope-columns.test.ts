import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../src-shared/api/index.js';
import { scopeKey } from '../../../src-shared/store/index.js';
import { ScopeColumns, SLOT } from '../../../src-renderer/list/scope-columns.js';

describe('a list\'s columns', () => {
  it('mark live slots one byte each, as alive() tells them: rows in chunks and single rows, not deleted ones', () => {
    const columns = new ScopeColumns(endpoints.E20, scopeKey('E20', {}));
    // Places: a chunk row, a deleted row, a single row, a deleted row, a chunk row.
    columns.place = Float64Array.of(3 * SLOT + 1, -2, -1, -2, 4 * SLOT);
    columns.count = 5;
    expect([...columns.liveMask()]).toEqual([1, 0, 1, 0, 1]);
    expect([...columns.liveMask()]).toEqual([0, 1, 2, 3, 4].map((slot) => Number(columns.alive(slot))));
  });
});
