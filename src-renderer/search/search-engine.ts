import { mirrorTableSpecs, SCHEMA_VERSION, type OutpostDb } from '../../src-shared/store/index.js';
import { SearchIndex, SEARCH_INDEX_FORMAT, type SearchIndexState } from './search-index.js';
import { highlightText, queryWords, scoreText } from './search-rank.js';
import type { SearchText } from './search-text.js';
import { mirrorMark, rowsByRefs, scanTable, searchableTables, setMirrorMark, type ChangedRow, type RowRef } from './search-rows.js';
import { lastPendingId, loadState, mergedNotes, notePending, pendingNotes, saveState, type PendingRefs, type SearchDb } from './search-store.js';
import { searchTextOf } from './search-text.js';
import type { Piece } from './search-highlight.js';

/**
 * The search engine of one workspace, as the worker runs it (and tests, on
 * fake-indexeddb): loads the saved index or builds one from the mirror, applies
 * changed rows, answers queries and saves itself.
 */

/** One row found. */
export interface SearchHit extends RowRef {
  readonly score: number;
  readonly title: Piece[];
  readonly snippet: Piece[];
}

export interface SearchStatus {
  readonly state: 'loading' | 'building' | 'ready';
  readonly rows: number;
}

/** The index's version: its format, the database schema and the catalogue's tables. */
export function searchIndexVersion(): string {
  const catalogue = JSON.stringify(mirrorTableSpecs());
  let h = 0;
  for (let i = 0; i < catalogue.length; i++) h = (Math.imul(h, 31) + catalogue.charCodeAt(i)) | 0;
  return `${SEARCH_INDEX_FORMAT}.${SCHEMA_VERSION}.${(h >>> 0).toString(36)}`;
}

/** Interned places (table and scope): a ref is `<place number>|<row key>`, short in memory. */
class Places {
  readonly list: string[] = [];
  private readonly numbers = new Map<string, number>();
  /** Places a row was indexed from (all of a loaded index's): elsewhere a row without text has nothing to remove. */
  private readonly holding = new Set<number>();
  constructor(list: readonly string[] = []) {
    for (const place of list) this.holding.add(this.number(place));
  }
  number(place: string): number {
    let n = this.numbers.get(place);
    if (n === undefined) {
      n = this.list.push(place) - 1;
      this.numbers.set(place, n);
    }
    return n;
  }
  private placeOf(ref: RowRef): number {
    return this.number(`${ref.table}\u0001${ref.scope}`);
  }
  refOf(ref: RowRef): string {
    return `${this.placeOf(ref)}|${ref.key}`;
  }
  /** Puts a row's text in `index` (null: takes the row out), skipping rows without text of places no row was indexed from. */
  index(index: SearchIndex, ref: RowRef, text: SearchText | null): void {
    const place = this.placeOf(ref);
    if (text === null && !this.holding.has(place)) return;
    if (text !== null) this.holding.add(place);
    index.upsert(`${place}|${ref.key}`, text);
  }
  parse(ref: string): RowRef {
    const bar = ref.indexOf('|');
    const [table, scope] = this.list[Number(ref.slice(0, bar))]!.split('\u0001') as [string, string];
    return { table, scope, key: ref.slice(bar + 1) };
  }
}

const BATCH = 2_000;
const CANDIDATES = 200;

export class SearchEngine {
  private index = new SearchIndex();
  private places = new Places();
  private status: SearchStatus = { state: 'loading', rows: 0 };
  /**
   * Updates run one after another, in the order they were noted, and so does a rebuild's
   * take-over: each reads its rows when it runs, so a later step never applies older copies.
   */
  private queue: Promise<void> = Promise.resolve();
  /** The rebuild under way, if any. */
  private building: Promise<void> | null = null;
  private appliedUpTo = 0;
  /** Settles once the index is loaded or built: queries before that see what is indexed so far. */
  ready: Promise<void> = Promise.resolve();
  /** The loaded index was behind its notes and has caught up: a save spares the next window redoing them. */
  unsaved = false;

  private constructor(
    private readonly mirror: OutpostDb,
    private readonly store: SearchDb,
    private readonly onStatus: (status: SearchStatus) => void,
  ) {}

  /** Opens the saved index when it fits this mirror and version, else starts building one (see `ready`). */
  static async open(mirror: OutpostDb, store: SearchDb, onStatus: (status: SearchStatus) => void = () => undefined): Promise<SearchEngine> {
    const engine = new SearchEngine(mirror, store, onStatus);
    const saved = await loadState(store);
    const mark = await mirrorMark(mirror);
    if (saved && mark !== null && saved.header.mark === mark && saved.header.version === searchIndexVersion()) {
      engine.index = SearchIndex.fromState(saved.parts.index as SearchIndexState);
      engine.places = new Places(saved.parts.places as string[]);
      const notes = await pendingNotes(store);
      await engine.redo(notes);
      engine.unsaved = notes.length > 0;
      engine.setStatus('ready');
    } else {
      engine.ready = engine.rebuild();
    }
    return engine;
  }

  get size(): number {
    return this.index.size;
  }

  private setStatus(state: SearchStatus['state']): void {
    this.status = { state, rows: this.index.size };
    this.onStatus(this.status);
  }

  /** Builds the index anew from every mirrored row, then saves it. Queries meanwhile see the old one; a second call joins the first. */
  rebuild(): Promise<void> {
    this.building ??= this.build().finally(() => {
      this.building = null;
    });
    return this.building;
  }

  private async build(): Promise<void> {
    this.setStatus('building');
    const upTo = await lastPendingId(this.store);
    const index = new SearchIndex();
    const places = new Places();
    for (const table of searchableTables()) {
      await scanTable(this.mirror, table, BATCH, (rows) => {
        for (const r of rows) places.index(index, r, searchTextOf(r.row));
        this.onStatus({ state: 'building', rows: index.size });
      });
    }
    // The new index takes over between two updates. Changes noted while the scan ran are
    // applied again (rows read twice index once); an update beside this redo could apply a
    // row's newer copy before the redo applied the older one it had read.
    await this.inTurn(async () => {
      this.index = index;
      this.places = places;
      await this.redo((await pendingNotes(this.store)).filter((note) => note.id > upTo));
      this.appliedUpTo = Math.max(this.appliedUpTo, upTo);
    });
    const mark = (await mirrorMark(this.mirror)) ?? crypto.randomUUID();
    await setMirrorMark(this.mirror, mark);
    await this.save(mark);
    this.setStatus('ready');
  }

  /** Runs `step` after every step queued before it, whether they succeeded or not. */
  private inTurn(step: () => Promise<void>): Promise<void> {
    const next = this.queue.catch(() => undefined).then(step);
    this.queue = next;
    return next;
  }

  /** Rows changed (null: the mirror was cleared): noted first, so a restart before the next save redoes them. */
  update(refs: readonly ChangedRow[] | null): Promise<void> {
    return this.inTurn(async () => {
      const id = await notePending(this.store, refs);
      await this.applyChanges(refs, id);
    });
  }

  /** Redoes notes not in the saved index, as one change (see `mergedNotes`). */
  private async redo(notes: readonly PendingRefs[]): Promise<void> {
    if (notes.length === 0) return;
    const { cleared, refs } = mergedNotes(notes);
    const upTo = notes.at(-1)!.id;
    if (cleared) await this.applyChanges(null, upTo);
    await this.applyChanges(refs, upTo);
  }

  private async applyChanges(refs: readonly ChangedRow[] | null, noteId: number): Promise<void> {
    if (refs === null) {
      this.index = new SearchIndex();
      this.places = new Places();
    } else {
      for (let i = 0; i < refs.length; i += BATCH) {
        const batch = refs.slice(i, i + BATCH);
        // Rows sent with their copy or its text (a sync page's) are not read back: reading them
        // built each list's whole view here and was most of what search cost a sync.
        const unknown = batch.filter((ref) => ref.row === undefined && ref.text === undefined);
        const present = new Map(unknown.length === 0 ? [] : (await rowsByRefs(this.mirror, unknown)).map((r) => [this.places.refOf(r), r.row]));
        const textOf = (ref: ChangedRow): SearchText | null => {
          const row = ref.row ?? present.get(this.places.refOf(ref));
          return row ? searchTextOf(row) : null;
        };
        for (const ref of batch) this.places.index(this.index, ref, ref.text !== undefined ? ref.text : textOf(ref));
      }
    }
    this.appliedUpTo = Math.max(this.appliedUpTo, noteId);
    if (this.status.state !== 'building') this.setStatus(this.status.state);
  }

  /** Saves the index with what has been applied so far; rebuilds first when it has grown too many dead entries. */
  async save(mark?: string): Promise<void> {
    // A rebuild saves when it is done: a save of the old index meanwhile would forget notes
    // the rebuild is still to redo.
    if (mark === undefined && this.building) return this.building;
    await this.queue.catch(() => undefined);
    if (this.index.needsCompaction && mark === undefined) return this.rebuild();
    const header = { version: searchIndexVersion(), mark: mark ?? (await mirrorMark(this.mirror)) ?? '', savedAt: new Date().toISOString() };
    await saveState(this.store, header, { index: this.index.exportState(), places: this.places.list }, this.appliedUpTo);
    this.unsaved = false;
  }

  /** The best `limit` rows for a query, ranked (see search-rank.ts). */
  async search(query: string, limit = 50): Promise<SearchHit[]> {
    const terms = queryWords(query);
    if (terms.length === 0) return [];
    const { exact, fuzzy } = this.index.candidates(terms.join(' '), CANDIDATES);
    const refs = [...exact, ...fuzzy].map((r) => this.places.parse(r));
    const rows = await rowsByRefs(this.mirror, refs);
    const scored: { ref: RowRef; text: SearchText; score: number; length: number }[] = [];
    for (const r of rows) {
      const text = searchTextOf(r.row);
      const score = text && scoreText(terms, text);
      if (text && score) scored.push({ ref: r, text, score, length: text.title.length + text.body.length });
    }
    // Equal matches: the shorter row first (the words are more of what it says).
    scored.sort((a, b) => b.score - a.score || a.length - b.length);
    // Only the rows shown are highlighted.
    return scored.slice(0, limit).map(({ ref, text, score }) => ({ table: ref.table, scope: ref.scope, key: ref.key, score, ...highlightText(terms, text) }));
  }
}
