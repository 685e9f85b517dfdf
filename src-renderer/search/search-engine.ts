import { mirrorTableSpecs, SCHEMA_VERSION, type OutpostDb } from '../../src-shared/store/index.js';
import { SearchIndex, SEARCH_INDEX_FORMAT, type SearchIndexState } from './search-index.js';
import { highlightText, queryWords, scoreText } from './search-rank.js';
import type { SearchText } from './search-text.js';
import { listsBehind, mirrorMark, rowsByRefs, scanTable, searchableTables, setMirrorMark, writeSeqsNow, type ChangedRow, type RowRef } from './search-rows.js';
import { lastPendingId, loadState, mergedNotes, notePending, pendingNotes, raiseMarks, saveState, type ListMarks, type PendingRefs, type SearchDb } from './search-store.js';
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
  /** Every list (scope) a row was ever indexed from or looked at in. */
  scopes(): string[] {
    return this.list.map((place) => place.split('\u0001')[1]!);
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
  /** Each list's mark (search-store.ts, `ListMarks`), as far as the index and the notes applied go. */
  private marks = new Map<string, number>();
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
      const marks = saved.parts.marks as ListMarks | undefined;
      // An index saved before marks were kept is taken as up to date with every list it knows, as it then was.
      if (marks) raiseMarks(engine.marks, marks);
      else {
        const seqNow = await writeSeqsNow(mirror);
        for (const scope of engine.places.scopes()) engine.marks.set(scope, seqNow(scope) + 1);
      }
      const notes = await pendingNotes(store);
      await engine.redo(notes);
      const caughtUp = await engine.catchUp();
      engine.unsaved = notes.length > 0 || caughtUp;
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
    // Every write up to these numbers is in what the scan reads; later ones are in the notes redone below.
    const seqNow = await writeSeqsNow(this.mirror);
    const index = new SearchIndex();
    const places = new Places();
    const marks = new Map<string, number>();
    for (const table of searchableTables()) {
      await scanTable(this.mirror, table, BATCH, (rows) => {
        for (const r of rows) {
          places.index(index, r, searchTextOf(r.row));
          if (!marks.has(r.scope)) marks.set(r.scope, seqNow(r.scope) + 1);
        }
        this.onStatus({ state: 'building', rows: index.size });
      });
    }
    // The new index takes over between two updates. Changes noted while the scan ran are
    // applied again (rows read twice index once); an update beside this redo could apply a
    // row's newer copy before the redo applied the older one it had read.
    await this.inTurn(async () => {
      this.index = index;
      this.places = places;
      this.marks = marks;
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

  /**
   * Rows changed (null: the mirror was cleared), and the lists' marks the window sent with
   * them: noted first, so a restart before the next save redoes them.
   */
  update(refs: readonly ChangedRow[] | null, marks?: ListMarks): Promise<void> {
    return this.inTurn(async () => {
      const id = await notePending(this.store, refs, marks);
      await this.applyChanges(refs, id);
      raiseMarks(this.marks, marks);
    });
  }

  /**
   * Reads again what was written to the lists since their marks: changes a window closed
   * before they reached search (they wait in the window, then in this queue, before they
   * are noted), and rows written while no window indexed them. Where a write since removed
   * rows, every row the index holds of that list is looked up too. Each list is then marked
   * up to date. True when any list was behind.
   */
  private async catchUp(): Promise<boolean> {
    const behind = await listsBehind(this.mirror, this.marks, this.places.scopes());
    if (behind.length === 0) return false;
    const refs = new Map<string, ChangedRow>();
    const removing = new Set(behind.filter((list) => list.removed).map((list) => `${list.table}\u0001${list.scope}`));
    if (removing.size > 0) {
      for (const id of this.index.indexedRefs()) {
        const ref = this.places.parse(id);
        if (removing.has(`${ref.table}\u0001${ref.scope}`)) refs.set(id, ref);
      }
    }
    for (const { table, scope, keys, since } of behind) {
      for (const key of keys) {
        const ref = { table, scope, key, since };
        const id = this.places.refOf(ref);
        if (!refs.has(id)) refs.set(id, ref);
      }
    }
    await this.applyChanges([...refs.values()], this.appliedUpTo);
    raiseMarks(this.marks, Object.fromEntries(behind.map(({ scope, seq }) => [scope, seq + 1])));
    return true;
  }

  /** Redoes notes not in the saved index, as one change (see `mergedNotes`). */
  private async redo(notes: readonly PendingRefs[]): Promise<void> {
    if (notes.length === 0) return;
    const { cleared, refs, marks } = mergedNotes(notes);
    const upTo = notes.at(-1)!.id;
    if (cleared) await this.applyChanges(null, upTo);
    await this.applyChanges(refs, upTo);
    raiseMarks(this.marks, marks);
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
    await saveState(this.store, header, { index: this.index.exportState(), places: this.places.list, marks: Object.fromEntries(this.marks) }, this.appliedUpTo);
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
