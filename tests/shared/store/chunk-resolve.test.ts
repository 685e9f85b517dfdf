import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countLive, resolveScope } from '../../../src-shared/store/chunk-resolve.js';
import type { ChunkHead, OverlayEntry } from '../../../src-shared/store/records.js';

const head = (chunk: number, keys: readonly string[]): ChunkHead => ({ scope: 1, chunk, scopeKey: 'scope', table: 'posts', pass: 'p1', keys });
const entry = (key: string, seq: number, row: Record<string, unknown> | null): OverlayEntry => ({ scope: 1, scopeKey: 'scope', table: 'posts', key, seq, pass: null, row });

/**
 * A scope's heads and overlay as the store writes them: chunks numbered apart, each a
 * few of a small set of keys (so keys recur across chunks and within one), and at most
 * one overlay entry per key, numbered before, between or after the chunks (a chunk and
 * an entry never share a number: both take theirs from the scope's one sequence).
 */
const scopes = fc
  .record({
    chunks: fc.array(fc.array(fc.integer({ min: 0, max: 11 }), { maxLength: 6 }), { maxLength: 8 }),
    overlay: fc.dictionary(
      fc.integer({ min: 0, max: 13 }).map((k) => `k${k}`),
      fc.record({ seq: fc.integer({ min: 0, max: 20 }), gone: fc.boolean() }),
    ),
  })
  .chain(({ chunks, overlay }) => {
    const heads = chunks.map((keys, i) => head(2 * i + 1, keys.map((k) => `k${k}`)));
    // Heads in any order, as resolveScope takes them.
    return fc.shuffledSubarray(heads, { minLength: heads.length, maxLength: heads.length }).map((shuffled) => ({
      heads: shuffled,
      overlay: Object.entries(overlay).map(([key, { seq, gone }]) => entry(key, 2 * seq, gone ? null : { id: key })),
    }));
  });

describe('countLive', () => {
  it('counts the live keys resolveScope places, for any heads and overlay', () => {
    fc.assert(
      fc.property(scopes, ({ heads, overlay }) => {
        expect(countLive(heads, overlay)).toBe(resolveScope(heads, overlay).live.size);
      }),
      { seed: 20_261_202, numRuns: 400 },
    );
  });

  it('counts a key once however many chunks hold it, drops it for a current tombstone, and keeps it when a newer chunk holds it again', () => {
    const heads = [head(1, ['a', 'b', 'a']), head(3, ['b', 'c'])];
    expect(countLive(heads, [])).toBe(3);
    // Deleted after both chunks: gone. Deleted between them: chunk 3 wrote it again.
    expect(countLive(heads, [entry('b', 4, null)])).toBe(2);
    expect(countLive(heads, [entry('b', 2, null)])).toBe(3);
    // A tombstone of a key no chunk holds, and a row only the overlay holds.
    expect(countLive(heads, [entry('z', 4, null), entry('n', 5, { id: 'n' })])).toBe(4);
  });
});
