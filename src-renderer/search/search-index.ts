import type { SearchText } from './search-text.js';
import { WordIndex, type WordIndexState } from './search-words.js';

/**
 * The full-text index over every cached row (search-words.ts): whole words, words being
 * typed (a query term widens to the words it starts), and words that sound alike
 * (LatinSoundex, whole words only: what finds misspelt words). A document is a row's
 * name followed by its body, so names come first.
 *
 * The index does not say how a document matched, so it only supplies candidates;
 * `rankCandidates` (search-rank.ts) orders them exact > prefix > fuzzy, names over bodies.
 *
 * Rows are known by a ref string (search-worker's `refOf`); the words index keeps numbers,
 * so refs get numeric ids here, with a fingerprint of the indexed text: a sync pass that
 * writes a row again unchanged (every full pass does) costs a hash, not a reindex.
 *
 * A changed or removed row's old id is only marked dead, never removed from the index
 * (removing a row from the postings of each of its words would scan them). Dead ids are
 * skipped in results; once they are many, `needsCompaction` asks for a rebuild.
 */

/**
 * Bump when what is indexed or how changes: a persisted index of another version is
 * rebuilt. 3: sounds are filed per word of the vocabulary, not per row (no FlexSearch
 * index of every row's sounds).
 */
export const SEARCH_INDEX_FORMAT = 3;

export interface SearchIndexState {
  readonly refs: readonly (string | null)[];
  readonly prints: readonly number[];
  readonly words: WordIndexState;
}

/** FNV-1a over the text: equal texts, equal prints; a change almost surely changes it. */
function fingerprint(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class SearchIndex {
  private words = new WordIndex();
  private refs: (string | null)[] = [];
  private prints: number[] = [];
  private ids = new Map<string, number>();

  /** How many rows are indexed. */
  get size(): number {
    return this.ids.size;
  }

  /** True when dead ids are over a quarter of all (and many): time to rebuild from the rows. */
  get needsCompaction(): boolean {
    const dead = this.refs.length - this.ids.size;
    return dead > 10_000 && dead > this.refs.length / 4;
  }

  has(ref: string): boolean {
    return this.ids.has(ref);
  }

  /** Every indexed row's ref. */
  indexedRefs(): IterableIterator<string> {
    return this.ids.keys();
  }

  /** Indexes a row's text (null: the row has none, so it leaves the index). True when something changed. */
  upsert(ref: string, text: SearchText | null): boolean {
    if (text === null) return this.remove(ref);
    const content = `${text.title}\n${text.body}`;
    const print = fingerprint(content);
    const known = this.ids.get(ref);
    if (known !== undefined) {
      if (this.prints[known] === print) return false;
      this.refs[known] = null;
    }
    const id = this.refs.length;
    this.refs.push(ref);
    this.prints.push(print);
    this.ids.set(ref, id);
    this.words.add(id, content);
    return true;
  }

  remove(ref: string): boolean {
    const id = this.ids.get(ref);
    if (id === undefined) return false;
    this.ids.delete(ref);
    this.refs[id] = null;
    return true;
  }

  /**
   * Candidate refs for a query, best first: rows with every word (the last one may be
   * unfinished), then rows whose words sound alike, up to `limit` of each.
   */
  candidates(query: string, limit: number): { exact: string[]; fuzzy: string[] } {
    const alive = (id: number) => this.refs[id] !== null;
    const exact = this.refsOf(this.words.search(query, limit, this.refs.length, alive));
    if (exact.length >= limit) return { exact, fuzzy: [] };
    // Rows found both ways count once: ask for as many more as were found exactly.
    const seen = new Set(exact);
    const fuzzy = this.refsOf(this.words.searchSounds(query, limit + exact.length, this.refs.length, alive)).filter((r) => !seen.has(r)).slice(0, limit);
    return { exact, fuzzy };
  }

  private refsOf(ids: readonly number[]): string[] {
    const out: string[] = [];
    for (const id of ids) {
      const ref = this.refs[id];
      if (ref) out.push(ref);
    }
    return out;
  }

  /** Everything needed to load this index again. */
  exportState(): SearchIndexState {
    return { refs: [...this.refs], prints: [...this.prints], words: this.words.exportState() };
  }

  static fromState(state: SearchIndexState): SearchIndex {
    const index = new SearchIndex();
    index.words = WordIndex.fromState(state.words);
    index.refs = [...state.refs];
    index.prints = [...state.prints];
    state.refs.forEach((ref, id) => {
      if (ref !== null) index.ids.set(ref, id);
    });
    return index;
  }
}
