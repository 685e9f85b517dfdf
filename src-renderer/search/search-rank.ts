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

const ASCII = /^\p{ASCII}*$/u;

/** Folds case and accents, as the index does (plain ASCII skips the Unicode work). */
export function fold(word: string): string {
  return ASCII.test(word) ? word.toLowerCase() : word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The query's words, folded. */
export function queryWords(query: string): string[] {
  return [...query.matchAll(/[\p{L}\p{M}\p{N}]+/gu)].map((m) => fold(m[0]));
}

/** Edits allowed for a word of this length: none under 4 letters, 1 up to 6, else 2. */
export function editsAllowed(length: number): number {
  return length < 4 ? 0 : length <= 6 ? 1 : 2;
}

/** Three rows of the distance table, reused: ranking runs it thousands of times a query. */
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Optimal string alignment distance (Damerau–Levenshtein with adjacent swaps), stopping past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (rows[0]!.length <= b.length) rows = [0, 1, 2].map(() => new Int32Array(b.length * 2 + 1));
  let [before, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let best = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cb = b.charCodeAt(j - 1);
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) value = Math.min(value, before[j - 2]! + 1);
      current[j] = value;
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
    [before, previous, current] = [previous, current, before];
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

const wordsOf = (text: string): string[] => {
  const out: string[] = [];
  for (const m of text.matchAll(WORD)) out.push(fold(m[0]));
  return out;
};

/** Scores a row's text against the query's words; null when some word matches nowhere (every word must match). */
export function scoreText(terms: readonly string[], text: SearchText): number | null {
  if (terms.length === 0) return null;
  const titleWords = wordsOf(text.title);
  let bodyWords: string[] | null = null;
  let score = 0;
  for (const term of terms) {
    const inTitle = bestIn(term, titleWords);
    // The body is read only when the name has no exact match (it could not do better).
    const inBody = inTitle === 'exact' ? null : bestIn(term, (bodyWords ??= wordsOf(text.body)));
    const best = Math.max(inTitle ? WEIGHT[inTitle].title : 0, inBody ? WEIGHT[inBody].body : 0);
    if (best === 0) return null;
    score += best;
  }
  return score;
}

/** The name and the part of the body that matched, the matching words marked for display. */
export function highlightText(terms: readonly string[], text: SearchText, snippetLength = 160): Omit<RankedText, 'score'> {
  const isHit = (word: string) => {
    const folded = fold(word);
    return terms.some((t) => matchKind(t, folded) !== null);
  };
  // A row with no name (a comment) shows the matching part of its body in its place.
  if (!text.title) return { title: highlightPieces(text.body, isHit, snippetLength), snippet: [] };
  return {
    title: highlightPieces(text.title.slice(0, 200), isHit),
    snippet: text.body ? highlightPieces(text.body, isHit, snippetLength) : [],
  };
}

/** Scores and highlights a row's text (see `scoreText`, `highlightText`). */
export function rankText(terms: readonly string[], text: SearchText, snippetLength = 160): RankedText | null {
  const score = scoreText(terms, text);
  return score === null ? null : { score, ...highlightText(terms, text, snippetLength) };
}
