import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketCounts } from '../../../src-renderer/charts/aggregate.js';
import { bucketEdges, bucketLabel } from '../../../src-renderer/charts/chart-specs.js';

/** Bucket by bucket over every value: the plain reading of equal-width buckets, the last one closed. */
function reference(values: [number, number][], buckets: number) {
  if (values.length === 0) return { labels: [], values: [], total: 0 };
  const min = Math.min(...values.map((v) => v[0]));
  const max = Math.max(...values.map((v) => v[0]));
  const edges = bucketEdges(min, max, buckets);
  const counts: number[] = [];
  const labels: string[] = [];
  for (let i = 0; i < edges.length - 1; i++) {
    const from = edges[i]!;
    const to = edges[i + 1]!;
    const last = i === edges.length - 2;
    counts.push(values.reduce((n, [v, c]) => (v >= from && (v < to || (last && v === to)) ? n + c : n), 0));
    labels.push(bucketLabel(from, to));
    if (from === to) break;
  }
  return { labels, values: counts, total: counts.reduce((s, v) => s + v, 0) };
}

describe('histogram buckets', () => {
  it('count every value in the bucket of its range, the largest in the last, like counting bucket by bucket', () => {
    const value = fc.oneof(fc.integer({ min: -50, max: 150 }), fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constantFrom(0, 0.1, 0.2, 0.3, 100));
    fc.assert(
      fc.property(fc.array(fc.tuple(value, fc.integer({ min: 1, max: 9 })), { maxLength: 60 }), fc.integer({ min: 1, max: 12 }), (values, buckets) => {
        expect(bucketCounts(values, buckets)).toEqual(reference(values, buckets));
      }),
      { numRuns: 500 },
    );
  });

  it('count one value into one bucket, and nothing into none', () => {
    expect(bucketCounts([[5, 3], [5, 2]], 10)).toEqual({ labels: ['5'], values: [5], total: 5 });
    expect(bucketCounts([], 10)).toEqual({ labels: [], values: [], total: 0 });
    // Too narrow a range for two buckets in floating point (the step rounds to nothing): one bucket, every row in it.
    expect(bucketCounts([[-5e-324, 1], [0, 1]], 2)).toEqual({ labels: ['-0.00–0.00'], values: [2], total: 2 });
    expect(bucketCounts([[0, 1], [10, 1], [5, 2], [9.99, 1]], 2)).toEqual({ labels: ['0–5', '5–10'], values: [1, 4], total: 5 });
  });

  it('fall on round numbers, so two charts of one range show the same buckets wherever their values end', () => {
    const upTo = (max: number) => bucketCounts([[0, 1], [max, 1]], 10).labels;
    const tens = ['0–10', '10–20', '20–30', '30–40', '40–50', '50–60', '60–70', '70–80', '80–90', '90–100'];
    expect(upTo(100)).toEqual(tens);
    expect(upTo(99.5)).toEqual(tens);
    expect(upTo(91)).toEqual(tens);
    expect(bucketCounts([[0.3, 1], [0.7, 1]], 4).labels).toEqual(['0.3–0.4', '0.4–0.5', '0.5–0.6', '0.6–0.7']);
    expect(bucketCounts([[-12, 1], [7, 1]], 4).labels).toEqual(['-15–-10', '-10–-5', '-5–0', '0–5', '5–10']);
    expect(bucketCounts([[0, 1], [1, 1]], 4).labels).toEqual(['0.00–0.25', '0.25–0.50', '0.50–0.75', '0.75–1.00']);
  });

  it('cover every value in at most one bucket more than asked, each edge a round step from the next', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.double({ min: 1e-3, max: 1e9, noNaN: true }), fc.integer({ min: 1, max: 12 }), (min, span, buckets) => {
        const max = min + span;
        const edges = bucketEdges(min, max, buckets);
        expect(edges[0]).toBeLessThanOrEqual(min);
        expect(edges.at(-1)).toBeGreaterThanOrEqual(max);
        expect(edges.length - 1).toBeLessThanOrEqual(buckets + 1);
        const width = edges[1]! - edges[0]!;
        const mantissa = width / 10 ** Math.floor(Math.log10(width));
        expect([1, 2, 2.5, 5, 10].some((m) => Math.abs(m - mantissa) < 1e-4)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('take a million distinct values (a spread of that many arguments would overflow the stack)', () => {
    const values = Array.from({ length: 1_000_000 }, (_, i) => [i / 10, 1] as [number, number]);
    const counted = bucketCounts(values, 10);
    expect(counted.total).toBe(1_000_000);
    expect(counted.values).toEqual(Array(10).fill(100_000));
  });
});
