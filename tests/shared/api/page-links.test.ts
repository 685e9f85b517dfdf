import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiParseError, linksOf, listEnvelopeFromText, listRowsText, sameEnvelope } from '../../../src-shared/api/index.js';

const next = 'https://tenant.example/api/v1.4/userGroups?limit=2&cursor=0123456789abcdef0123456789abcdef';

/** What JSON.parse makes of a page's links, as listEnvelopeFromText reads them. */
function parsedLinks(text: string): { nextUrl: string | null; empty: boolean } {
  const body = JSON.parse(text) as { data: unknown[]; nextUrl?: string | null };
  return { nextUrl: body.nextUrl ?? null, empty: body.data.length === 0 };
}

describe("a page's links read from its text", () => {
  it('reads the links of a page laid out as the API document shows it', () => {
    const page = { count: 2, data: [{ id: 'a' }, { id: 'b', tags: ['x'] }], nextUrl: next, previousUrl: null };
    expect(listEnvelopeFromText(JSON.stringify(page))).toEqual({ nextUrl: next, empty: false });
    expect(listEnvelopeFromText(JSON.stringify({ count: 0, data: [], nextUrl: null, previousUrl: null }))).toEqual({ nextUrl: null, empty: true });
    expect(listEnvelopeFromText(JSON.stringify({ data: [{ id: 'a' }], nextUrl: null }))).toEqual({ nextUrl: null, empty: false });
  });

  it('leaves any other layout to the full parse', () => {
    for (const text of [
      JSON.stringify({ data: [{ id: 'a' }] }), // no links: the last page of some deployments
      JSON.stringify({ nextUrl: next, count: 1, data: [{ id: 'a' }] }), // links first
      JSON.stringify({ count: 1, data: [{ id: 'a' }], nextUrl: next, extra: 1 }), // another key after the rows
      JSON.stringify({ count: 1, data: [{ id: 'a' }], nextUrl: 5 }), // a link that is not text
      JSON.stringify({ count: 1, data: [{ id: 'a' }], nextUrl: next }, null, 2), // whitespace
      '{"count":1,"data":[{"id":"a"}],"nextUrl":"' + next, // cut short
      // A row that ends as the links would, inside the rows: the rest closes more than one object.
      JSON.stringify({ count: 1, data: [{ list: [1], nextUrl: 'https://evil.example/' }] }),
      JSON.stringify({ count: 1, data: [{ list: [1], nextUrl: 'https://evil.example/' }] }).slice(0, -2), // ...even where the page is cut there
      JSON.stringify({ count: 2, data: [{ id: 'a' }, 5], nextUrl: next }), // a row that is not an object: parsed, to be quarantined
    ]) {
      expect(listEnvelopeFromText(text), text).toBeNull();
    }
  });

  it('never reads links other than the ones JSON.parse gives, whatever the rows hold', () => {
    const key = fc.constantFrom('id', 'data', 'nextUrl', 'previousUrl', 'count', 'list', 'x');
    const leaf = fc.oneof(fc.string(), fc.constantFrom('],"nextUrl":"https://evil.example/"}', next, '{"data":['), fc.integer(), fc.constant(null));
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(key, tie('value'), { maxKeys: 4 })),
    }));
    const link = fc.option(fc.constantFrom(next, 'https://tenant.example/other'), { nil: null });
    fc.assert(
      fc.property(fc.array(fc.dictionary(key, value, { maxKeys: 4 }), { maxLength: 4 }), fc.option(value, { nil: undefined }), link, fc.boolean(), (rows, odd, nextUrl, withCount) => {
        const text = JSON.stringify({ ...(withCount ? { count: rows.length } : {}), data: rows, nextUrl, previousUrl: null });
        expect(listEnvelopeFromText(text)).toEqual(parsedLinks(text));
        // A row of any other kind last: the page is parsed whole, or read the same.
        const withOdd = JSON.stringify({ count: rows.length + 1, data: [...rows, odd ?? null], nextUrl });
        const read = listEnvelopeFromText(withOdd);
        if (read !== null) expect(read).toEqual(parsedLinks(withOdd));
      }),
      { numRuns: 1000 },
    );
  });

  it('finds the text of the rows, which parses as the rows JSON.parse gives, of every page whose links it read', () => {
    const key = fc.constantFrom('id', 'data', 'nextUrl', 'count', 'x');
    const leaf = fc.oneof(fc.string(), fc.constantFrom('],"nextUrl":null}', '[{"data":[', '夜勤 "x"\n'), fc.integer(), fc.constant(null));
    const { value } = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(key, tie('value'), { maxKeys: 4 })),
    }));
    fc.assert(
      fc.property(fc.array(fc.dictionary(key, value, { maxKeys: 4 }), { maxLength: 4 }), fc.boolean(), (rows, withCount) => {
        const text = JSON.stringify({ ...(withCount ? { count: rows.length } : {}), data: rows, nextUrl: next, previousUrl: null });
        expect(listEnvelopeFromText(text)).not.toBeNull();
        expect(JSON.parse(listRowsText(text)!)).toEqual(rows);
      }),
      { numRuns: 500 },
    );
    expect(listRowsText(JSON.stringify({ count: 0, data: [], nextUrl: null, previousUrl: null }))).toBe('[]');
    expect(listRowsText(JSON.stringify({ nextUrl: next, data: [{ id: 'a' }] }))).toBeNull();
    // A page that gives its rows twice: JSON.parse keeps the second; the text found is no JSON array at all.
    const twice = '{"count":1,"data":[{"id":"a"}],"data":[{"id":"b"}],"nextUrl":null,"previousUrl":null}';
    expect(listEnvelopeFromText(twice)).toEqual({ nextUrl: null, empty: false });
    expect(() => JSON.parse(listRowsText(twice)!) as unknown).toThrow(SyntaxError);
  });

  it('refuses a page whose parsed links differ from those read from its text', () => {
    expect(() => sameEnvelope('E20', { nextUrl: next, empty: false }, linksOf({ nextUrl: next, rows: 3 }))).not.toThrow();
    expect(() => sameEnvelope('E20', { nextUrl: next, empty: false }, linksOf({ nextUrl: null, rows: 3 }))).toThrow(ApiParseError);
    expect(() => sameEnvelope('E20', { nextUrl: null, empty: true }, linksOf({ nextUrl: null, rows: 1 }))).toThrow(/in part and in whole/);
  });
});
