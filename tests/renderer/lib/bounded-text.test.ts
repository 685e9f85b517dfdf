import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FieldKind } from '../../../src-renderer/presentation/fields.js';
import { boundedJson, CELL_LIMIT, clipText, formatBounded, joinBounded, valueText } from '../../../src-renderer/lib/bounded-text.js';
import { hasInvisibles, markInvisibles, splitInvisibles } from '../../../src-renderer/lib/invisible-chars.js';

/**
 * Property tests over the renderer's value formatting: whatever a server sends (any
 * length, any code point, nested values, wrong types), the text handed to a view is
 * bounded and nothing throws. Fixed seed; `BOUNDED_SEED` / `BOUNDED_RUNS` replay or search longer.
 */
const SEED = Number(process.env.BOUNDED_SEED ?? 18);
const RUNS = Number(process.env.BOUNDED_RUNS ?? 150);
const check = <T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => void) => fc.assert(fc.property(arbitrary, predicate), { seed: SEED, numRuns: RUNS });

const KINDS: FieldKind[] = ['guid', 'text', 'number', 'boolean', 'datetime', 'color', 'link', 'media', 'mediaList', 'locales', 'list', 'object'];
/** Strings of any code points, some repeated into tens of thousands of characters. */
const anyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.tuple(fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 20_000 })).map(([s, n]) => s.repeat(n)),
  fc.string({ unit: fc.constantFrom('\u202E', '\u200B', '\u2066', '\u0301', 'a', ' ', '\n', '😀', '\uD800'), maxLength: 3000 }),
);
/** Values of any type, nested, null-prototype objects and bigints included, with long strings inside. */
const anyValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    anyString,
    fc.anything({ withBigInt: true, withNullPrototype: true, withBoxedValues: true, withMap: true, withSet: true, withTypedArray: true, withSparseArray: true }),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(anyString, tie('value'), { maxKeys: 4 }),
  ),
})).value;
const limit = fc.integer({ min: 1, max: 5000 });

describe('bounded value formatting (property)', () => {
  it('formatBounded: any kind, any value, any limit: never throws, never longer than the limit and an ellipsis', () => {
    check(fc.tuple(fc.constantFrom(...KINDS), anyValue, limit), ([kind, value, max]) => {
      expect(formatBounded(kind, value, max).length).toBeLessThanOrEqual(max + 1);
    });
  });

  it('boundedJson and joinBounded: bounded whatever the value, cycles included', () => {
    check(fc.tuple(anyValue, limit), ([value, max]) => {
      expect(boundedJson(value, max).length).toBeLessThanOrEqual(max + 1);
      expect(boundedJson(value, max, 2).length).toBeLessThanOrEqual(max + 1);
      expect(joinBounded([value, value], max).length).toBeLessThanOrEqual(max + 1);
    });
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    expect(boundedJson(cycle)).toBe('{"a":1,"self":"[cycle]"}');
  });

  it('valueText: a string as it is, anything else bounded, never a throw', () => {
    check(anyValue, (value) => {
      const text = valueText(value, CELL_LIMIT);
      if (typeof value === 'string') expect(text).toBe(value);
      else expect(text.length).toBeLessThanOrEqual(CELL_LIMIT + 1);
    });
  });

  it('clipText: bounded, a prefix of the text when nothing is cut, the length of the whole', () => {
    check(fc.tuple(anyString, limit), ([text, max]) => {
      const clipped = clipText(text, max);
      expect(clipped.text.length).toBeLessThanOrEqual(max + 1);
      expect(clipped.length).toBe(text.length);
      expect(clipped.clipped).toBe(text.length > max);
      if (!clipped.clipped && !/\p{M}{9}/u.test(text)) expect(clipped.text).toBe(text);
    });
  });

  it('clipText never cuts a surrogate pair, and cuts long runs of combining marks', () => {
    expect(clipText(`ab😀`, 3)).toEqual({ text: 'ab…', clipped: true, length: 4 });
    expect(clipText(`a${'\u0301'.repeat(50)}`, 100).text).toBe(`a${'\u0301'.repeat(8)}…`);
  });
});

describe('invisible characters (property)', () => {
  it('markers stand for every invisible character, and no direction override or zero-width character is left', () => {
    check(anyString, (text) => {
      const marked = markInvisibles(clipText(text, 4000).text);
      expect(marked).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B\u200E\u200F\uFEFF]/);
      expect(hasInvisibles(marked.replace(/\u200D/g, ''))).toBe(false);
    });
  });

  it.each([
    ['a right-to-left override cannot make "evil" read "live"', '\u202Eevil', [['⟨U+202E⟩', true], ['evil', false]]],
    ['zero-width space between lookalikes', 'pay\u200Bpal', [['pay', false], ['⟨U+200B⟩', true], ['pal', false]]],
    ['isolates and marks', '\u2067a\u2069\u200F', [['⟨U+2067⟩', true], ['a', false], ['⟨U+2069⟩', true], ['⟨U+200F⟩', true]]],
    ['a tag character (plane 14) as one marker', 'x\u{E0041}', [['x', false], ['⟨U+E0041⟩', true]]],
    ['an emoji built with a zero-width joiner stays as it is', '👩‍💻 dev', [['👩‍💻 dev', false]]],
    ['a joiner between letters is marked', 'a\u200Db', [['a', false], ['⟨U+200D⟩', true], ['b', false]]],
    ['plain text is one piece', 'Forklift 7', [['Forklift 7', false]]],
  ])('%s', (_, text, pieces) => {
    expect(splitInvisibles(text).map((p) => [p.text, p.invisible])).toEqual(pieces);
  });
});
