import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endpoints, indexedFields } from '../../../src-shared/api/index.js';
import { NULL_KEY, tableIndexColumns, tableIndexKeys } from '../../../src-shared/store/index.js';

const users = endpoints.E4;

describe("a page's index columns", () => {
  it('hold, field by field, what each row encodes on its own', () => {
    const fields = indexedFields(users);
    const value = fc.oneof(fc.constant(null), fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.date({ noInvalidDate: true }).map((d) => d.toISOString()));
    const row = fc.dictionary(fc.constantFrom(...fields, 'extra'), value);
    fc.assert(
      fc.property(fc.array(row, { maxLength: 20 }), (rows) => {
        const columns = tableIndexColumns(users.table, rows);
        expect(Object.keys(columns).sort()).toEqual([...fields].sort());
        rows.forEach((r, i) => {
          for (const [field, key] of Object.entries(tableIndexKeys(users.table, r))) expect(columns[field]![i]).toEqual(key);
        });
        for (const column of Object.values(columns)) expect(column).toHaveLength(rows.length);
      }),
      { numRuns: 150 },
    );
  });

  it('encode a missing field as the null key, not a hole', () => {
    const columns = tableIndexColumns(users.table, [{}, {}]);
    for (const column of Object.values(columns)) expect(column).toEqual([NULL_KEY, NULL_KEY]);
  });
});
