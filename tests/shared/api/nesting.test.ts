import { describe, expect, it } from 'vitest';
import { clipNesting, nestedDeeperThan } from '../../../src-shared/api/nesting.js';

/** A value with `levels` objects or arrays nested one in another. */
const nested = (levels: number, array = false): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = array ? [value] : { inner: value };
  return value;
};

describe('how deep a row nests', () => {
  it('counts objects and arrays alike, and is true only past the limit', () => {
    for (const array of [false, true]) {
      expect(nestedDeeperThan(nested(3, array), 3)).toBe(false);
      expect(nestedDeeperThan(nested(4, array), 3)).toBe(true);
    }
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan(null, 0)).toBe(false);
    expect(nestedDeeperThan({}, 0)).toBe(true);
  });

  it('finds the deep branch among shallow ones, in objects and arrays', () => {
    const row = { a: 1, b: [{ c: 2 }], d: { e: 'x', f: [nested(5)] } };
    // d › f › [0] › five levels below: eight in all.
    expect(nestedDeeperThan(row, 7)).toBe(true);
    expect(nestedDeeperThan(row, 8)).toBe(false);
    expect(nestedDeeperThan([1, 'two', [3], nested(4)], 4)).toBe(true);
    expect(nestedDeeperThan([1, 'two', [3], nested(4)], 5)).toBe(false);
  });

  it('reads own fields only, and array holes as nothing', () => {
    const proto = { deep: nested(10) };
    const row = Object.create(proto) as Record<string, unknown>;
    row.own = 1;
    expect(nestedDeeperThan(row, 2)).toBe(false);
    // eslint-disable-next-line no-sparse-arrays
    expect(nestedDeeperThan([, , 1], 1)).toBe(false);
  });

  it('clips what lies below the limit to a marker', () => {
    expect(clipNesting(nested(3), 2)).toEqual({ inner: { inner: '[nested too deep]' } });
  });
});
