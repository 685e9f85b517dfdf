import { Charset, Encoder } from 'flexsearch';

/**
 * The whole-word and prefix index (what `meet` finds when it means *meeting*). Words are
 * FlexSearch's own (its Normalize encoder: case and accents folded, split at anything not
 * a letter or digit, numbers in threes, letters repeated once), so a query finds what
 * FlexSearch's forward tokenizer found. The forward tokenizer stores every prefix of every
 * word of every row (about 70 entries a row, nine tenths of the build time); here a row
 * stores each of its words once, and a query term is widened at query time to the words
 * it starts (through buckets of their first letters), which costs a few milliseconds at a
 * million rows.
 *
 * Order, as FlexSearch's: rows whose matched words come earlier (names before bodies)
 * first — the word's place is FlexSearch's resolution-9 slot — then the rows indexed
 * first. With several terms a row's place is that of its latest term.
 *
 * Words that sound alike (what `meetnig` finds when it means *meeting*) are looked up
 * the same way: each word of the vocabulary is filed once under its sounds (FlexSearch's
 * LatinSoundex codes), and a query's sounds widen to the words filed under them. A row
 * costs nothing more than its words; a second FlexSearch index of every row's sounds
 * did the same for a fifth of what search cost a sync.
 */

const RESOLUTION = 9;
/** Buckets hold the words starting with each prefix of up to this many letters. */
const BUCKET = 3;
/** A posting is `id << 4 | slot`: one small integer, no object per row and word (ids stay under 2^27). */
const SLOTS = 16;
const SLOT_BITS = 4;
/** Terms counted in a byte per row. */
const MAX_TERMS = 200;
/** `matched` of a row no longer current: above any count of terms. */
const DEAD = 255;

/** FlexSearch's slot for the word at `position` of `count` (its `resolution: 9` scoring). */
function slotOf(position: number, count: number): number {
  if (position === 0) return 0;
  return count <= RESOLUTION ? position : (((RESOLUTION - 1) / count) * position + 1) | 0;
}

/** The index as saved: the words, and every word's postings one after another. */
export interface WordIndexState {
  readonly words: readonly string[];
  readonly postings: Int32Array;
  /** Where each word's postings start in `postings` (one more than there are words). */
  readonly offsets: Int32Array;
}

const ASCII = /^\p{ASCII}*$/u;
const MARKS = /[\u0300-\u036f]/g;

/**
 * FlexSearch's own case and accent folding (NFKD, marks dropped, lower case), with plain
 * ASCII text only lower-cased: NFKD leaves it as it is.
 */
export function foldForIndex(text: string): string {
  return ASCII.test(text) ? text.toLowerCase() : text.normalize('NFKD').replace(MARKS, '').toLowerCase();
}

/** FlexSearch's encoder of these options, folding with {@link foldForIndex}. */
export function indexEncoder(options: object): Encoder {
  return new Encoder({ ...options, normalize: foldForIndex });
}

const SPLIT = /[^\p{L}\p{N}]+/u;
const DIGITS_AFTER = /(\D)(\d{3})/g;
const DIGITS_BEFORE = /(\d{3})(\D)/g;
const TRIPLETS = /(\d{3})/g;
/** Numbers are cut in threes only where there are three digits in a row: most texts have none. */
const THREE_DIGITS = /\d{3}/;
const MAX_WORD = 1_024;
/** Words seen, with their letters repeated once: most words of a workspace come again and again. */
const collapsed = new Map<string, string>();
const COLLAPSED_LIMIT = 200_000;

function collapse(word: string): string {
  let out = collapsed.get(word);
  if (out === undefined) {
    out = word[0]!;
    for (let i = 1; i < word.length; i++) if (word[i] !== word[i - 1]) out += word[i];
    if (collapsed.size >= COLLAPSED_LIMIT) collapsed.clear();
    collapsed.set(word, out);
  }
  return out;
}

/**
 * A text's words as FlexSearch's Normalize encoder makes them (`encode(text, true)`):
 * folded, numbers cut in threes, split at anything not a letter or digit, letters repeated
 * once, each word once. Done here rather than by the encoder, whose per-text caches and
 * dictionaries cost more than the index; a test holds the two equal.
 */
export function indexWords(text: string): string[] {
  let folded = foldForIndex(text);
  if (folded.length > 3 && THREE_DIGITS.test(folded)) folded = folded.replace(DIGITS_AFTER, '$1 $2').replace(DIGITS_BEFORE, '$1 $2').replace(TRIPLETS, '$1 ');
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of folded.split(SPLIT)) {
    if (raw.length === 0 || raw.length > MAX_WORD || seen.has(raw)) continue;
    seen.add(raw);
    const word = raw.length > 1 ? collapse(raw) : raw;
    if (word !== raw) {
      if (seen.has(word)) continue;
      seen.add(word);
    }
    out.push(word);
  }
  return out;
}

/**
 * FlexSearch's LatinSoundex encoder without its caches (they keep every text with its
 * codes, and may give a cached text's codes twice); folding as {@link foldForIndex}.
 */
export function soundsEncoder(): Encoder {
  return indexEncoder({ ...Charset.LatinSoundex, cache: false });
}

/** What a FlexSearch encoder makes of a text (`encode(text, true)`, which its types do not declare). */
export function encodedWords(encoder: Encoder, text: string): string[] {
  return (encoder.encode as unknown as (t: string, dedupe: boolean) => string[]).call(encoder, text, true);
}

/** The distinct sounds of a text, in order: what FlexSearch's strict LatinSoundex index keeps of it. */
export function soundsOf(encoder: Encoder, text: string): string[] {
  return [...new Set(encodedWords(encoder, text))];
}

function fileUnder(map: Map<string, number[]>, key: string, n: number): void {
  const list = map.get(key);
  if (list) list.push(n);
  else map.set(key, [n]);
}

export class WordIndex {
  private readonly numbers = new Map<string, number>();
  private words: string[] = [];
  private postings: number[][] = [];
  private readonly buckets = new Map<string, number[]>();
  /** The words filed under each sound (worked out when a word is first seen, or loaded: ~0.6 ms per 1,000 words). */
  private readonly bySound = new Map<string, number[]>();
  private readonly encoder = soundsEncoder();

  private wordNumber(word: string): number {
    let n = this.numbers.get(word);
    if (n === undefined) {
      n = this.words.push(word) - 1;
      this.postings.push([]);
      this.numbers.set(word, n);
      this.file(word, n);
    }
    return n;
  }

  private file(word: string, n: number): void {
    for (let length = 1; length <= Math.min(BUCKET, word.length); length++) fileUnder(this.buckets, word.slice(0, length), n);
    for (const sound of soundsOf(this.encoder, word)) fileUnder(this.bySound, sound, n);
  }

  /** Indexes a document's text under `id` (ids only grow: a changed row gets a new one). */
  add(id: number, text: string): void {
    const tokens = indexWords(text);
    for (let r = 0; r < tokens.length; r++) this.postings[this.wordNumber(tokens[r]!)]!.push((id << SLOT_BITS) | slotOf(r, tokens.length));
  }

  /** The word numbers a query term finds: the words it starts. */
  private expand(term: string): readonly number[] {
    const bucket = this.buckets.get(term.slice(0, BUCKET)) ?? [];
    return term.length <= BUCKET ? bucket : bucket.filter((n) => this.words[n]!.startsWith(term));
  }

  /**
   * Ids of documents holding a word starting with each term of the query, best first (see
   * above), up to `limit` of those `alive` says are current. `size`: one more than the
   * highest id given.
   */
  search(query: string, limit: number, size: number, alive: (id: number) => boolean): number[] {
    // A query of hundreds of words is pasted text: its first ones decide.
    return this.rowsWithAll(indexWords(query).slice(0, MAX_TERMS).map((term) => this.expand(term)), limit, size, alive);
  }

  /** As {@link search}, for rows with a word sounding like each word of the query (whole words). */
  searchSounds(query: string, limit: number, size: number, alive: (id: number) => boolean): number[] {
    const sounds = soundsOf(this.encoder, query).slice(0, MAX_TERMS);
    return this.rowsWithAll(sounds.map((sound) => this.bySound.get(sound) ?? []), limit, size, alive);
  }

  /** The rows holding one of the words of each group, best first, up to `limit`. */
  private rowsWithAll(groups: readonly (readonly number[])[], limit: number, size: number, alive: (id: number) => boolean): number[] {
    if (groups.length === 0 || limit <= 0) return [];
    const expanded = groups.map((words) => {
      let total = 0;
      for (const n of words) total += this.postings[n]!.length;
      return { words, total };
    });
    // The rarest term first: each next one only looks at the rows all before it matched.
    expanded.sort((a, b) => a.total - b.total);
    const { matched, termSlot, place } = this.scratch(size);
    let rows: number[] = [];
    for (let i = 0; i < expanded.length; i++) {
      const hit: number[] = [];
      for (const n of expanded[i]!.words) {
        for (const posting of this.postings[n]!) {
          const id = posting >>> SLOT_BITS;
          const slot = posting & (SLOTS - 1);
          if (matched[id] === i) {
            // A dead row is passed over once, at its first word.
            if (i === 0 && !alive(id)) {
              matched[id] = DEAD;
              continue;
            }
            matched[id] = i + 1;
            termSlot[id] = slot;
            hit.push(id);
          } else if (matched[id] === i + 1 && slot < termSlot[id]!) termSlot[id] = slot;
        }
      }
      for (const id of hit) place[id] = Math.max(place[id]!, termSlot[id]!);
      rows = hit;
      if (rows.length === 0) return [];
    }
    return this.best(rows, place, limit);
  }

  /**
   * Three bytes a row for a query, kept from one query to the next: new ones each time
   * (megabytes at a million rows) made the engine collect its whole heap every few queries.
   */
  private scratchArrays: { matched: Uint8Array; termSlot: Uint8Array; place: Uint8Array } | null = null;

  private scratch(size: number): { matched: Uint8Array; termSlot: Uint8Array; place: Uint8Array } {
    if (!this.scratchArrays || this.scratchArrays.matched.length < size) {
      const length = Math.max(size, Math.ceil((this.scratchArrays?.matched.length ?? 0) * 1.5));
      this.scratchArrays = { matched: new Uint8Array(length), termSlot: new Uint8Array(length), place: new Uint8Array(length) };
    } else {
      this.scratchArrays.matched.fill(0, 0, size);
      this.scratchArrays.place.fill(0, 0, size);
    }
    return this.scratchArrays;
  }

  /** The first `limit` rows by place, then id, sorting only the place where the limit falls. */
  private best(rows: readonly number[], place: Uint8Array, limit: number): number[] {
    const counts = new Array<number>(SLOTS).fill(0);
    for (const id of rows) counts[place[id]!]!++;
    let cut = 0;
    for (let taken = 0; cut < SLOTS && taken + counts[cut]! < limit; cut++) taken += counts[cut]!;
    const byPlace: number[][] = Array.from({ length: Math.min(cut + 1, SLOTS) }, () => []);
    for (const id of rows) if (place[id]! <= cut) byPlace[place[id]!]!.push(id);
    const out: number[] = [];
    for (const ids of byPlace) {
      const sorted = Int32Array.from(ids).sort();
      for (const id of sorted) {
        if (out.length >= limit) return out;
        out.push(id);
      }
    }
    return out;
  }

  exportState(): WordIndexState {
    let total = 0;
    for (const list of this.postings) total += list.length;
    const postings = new Int32Array(total);
    const offsets = new Int32Array(this.words.length + 1);
    let at = 0;
    this.postings.forEach((list, n) => {
      offsets[n] = at;
      for (const p of list) postings[at++] = p;
    });
    offsets[this.words.length] = at;
    return { words: [...this.words], postings, offsets };
  }

  static fromState(state: WordIndexState): WordIndex {
    const index = new WordIndex();
    state.words.forEach((word, n) => {
      index.numbers.set(word, n);
      index.file(word, n);
    });
    index.words = [...state.words];
    index.postings = state.words.map((_, n) => Array.from(state.postings.subarray(state.offsets[n], state.offsets[n + 1])));
    return index;
  }
}
