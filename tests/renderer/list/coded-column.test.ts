import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CodedColumn } from '../../../src-renderer/list/coded-column.js';
import { compareKeys } from '../../../src-renderer/list/column-query.js';
import type { IndexKey } from '../../../src-shared/store/index.js';

const key = fc.oneof(fc.constant(-Infinity), fc.integer({ min: -5, max: 5 }), fc.double({ noNaN: true, min: -1e13, max: 1e13 }), fc.constantFrom('', 'a', 'b', 'B', 'ab', 'é'));

describe('a dictionary-coded column', () => {
  it('keeps codes in the order of the values through every merge of new values, and finds bounds like a sorted list', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), key), { maxLength: 20 }), { minLength: 1, maxLength: 6 }), key, (batches, probe) => {
        const column = new CodedColumn();
        const model = new Map<number, IndexKey>();
        let slots = 0;
        for (const batch of batches) {
          for (const [slot] of batch) slots = Math.max(slots, slot + 1);
          column.assign(batch.map(([s]) => s), batch.map(([, v]) => v), slots);
          for (const [slot, value] of batch) model.set(slot, value);
          for (const [slot, value] of model) expect(Object.is(column.value(column.codes[slot]!), value) || column.value(column.codes[slot]!) === value).toBe(true);
          // Codes order like the values they stand for.
          const known = [...model.keys()];
          for (const a of known) for (const b of known) expect(Math.sign(column.codes[a]! - column.codes[b]!)).toBe(Math.sign(compareKeys(model.get(a)!, model.get(b)!)));
          const values = Array.from({ length: column.distinct }, (_, c) => column.value(c));
          expect(column.bound(probe)).toBe(values.filter((v) => compareKeys(v, probe) < 0).length);
          expect(column.bound(probe, true)).toBe(values.filter((v) => compareKeys(v, probe) <= 0).length);
          expect(column.codeOf(probe) >= 0).toBe(values.some((v) => compareKeys(v, probe) === 0));
        }
      }),
    );
  });

  it('comes back whole from its stored form', () => {
    const column = new CodedColumn();
    column.assign([0, 1, 2, 3], ['b', 5, -Infinity, 'a'], 4);
    const again = new CodedColumn(structuredClone(column.data(4)));
    expect([0, 1, 2, 3].map((s) => again.value(again.codes[s]!))).toEqual(['b', 5, -Infinity, 'a']);
    again.assign([4], [1], 5);
    expect([0, 1, 2, 3, 4].map((s) => again.value(again.codes[s]!))).toEqual(['b', 5, -Infinity, 'a', 1]);
  });

  it('stores its codes in the fewest bytes its dictionary needs, and restores them whole', () => {
    for (const [distinct, kind] of [[256, Uint8Array], [257, Uint16Array], [65_536, Uint16Array], [65_537, Uint32Array]] as const) {
      const column = new CodedColumn();
      const slots = Array.from({ length: distinct }, (_, i) => i);
      // Slot i holds value (i × 7) mod distinct: every code is used, out of order.
      column.assign(slots, slots.map((i) => (i * 7) % distinct), distinct);
      const stored = structuredClone(column.data(distinct));
      expect(stored.codes).toBeInstanceOf(kind);
      const again = new CodedColumn(stored);
      expect(again.codes).toBeInstanceOf(Uint32Array);
      expect(slots.every((i) => again.value(again.codes[i]!) === (i * 7) % distinct)).toBe(true);
    }
  });
});
