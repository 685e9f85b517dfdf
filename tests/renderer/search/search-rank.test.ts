import { describe, expect, it } from 'vitest';
import { highlightPieces } from '../../../src-renderer/search/search-highlight.js';
import { editDistance, matchKind, queryWords, rankText } from '../../../src-renderer/search/search-rank.js';

const text = (title: string, body = '') => ({ title, body });
const score = (query: string, title: string, body = '') => rankText(queryWords(query), text(title, body))?.score ?? 0;

describe('ranking', () => {
  it('puts an exact word above a prefix, and a prefix above a misspelling', () => {
    const exact = score('meeting', 'Team meeting');
    const prefix = score('meeting', 'Team meetings');
    const fuzzy = score('meeting', 'Team meetnig');
    expect(exact).toBeGreaterThan(prefix);
    expect(prefix).toBeGreaterThan(fuzzy);
    expect(fuzzy).toBeGreaterThan(0);
  });

  it('puts a match in the name above the same match in the body', () => {
    expect(score('budget', 'Budget 2026', 'Numbers')).toBeGreaterThan(score('budget', 'Numbers', 'The budget for 2026'));
  });

  it('ranks the kind of match before the field: an exact body word beats a misspelt name', () => {
    expect(score('budget', 'Notes', 'the budget')).toBeGreaterThan(score('budget', 'Budgte', 'notes'));
  });

  it('needs every word of the query to match somewhere', () => {
    expect(rankText(queryWords('slides meeting'), text('Can we get the slides afterwards?'))).toBeNull();
    expect(score('slides meeting', 'Slides', 'from the meeting')).toBeGreaterThan(0);
  });

  it('folds case and accents', () => {
    expect(matchKind('emile', 'emile')).toBe('exact');
    expect(score('EMILE', 'Émile Dubois')).toBe(score('emile', 'emile dubois'));
  });

  it('allows no typo in words under four letters, one up to six, two beyond', () => {
    expect(matchKind('cat', 'cut')).toBeNull();
    expect(matchKind('slidse', 'slides')).toBe('fuzzy');
    expect(matchKind('slisde', 'sxides')).toBeNull();
    expect(matchKind('afterwrds', 'afterwards')).toBe('fuzzy');
    expect(editDistance('ab', 'ba', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 5)).toBe(3);
  });
});

describe('highlighting', () => {
  it('marks the matched words and keeps the rest as text', () => {
    const ranked = rankText(queryWords('slidse'), text('Can we get the slides afterwards?'))!;
    expect(ranked.title).toEqual([
      { text: 'Can we get the ', hit: false },
      { text: 'slides', hit: true },
      { text: ' afterwards?', hit: false },
    ]);
  });

  it('shows the part of a long body around the first hit', () => {
    const body = `${'word '.repeat(100)}target ${'more '.repeat(100)}`;
    const pieces = highlightPieces(body, (w) => w === 'target', 60);
    expect(pieces[0]!.text.startsWith('…')).toBe(true);
    expect(pieces.find((p) => p.hit)?.text).toBe('target');
    expect(pieces.at(-1)!.text.endsWith('…')).toBe(true);
    expect(pieces.filter((p) => p.hit)).toHaveLength(1);
    expect(pieces.map((p) => p.text).join('').length).toBeLessThanOrEqual(62);
  });

  it('keeps markup as plain text: pieces are never HTML', () => {
    const pieces = highlightPieces('<img src=x onerror=alert(1)> alert', (w) => w === 'alert');
    expect(pieces.map((p) => p.text).join('')).toBe('<img src=x onerror=alert(1)> alert');
  });
});
