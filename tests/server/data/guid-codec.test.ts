import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isGuid } from '../../../src-shared/api/index.js';
import { createGuidCodec } from '../../../src-server/data/guid-codec.js';

describe('guid codec', () => {
  it('round-trips every index to a version-4 guid and back', () => {
    const codec = createGuidCodec(1, 'items');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 48 - 1 }), (index) => {
        const id = codec.encode(index);
        expect(isGuid(id)).toBe(true);
        expect(id[14]).toBe('4');
        expect('89ab').toContain(id[19]);
        expect(codec.decode(id)).toBe(index);
        expect(codec.decode(id.toUpperCase())).toBe(index);
      }),
      { seed: 42, numRuns: 500 },
    );
  });

  it('gives different ids per seed and salt, and refuses ids of other codecs', () => {
    const a = createGuidCodec(1, 'items');
    const b = createGuidCodec(1, 'comments');
    const c = createGuidCodec(2, 'items');
    const ids = new Set(Array.from({ length: 1000 }, (_, i) => a.encode(i)));
    expect(ids.size).toBe(1000);
    expect(b.encode(5)).not.toBe(a.encode(5));
    expect(c.encode(5)).not.toBe(a.encode(5));
    expect(a.decode(b.encode(5))).toBeUndefined();
    expect(a.decode('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(a.decode('short')).toBeUndefined();
  });
});
