import { highlightPieces, type Piece } from './search-highlight.js';
import type { SearchText } from './search-text.js';

/**
 * How a candidate row matches a query, from its text: each query word is found in the
 * row's name or body as the same word (exact), the start of a word (prefix), or a word
 * one or two edits away (fuzzy). The kind of match decides first, the field second, so
 * an exact word in a body beats a misspelt name, and a name beats a body for the same kind.
 */
export type MatchKind = 'exact' | 'prefix' | 'fuzzy';

const WEIGHT: Record<MatchKind, { title: number; body: number }> = {
  exact: { title: 60, body: 50 },
  prefix: { title: 40, body: 30 },
  fuzzy: { title: 20, body: 10 },
};

export interface RankedText {
  readonly score: number;
  readonly title: Piece[];
  readonly snippet: Piece[];
}

/** Folds case and accents, as the index does. */
export function fold(word: string): string {
  return word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The query's words, folded. */
export function queryWords(query: string): string[] {
  return [...query.matchAll(/[\p{L}\p{M}\p{N}]+/gu)].map((m) => fold(m[0]));
}

/** Edits allowed for a word of this length: none under 4 letters, 1 up to 6, else 2. */
export function editsAllowed(length: number): number {
  return length < 4 ? 0 : length <= 6 ? 1 : 2;
}

/** Optimal string alignment distance (Damerau–Levenshtein with adjacent swaps), stopping past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2]! + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** How `word` (folded) matches the query word `term`, if at all. */
export function matchKind(term: string, word: string): MatchKind | null {
  if (word === term) return 'exact';
  if (term.length >= 2 && word.startsWith(term)) return 'prefix';
  const edits = editsAllowed(term.length);
  if (edits > 0 && editDistance(term, word, edits) <= edits) return 'fuzzy';
  // A misspelt start of a word being typed: "meetn" for "meeting".
  if (edits > 0 && word.length > term.length && editDistance(term, word.slice(0, term.length), edits) <= edits) return 'fuzzy';
  return null;
}

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

function bestIn(term: string, words: readonly string[]): MatchKind | null {
  let best: MatchKind | null = null;
  for (const word of words) {
    const kind = matchKind(term, word);
    if (kind === 'exact') return kind;
    if (kind === 'prefix' || (kind === 'fuzzy' && best === null)) best = kind;
  }
  return best;
}

/**
 * Scores a row's text against the query's words; null when some word matches nowhere
 * (every word must match). The pieces mark the matching words for display.
 */
export function rankText(terms: readonly string[], text: SearchText, snippetLength = 160): RankedText | null {
  if (terms.length === 0) return null;
  const titleWords = [...text.title.matchAll(WORD)].map((m) => fold(m[0]));
  const bodyWords = [...text.body.matchAll(WORD)].map((m) => fold(m[0]));
  let score = 0;
  for (const term of terms) {
    const inTitle = bestIn(term, titleWords);
    const inBody = bestIn(term, bodyWords);
    const best = Math.max(inTitle ? WEIGHT[inTitle].title : 0, inBody ? WEIGHT[inBody].body : 0);
    if (best === 0) return null;
    score += best;
  }
  const isHit = (word: string) => {
    const folded = fold(word);
    return terms.some((t) => matchKind(t, folded) !== null);
  };
  // A row with no name (a comment) shows the matching part of its body in its place.
  if (!text.title) return { score, title: highlightPieces(text.body, isHit, snippetLength), snippet: [] };
  return {
    score,
    title: highlightPieces(text.title.slice(0, 200), isHit),
    snippet: text.body ? highlightPieces(text.body, isHit, snippetLength) : [],
  };
}
