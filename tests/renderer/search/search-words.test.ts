import { Charset, Encoder, Index } from 'flexsearch';
import { describe, expect, it } from 'vitest';
import { encodedWords, indexWords, soundsEncoder, WordIndex } from '../../../src-renderer/search/search-words.js';
import { prng as random } from '../rig/sample-rows.js';

const PIECES = ['ka', 'lo', 'mee', 'ting', 'Ré', 'sumé', 'ÉTÉ', 'ss', 'tt', '42', '2024', 'EQ-0001234', 'naïve', '東京', 'x', 'ÅNG', 'coop', 'co-op', "don't", '&', '—', 'l’été', 'Straße', 'ﬁle', '007', 'aaa'];

function texts(count: number, seed: number): string[] {
  const next = random(seed);
  const word = () => Array.from({ length: 1 + Math.floor(next() * 3) }, () => PIECES[Math.floor(next() * PIECES.length)]).join('');
  return Array.from({ length: count }, () => Array.from({ length: 1 + Math.floor(next() * 12) }, word).join(next() < 0.8 ? ' ' : ', '));
}

/** FlexSearch's Normalize encoder, fresh (its caches change what it returns for a text seen before). */
function encode(text: string): string[] {
  return encodedWords(new Encoder(Charset.Normalize), text);
}

describe('the words index', () => {
  it('splits and folds text into the words FlexSearch’s Normalize encoder makes', () => {
    for (const text of [...texts(500, 1), '', '   ', 'Meeting meting MEETING', 'Café CAFE cafe', 'EQ-0000123 and 1234567', 'ABC123DEF4567', 'x'.repeat(1100) + ' y']) {
      expect(indexWords(text), text).toEqual(encode(text));
    }
    expect(indexWords('Meeting meting')).toEqual(['meting']);
  });

  it('finds the rows FlexSearch’s forward tokenizer finds, in its order for one word', () => {
    const docs = texts(3_000, 2);
    const words = new WordIndex();
    // Without its caches: a warm cache makes the encoder repeat a word it folded before
    // (`meting meeting`), which moves the words after it back a place.
    const forward = new Index({ tokenize: 'forward', encoder: new Encoder({ ...Charset.Normalize, cache: false }), resolution: 9 });
    docs.forEach((text, id) => {
      words.add(id, text);
      forward.add(id, text);
    });
    const next = random(3);
    const queries = [...texts(300, 4).map((t) => t.split(/[ ,]+/).slice(0, 1 + Math.floor(next() * 2)).map((w) => w.slice(0, 1 + Math.floor(next() * 6))).join(' ')), 'resume', 'ete', 'eq 000', '2024', 'ka lo'];
    let compared = 0;
    for (const query of queries) {
      const expected = forward.search(query, { limit: 10_000 }) as number[];
      const found = words.search(query, 10_000, docs.length, () => true);
      expect([...found].sort((a, b) => a - b), query).toEqual([...expected].sort((a, b) => a - b));
      if (indexWords(query).length === 1) expect(found, query).toEqual(expected);
      if (expected.length > 0) compared++;
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('gives the first rows by place up to the limit, leaves out rows no longer current, and comes back from its saved state', () => {
    const words = new WordIndex();
    words.add(0, 'notes about the meeting');
    words.add(1, 'meeting notes');
    words.add(2, 'meetings');
    words.add(3, 'the weekly meeting room');
    expect(words.search('meet', 10, 4, () => true)).toEqual([1, 2, 3, 0]);
    expect(words.search('meet', 2, 4, () => true)).toEqual([1, 2]);
    expect(words.search('meet', 10, 4, (id) => id !== 2)).toEqual([1, 3, 0]);
    expect(words.search('meet notes', 10, 4, () => true)).toEqual([1, 0]);
    expect(words.search('nothing', 10, 4, () => true)).toEqual([]);
    const again = WordIndex.fromState(structuredClone(words.exportState()));
    expect(again.search('meet', 10, 4, () => true)).toEqual([1, 2, 3, 0]);
    again.add(4, 'meet');
    expect(again.search('meet', 10, 5, () => true)).toEqual([1, 2, 4, 3, 0]);
  });

  it('finds by sound the rows a FlexSearch index of every row’s sounds finds', () => {
    const docs = [...texts(3_000, 5), 'Can we get the slides afterwards?', 'Looking forward to the meeting'];
    const words = new WordIndex();
    const sounds = new Index({ tokenize: 'strict', encoder: soundsEncoder(), resolution: 9 });
    docs.forEach((text, id) => {
      words.add(id, text);
      sounds.add(id, text);
    });
    const next = random(6);
    const misspell = (word: string) => (word.length < 3 ? word : word.slice(0, -2) + word.at(-1) + word.at(-2));
    const queries = [...texts(300, 7).map((t) => t.split(/[ ,]+/).slice(0, 1 + Math.floor(next() * 2)).map(misspell).join(' ')), 'slidse', 'afterwrds', 'meetnig', 'forwrd'];
    let compared = 0;
    for (const query of queries) {
      const expected = sounds.search(query, { limit: 10_000 }) as number[];
      const found = words.searchSounds(query, 10_000, docs.length, () => true);
      expect([...found].sort((a, b) => a - b), query).toEqual([...expected].sort((a, b) => a - b));
      if (expected.length > 0) compared++;
    }
    expect(compared).toBeGreaterThan(200);
    expect(words.searchSounds('slidse', 10, docs.length, () => true)).toContain(docs.length - 2);
    expect(words.searchSounds('meetnig', 10_000, docs.length, () => true)).toContain(docs.length - 1);
    const again = WordIndex.fromState(structuredClone(words.exportState()));
    expect(again.searchSounds('meetnig', 10_000, docs.length, () => true)).toEqual(words.searchSounds('meetnig', 10_000, docs.length, () => true));
    expect(again.searchSounds('meetnig', 10_000, docs.length, (id) => id !== docs.length - 1)).not.toContain(docs.length - 1);
  });
});
