import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextTurn } from '../../../src-renderer/lib/next-turn.js';
import { DECODE_STEP, decodeGently, packInts, packRuns, packSorted, Runs, sortedDecode, unpackFloats, unpackSorted, unpackUnsigned, unsignedDecode } from '../../../src-renderer/list/packed-ints.js';

/** Integers within a span below 2^32, anywhere from -2^40 on. */
const spanned = fc.tuple(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), fc.constantFrom(0xff, 0xffff, 0xffffff, 2 ** 32 - 1)).chain(([from, span]) =>
  fc.array(fc.integer({ min: 0, max: span }).map((v) => from + v), { maxLength: 200 }),
);

describe('packed integers', () => {
  it('come back as they were, each in the fewest bytes their range needs', () => {
    fc.assert(
      fc.property(spanned, (values) => {
        const packed = packInts(values)!;
        const span = values.length === 0 ? 0 : Math.max(...values) - Math.min(...values);
        expect(packed.width).toBe(span < 0x100 ? 1 : span < 0x10000 ? 2 : span < 0x1000000 ? 3 : 4);
        expect(packed.bytes.length).toBe(values.length * packed.width);
        expect([...unpackFloats(packed)]).toEqual(values);
      }),
      { numRuns: 300 },
    );
  });

  it('fill a Uint32Array with codes up to 2^32 - 1', () => {
    const codes = Uint32Array.from([0, 1, 0xffffff, 0x1000000, 2 ** 32 - 1, 7]);
    expect([...unpackUnsigned(packInts(codes)!)]).toEqual([...codes]);
    // A view into a bigger buffer at an odd offset reads the same, at every width.
    for (const values of [[1, 2], [5, 300, 9], [5, 0x10005, 9], [0, 2 ** 32 - 1, 3]]) {
      const packed = packInts(values)!;
      const shifted = new Uint8Array(packed.bytes.length + 1);
      shifted.set(packed.bytes, 1);
      expect([...unpackUnsigned({ ...packed, bytes: shifted.subarray(1) })]).toEqual(values);
    }
  });

  it('are refused (kept as they are) for a fraction, or a span of 2^32 or more', () => {
    expect(packInts([1, 2.5])).toBeNull();
    expect(packInts([0, 2 ** 32])).toBeNull();
    expect(packInts([-1, 2 ** 32 - 2])).not.toBeNull();
  });

  it('keep an ascending dictionary of integers as gaps, with null (-Infinity) first', () => {
    const dictionary = fc
      .tuple(fc.boolean(), fc.integer({ min: -(2 ** 45), max: 2 ** 45 }), fc.array(fc.integer({ min: 1, max: 2 ** 31 }), { maxLength: 100 }))
      .map(([nullFirst, first, gaps]) => {
        const values = [first];
        for (const gap of gaps) values.push(values.at(-1)! + gap);
        return Float64Array.from(nullFirst ? [-Infinity, ...values] : values);
      });
    fc.assert(
      fc.property(dictionary, (sorted) => {
        const packed = packSorted(sorted)!;
        expect(packed).not.toBeNull();
        expect([...unpackSorted(packed)]).toEqual([...sorted]);
      }),
      { numRuns: 300 },
    );
  });

  it('leave a dictionary of fractions, of null alone, or with gaps 2^32 apart as it is', () => {
    expect(packSorted(Float64Array.from([0.5, 1, 2]))).toBeNull();
    expect(packSorted(Float64Array.from([-Infinity]))).toBeNull();
    expect(packSorted(Float64Array.from([0, 1, 2 ** 32 + 2]))).toBeNull();
    expect(packSorted(Float64Array.from([0, 2 ** 32]))).not.toBeNull();
  });

  it('decode a range at a time, pausing between ranges, to the same values as at once', async () => {
    const n = 3 * DECODE_STEP + 17;
    const dates = new Float64Array(n);
    for (let i = 0, t = Date.UTC(2023, 0, 1); i < n; i++) dates[i] = t += 1 + ((i * 7919) % 70_000);
    const sorted = packSorted(Float64Array.from([-Infinity, ...dates]))!;
    // At each pause, the ranges before it are decoded and none after.
    const decode = sortedDecode(sorted);
    let pauses = 0;
    const pause = () => {
      pauses += 1;
      // Null first, then the first date, then one per gap decoded.
      expect(decode.result[pauses * DECODE_STEP + 1]).toBe(dates[pauses * DECODE_STEP]);
      expect(decode.result[pauses * DECODE_STEP + 2]).toBe(0);
      return Promise.resolve();
    };
    expect([...(await decodeGently(decode, pause))]).toEqual([...unpackSorted(sorted)]);
    expect(pauses).toBe(3);
    // Codes at every width, an offset or none.
    for (const span of [0xff, 0xffff, 0xffffff, 2 ** 32 - 1]) {
      const codes = Array.from({ length: n }, (_, i) => (i * 2654435761) % (span + 1));
      for (const values of [codes, codes.map((c) => c + 3).map((c) => Math.min(c, 2 ** 32 - 1))]) {
        const packed = packInts(values)!;
        expect([...(await decodeGently(unsignedDecode(packed), nextTurn))]).toEqual(values);
      }
    }
  });

  it('store a million distinct dates and their codes in half the bytes of a double and four-byte code each', () => {
    const n = 1_000_000;
    // One row a minute or so from 2023 on, in an order unrelated to the dates (the codes a permutation).
    const dates = new Float64Array(n);
    for (let i = 0, t = Date.UTC(2023, 0, 1); i < n; i++) dates[i] = t += 30_000 + ((i * 7919) % 90_000);
    const codes = new Uint32Array(n);
    for (let i = 0; i < n; i++) codes[i] = (i * 7919) % n;
    const stored = packSorted(dates)!.gaps.bytes.length + packInts(codes)!.bytes.length;
    expect(stored).toBeLessThanOrEqual((n * 12) / 2);
  });

  it('keep values that count up by one as runs, and any other values as they were or not as runs', () => {
    // Runs of places (a chunk's slots side by side), with single rows (-1) and removed ones (-2) between them.
    const places = fc.array(
      fc.oneof(
        fc.tuple(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 1, max: 60 })).map(([chunk, length]) => Array.from({ length }, (_, i) => chunk * 2048 + i)),
        fc.constantFrom([-1], [-2], [-2, -2]),
      ),
      { maxLength: 40 },
    ).map((runs) => runs.flat());
    fc.assert(
      fc.property(fc.oneof(places, spanned), (values) => {
        const runs = packRuns(values);
        if (runs === null) {
          // Refused only when runs would not be smaller: a run takes at most eight bytes, a value at least one.
          const count = values.filter((v, i) => i === 0 || v !== values[i - 1]! + 1).length;
          expect(count * 8).toBeGreaterThanOrEqual(values.length);
          // And exactly: past a run every four values, or runs packed no smaller than each value packed.
          const starts = values.flatMap((v, i) => (i === 0 || v !== values[i - 1]! + 1 ? [i] : []));
          const each = packInts(values);
          const asRuns = packInts(starts)!.bytes.length + packInts(starts.map((i) => values[i]!))!.bytes.length;
          expect(count * 4 > values.length || each === null || asRuns >= each.bytes.length).toBe(true);
          return;
        }
        expect(runs.length).toBe(values.length);
        expect(runs.starts.bytes.length + runs.firsts.bytes.length).toBeLessThan(packInts(values)!.bytes.length);
        expect([...new Runs(runs).values()]).toEqual(values);
        // Read where they are: each value, and where a value is.
        const read = new Runs(runs);
        expect(values.map((_, i) => read.at(i))).toEqual(values);
        for (const value of [-2, -1, ...values.slice(0, 1), ...values.slice(-1)]) {
          const found: number[] = [];
          read.indexesOf(value, (i) => found.push(i));
          expect(found).toEqual(values.flatMap((v, i) => (v === value ? [i] : [])));
        }
      }),
      { numRuns: 300 },
    );
    expect(packRuns([0.5, 1.5])).toBeNull();
    // Scattered values are not runs.
    expect(packRuns(Array.from({ length: 100 }, (_, i) => (i * 7919) % 1000))).toBeNull();
  });

  it('keep a million places of a thousand chunks in a few kilobytes', () => {
    const n = 1_000_000;
    const places = new Float64Array(n);
    for (let i = 0; i < n; i++) places[i] = Math.floor(i / 1000) * 2048 + (i % 1000);
    // A few rows written again as single rows since.
    for (let i = 0; i < n; i += 50_000) places[i] = -1;
    const runs = packRuns(places)!;
    expect(runs.starts.bytes.length + runs.firsts.bytes.length).toBeLessThan(16_000);
    expect(new Runs(runs).values()).toEqual(places);
  });
});
