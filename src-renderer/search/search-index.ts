import { Charset, Index } from 'flexsearch';
import type { SearchText } from './search-text.js';
import { indexEncoder, WordIndex, type WordIndexState } from './search-words.js';

/**
 * The full-text index over every cached row: two indexes over the same documents
 * (the index format is 2 since the words left FlexSearch's forward tokenizer).
 * `words` finds whole words and words being typed (search-words.ts: FlexSearch's words,
 * case and accents folded, each word of a row stored once and widened to the words a
 * query term starts when asked); `sounds` is a FlexSearch index that finds misspelt
 * words by how they sound (LatinSoundex, whole words only). A document is a row's name
 * followed by its body, so names come first in both orders.
 *
 * FlexSearch does not say how a document matched, so it only supplies candidates;
 * `rankCandidates` (search-rank.ts) orders them exact > prefix > fuzzy, names over bodies.
 *
 * Rows are known by a ref string (search-worker's `refOf`); FlexSearch keeps numbers,
 * so refs get numeric ids here, with a fingerprint of the indexed text: a sync pass that
 * writes a row again unchanged (every full pass does) costs a hash, not a reindex.
 *
 * A changed or removed row's old id is only marked dead, never removed from either index:
 * a removal there scans the index (about 50 ms a row at a million rows) unless
 * `fastupdate` keeps a register, and an imported index comes back without one. Dead ids
 * are skipped in results; once they are many, `needsCompaction` asks for a rebuild.
 */

/** Bump when what is indexed or how changes: a persisted index of another version is rebuilt. */
export const SEARCH_INDEX_FORMAT = 2;

/**
 * A fresh encoder per index, without its caches: they keep every text of up to 128
 * characters with its words (a map of 200,000 texts no row repeats), and cost a quarter
 * of the build; a cached word may also come back twice in a row's words.
 */
const soundsOptions = () => ({ tokenize: 'strict', encoder: indexEncoder({ ...Charset.LatinSoundex, cache: false }), resolution: 9 }) as const;

export interface SearchIndexState {
  readonly refs: readonly (string | null)[];
  readonly prints: readonly number[];
  readonly words: WordIndexState;
  readonly sounds: Record<string, string>;
}

/** FNV-1a over the text: equal texts, equal prints; a change almost surely changes it. */
function fingerprint(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class SearchIndex {
  private words = new WordIndex();
  private sounds = new Index(soundsOptions());
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
    this.sounds.add(id, content);
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
    const exact = this.refsOf(this.words.search(query, limit, this.refs.length, (id) => this.refs[id] !== null));
    // Ask FlexSearch for more than the limit: some of the ids it finds may be dead.
    const ask = limit + Math.min(limit, Math.ceil(limit * (this.refs.length / Math.max(1, this.ids.size) - 1)));
    const seen = new Set(exact);
    const fuzzy = exact.length >= limit ? [] : this.refsOf(this.sounds.search(query, { limit: ask }) as number[]).filter((r) => !seen.has(r)).slice(0, limit);
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

  /** Everything needed to load this index again (the words' table, FlexSearch's own export of the sounds). */
  exportState(): SearchIndexState {
    const sounds: Record<string, string> = {};
    this.sounds.export((key, data) => {
      sounds[key] = data;
    });
    return { refs: [...this.refs], prints: [...this.prints], words: this.words.exportState(), sounds };
  }

  static fromState(state: SearchIndexState): SearchIndex {
    const index = new SearchIndex();
    index.words = WordIndex.fromState(state.words);
    for (const [key, data] of Object.entries(state.sounds)) index.sounds.import(key, data);
    index.refs = [...state.refs];
    index.prints = [...state.prints];
    state.refs.forEach((ref, id) => {
      if (ref !== null) index.ids.set(ref, id);
    });
    return index;
  }
}
