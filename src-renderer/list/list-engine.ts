import { endpoints, rowKey, type EndpointDef, type EndpointId } from '../../src-shared/api/index.js';
import { chunkRows, type IndexKey, type OutpostDb, type OverlayEntry } from '../../src-shared/store/index.js';
import { queryWindow, valueCountsOf } from './column-query.js';
import { firstMatches, firstMatchesApply } from './first-matches.js';
import { FIRST_ROWS, loadColumns, loadFirstWindow, storedFirstWindow, storeListCaches, type FirstWindow } from './list-caches.js';
import type { Residual } from './list-query.js';
import { columnsOf, forgetColumns, keptColumns, ownerOf } from './columns-registry.js';
import { SLOT, type ScopeColumns } from './scope-columns.js';
import { lookAgainSoon, nextTurn } from '../lib/next-turn.js';

/**
 * The list engine: the columns, orders and filters of the lists (scope-columns.ts,
 * column-query.ts) behind one small interface, so they run in a Web Worker in the app
 * (list-worker.ts: no sort of a million rows on the main thread) and in-process where
 * there is no worker (unit tests). Answers are plain data: keys, where their rows are,
 * and the rows' stored text, read here from their chunks so the thread that shows
 * them only parses the rows on screen.
 */

/** One list query as the engine takes it: filters already encoded. */
export interface EngineQuery {
  readonly endpoint: EndpointId;
  readonly scope: string;
  /** The sort field, or null for key order. */
  readonly field: string | null;
  readonly descending: boolean;
  readonly residual: readonly Residual[];
}

/** Where one row of a window is (a chunk row, with its stored text when read; or a single row with its entry). */
export type WindowEntry =
  | { readonly key: string; readonly chunk: number; readonly index: number; readonly pass: string; readonly row?: string | Record<string, unknown> }
  | { readonly key: string; readonly local: OverlayEntry };

export interface WalkAnswer {
  readonly counted: number;
  readonly complete: boolean;
}

export interface WalkRequest {
  /** The scope's revision the asker has read (see {@link ListEngine.window}). */
  readonly seen?: number;
  /** Rows stepped over between progress reports (in-process only; a worker answers once). */
  readonly chunk: number;
  readonly signal?: AbortSignal;
  readonly onProgress?: (answer: WalkAnswer) => void;
}

/** A window of a list. */
export interface WindowAnswer {
  /** The rows the query matches; with `atLeast`, only the rows found so far (first-matches.ts): more may follow. */
  readonly total: number;
  readonly atLeast?: boolean;
  readonly entries: WindowEntry[];
  /** The scope's revision the answer is at. */
  readonly seq: number;
}

export interface ListEngine {
  /**
   * The query's row count and rows `offset .. offset+limit` (all from `offset` when
   * limit is null). `seen`: the scope's revision the asker has read; columns at that
   * revision answer without asking the database whether anything changed since.
   */
  window(query: EngineQuery, offset: number, limit: number | null, seen?: number): Promise<WindowAnswer>;
  /** Counts the query, reporting as it goes. */
  walk(query: EngineQuery, request: WalkRequest): Promise<WalkAnswer>;
  /** Live rows per encoded value of a field of a list (charts, pickers), from its columns; `residual`: of the rows that pass these filters. */
  counts(endpoint: EndpointId, scope: string, field: string, residual?: readonly Residual[]): Promise<[IndexKey, number][]>;
  /** A list's pass finished: bring its stored columns and first rows up to date, if it changed since they were stored. */
  remember(endpoint: EndpointId, scope: string): Promise<void>;
  /** Gets ready to answer (starts the worker, opens the database) before the first list is asked for. */
  warm(): Promise<void>;
  /**
   * A list is on screen, answered from its stored first rows elsewhere, or a query of it
   * was just chosen (a filter, a sort) and its window will be asked for once the page
   * has drawn the change: reads its columns for the query and works out the query's
   * order and filter (kept for the window that follows), then reads its other fields,
   * so its first scroll, filter or sort does not wait for them. `seen`: the list's
   * revision the window follows, as for {@link ListEngine.window}.
   */
  prepare(query: EngineQuery, seen?: number): Promise<void>;
}

/** The stored parts of a list's columns a request reads (ScopeColumns.ensure). */
type ColumnsNeed = Parameters<ScopeColumns['ensure']>[1];

/** What the engine may keep between sessions; the worker stores, the in-process engine does not. */
export interface EngineOptions {
  readonly store?: boolean;
  /** How long after a change the caches are written (changes in between are written once). */
  readonly storeDelayMs?: number;
  /** How long after a list is shown the engine starts reading the rest of its stored fields. */
  readonly readAheadAfterMs?: number;
  /** Runs the queries once on a made-up list of an endpoint, once the first list is shown, `pause` awaited between steps (the list worker's: warm-queries.ts). */
  readonly warm?: (db: OutpostDb, endpoint: EndpointDef, pause: () => Promise<void>) => Promise<void>;
}

/**
 * A list restored from its stored parts reads each field when a query first needs it
 * (a date field of a million rows: ~60–120 ms, most of it the fresh memory its
 * dictionary and codes are decoded into). This long after the list is shown, the
 * fields not read yet are read one after another, each decoded a range at a time
 * (packed-ints.ts, `decodeGently`), so a filter or sort soon after does not wait for
 * its field, and a request arriving meanwhile waits for one range, not a whole field.
 * Requests do not put the start off: with the start put off until nothing had been
 * asked for this long, a filter every ~0.15 s (a count's walk after each) kept every
 * field unread, and each filter read its own (a million-row date field: ~85 ms of
 * its first filter). A part a request waits for goes first (ScopeColumns.load). The
 * keys stay unread (a delta or an export reads them).
 */
const READ_AHEAD_AFTER_MS = 100;

const REWRITE_MS = 60_000;

/** The default query of a list: its default sort, no filter. */
function defaultQuery(columns: ScopeColumns): EngineQuery {
  const fallback = columns.endpoint.defaultSort;
  const field = fallback ? fallback.replace(/^-/, '') : null;
  const sortable = field !== null && columns.fields.includes(field) && !!columns.endpoint.query[field]?.sort;
  return { endpoint: columns.endpoint.id, scope: columns.scope, field: sortable ? field : null, descending: sortable && fallback!.startsWith('-'), residual: [] };
}

/** The field a query sorts on, if the list has it as a column. */
function sortField(columns: ScopeColumns, query: EngineQuery): string | null {
  return query.field !== null && columns.fields.includes(query.field) ? query.field : null;
}

/** The fields of restored columns a request reads: the one it sorts or counts on (if any) and those it filters on. */
function fieldsOf(field: string | null, residual: readonly Residual[]): (string | null)[] {
  return [field, ...residual.map((r) => r.field)];
}

/** Rows `offset .. offset+limit` of a query on a list's columns, with their stored text. */
async function windowOf(db: OutpostDb, columns: ScopeColumns, query: EngineQuery, offset: number, limit: number | null): Promise<WindowAnswer> {
  const field = sortField(columns, query);
  const { total, slots: picked } = queryWindow(columns, field, field !== null && query.descending, query.residual, offset, limit);
  const places = Array.from(picked, (slot) => columns.placeAt(slot));
  // One read per chunk, through the row source's cache of decoded chunks.
  const read = limit === null ? null : await chunkRows(db, columns.scope, places.filter((p) => p >= 0).map((p) => Math.floor(p / SLOT)));
  const rowAt = (place: number) => read?.get(Math.floor(place / SLOT))?.raw(place % SLOT);
  if (picked.some((slot, i) => places[i]! >= 0 && columns.keyAt(slot) === undefined && rowAt(places[i]!) === undefined)) {
    // A row not read (swept meanwhile) gives no key: the keys are read (the columns may be built again).
    await columns.ensure(db, { keys: true });
    return windowOf(db, columns, query, offset, limit);
  }
  const entries: WindowEntry[] = [];
  picked.forEach((slot, i) => {
    const place = places[i]!;
    if (place >= 0) {
      const chunk = Math.floor(place / SLOT);
      const row = rowAt(place);
      // Restored columns read their keys only when needed: a row on screen names its own.
      const key = columns.keyAt(slot) ?? rowKey(columns.endpoint, typeof row === 'string' ? (JSON.parse(row) as Record<string, unknown>) : row!);
      entries.push({ key, chunk, index: place % SLOT, pass: columns.passOf(chunk), ...(row === undefined ? {} : { row }) });
    } else {
      const local = columns.localEntry(slot);
      if (local) entries.push({ key: local.key, local });
    }
  });
  return { total, entries, seq: columns.seq };
}

/**
 * Counts a query on a list's columns (see {@link ListEngine.walk}), reporting every
 * `request.chunk` rows. It once placed anchors for reads that stepped along an index;
 * reads on columns need none, and anchors by key needed every key read.
 */
async function walkOf(columns: ScopeColumns, query: EngineQuery, request: WalkRequest): Promise<WalkAnswer> {
  const field = sortField(columns, query);
  const { total } = queryWindow(columns, field, field !== null && query.descending, query.residual, 0, 0);
  let counted = 0;
  const answer = (): WalkAnswer => ({ counted, complete: counted === total });
  while (counted < total && !request.signal?.aborted) {
    counted = Math.min(total, counted + request.chunk);
    request.onProgress?.(answer());
    if (counted < total) await new Promise((r) => setTimeout(r, 0));
  }
  if (total === 0) request.onProgress?.(answer());
  return answer();
}

/** The engine on this thread, over `db`. */
export function inProcessEngine(db: OutpostDb, options: EngineOptions = {}): ListEngine {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** When each list was last written (its revision then is the columns' `storedSeq`). */
  const storedAt = new Map<string, number>();
  /** Lists only remembered (not shown) are dropped from memory once stored. */
  const shown = new Set<string>();
  /**
   * The list shown last, whose stored fields are read {@link READ_AHEAD_AFTER_MS} after
   * it was shown; requests meanwhile do not put the start off. Once started, the fields
   * are read one after another while requests come and go, each decoded a range at a time.
   */
  let readAheadOf: ScopeColumns | undefined;
  let readAhead: ReturnType<typeof setTimeout> | undefined;
  let readingAhead = false;
  /**
   * Whether the queries were run on a made-up list (warm-queries.ts): once the first list
   * is shown, between requests, beside the read-ahead (started with the read-ahead, it
   * came after a user's first filter in bench runs).
   */
  let warmed = false;
  /** Requests running: work nobody asked for (the made-up list, the read-ahead) waits while any does. */
  let asking = 0;
  const busy = () => asking > 0;
  const asked = async <T>(work: () => Promise<T>): Promise<T> => {
    asking++;
    try {
      return await work();
    } finally {
      asking--;
    }
  };
  /** The made-up list's pause: its next step waits for the thread's other tasks, and for every request to be answered. */
  const quiet = async () => {
    await nextTurn();
    while (busy()) await lookAgainSoon();
  };
  const readRest = async (columns: ScopeColumns) => {
    readingAhead = true;
    try {
      for (const field of columns.unreadFields()) {
        // Another list shown meanwhile: its fields are read instead.
        if (readAheadOf !== columns) return;
        await columns.ensure(db, { fields: [field], gently: true, busy });
      }
      if (readAheadOf === columns) readAheadOf = undefined;
    } finally {
      readingAhead = false;
      // Another list shown while this one was read: its turn now.
      armReadAhead();
    }
  };
  const armReadAhead = () => {
    const columns = readAheadOf;
    // Armed already: requests coming meanwhile do not put the start off.
    if (!options.store || !columns || readingAhead || readAhead !== undefined) return;
    readAhead = setTimeout(() => {
      readAhead = undefined;
      // Another list shown meanwhile is read instead.
      const now = readAheadOf;
      if (now && !readingAhead) void readRest(now).catch(() => undefined);
    }, options.readAheadAfterMs ?? READ_AHEAD_AFTER_MS);
  };
  const readRestSoon = (columns: ScopeColumns) => {
    if (!warmed && options.warm) {
      warmed = true;
      // Nothing a user asked for: a failure costs the warm-up only.
      void options.warm(db, columns.endpoint, quiet).catch(() => undefined);
    }
    // Every field read already (built from the chunks, or read ahead before).
    if (columns.unreadFields().length === 0) return;
    readAheadOf = columns;
    armReadAhead();
  };

  const store = async (columns: ScopeColumns) => {
    if (columns.storedSeq === columns.seq) return;
    let first: FirstWindow;
    do {
      await columns.ensure(db, columns.needToStore());
      const query = defaultQuery(columns);
      const { total, entries } = await windowOf(db, columns, query, 0, FIRST_ROWS);
      first = { endpoint: query.endpoint, field: query.field, descending: query.descending, total, entries, ties: 'slot' };
      // A change while the first rows were read (a key added) can leave a part to write unread: read it, and the rows again.
    } while (!columns.holds(columns.needToStore()));
    await storeListCaches(db, columns, first);
    storedAt.set(columns.scope, Date.now());
  };
  /** `now`: a pass completed, or a stale first window waits for the list: written at once, not debounced. */
  const scheduleStore = (columns: ScopeColumns, now = false) => {
    // Stored at this revision (or restored and unchanged since): the stored copy is this one.
    if (!options.store || columns.storedSeq === columns.seq) return;
    // A list that changes while shown (a sync running) is written again at most once a minute.
    const last = storedAt.get(columns.scope);
    const delay = now ? 0 : Math.max(options.storeDelayMs ?? 2000, last === undefined ? 0 : last + REWRITE_MS - Date.now());
    clearTimeout(timers.get(columns.scope));
    timers.set(
      columns.scope,
      setTimeout(() => {
        timers.delete(columns.scope);
        store(columns)
          .catch(() => undefined)
          .finally(() => {
            if (!shown.has(columns.scope)) forgetColumns(db, columns.scope);
          });
      }, delay),
    );
  };
  /**
   * A list's columns with the stored parts a request reads (`need`). `store`: when the
   * list's caches are written ('never' for counts: charts recount growing lists every few seconds).
   */
  const columnsFor = async (endpoint: EndpointId, scope: string, need: (columns: ScopeColumns) => ColumnsNeed, show = true, store: 'later' | 'now' | 'never' = 'later', seen?: number) => {
    if (show) shown.add(scope);
    try {
      const columns = await columnsOf(db, endpoints[endpoint], scope, options.store ? loadColumns : undefined, seen);
      await columns.ensure(db, need(columns));
      if (store !== 'never') scheduleStore(columns, store === 'now');
      return columns;
    } finally {
      armReadAhead();
    }
  };
  // Key order needs the keys' order (in the base), not the keys: rows not read (an export) do.
  const forWindow = (query: EngineQuery, limit: number | null) => (columns: ScopeColumns) => ({ fields: fieldsOf(sortField(columns, query), query.residual), keys: limit === null });

  /**
   * The first rows of the query prepared last, found from the rows while a field it
   * filters on is read (first-matches.ts), for its window asked for a moment later.
   */
  let early: { key: string; seq: number; answer: Promise<WindowAnswer | null> } | null = null;
  const earlyKey = (query: EngineQuery) => JSON.stringify([query.scope, query.field, query.descending, query.residual]);
  /**
   * A list's columns with what a window of `query` reads, and that window's first rows
   * found from the rows, when it may be (null otherwise, or when none were found
   * before the columns could answer).
   */
  const columnsAndEarly = async (query: EngineQuery, offset: number, limit: number | null, seen: number | undefined, prepared: boolean) => {
    const need = forWindow(query, limit);
    // Caught up, no stored part read yet: the fields the query needs are read here
    // (stored parts found gone build the columns again, stored again once built).
    // Columns built from the chunks have every field: nothing is found from the rows.
    const columns = await columnsFor(query.endpoint, query.scope, () => ({}), true, 'later', seen);
    let read = false;
    const key = earlyKey(query);
    const kept = !prepared && early?.key === key && early.seq === columns.seq ? early.answer : null;
    // The scan's first chunks are asked for before the field's pieces: the database
    // answers in the order asked (behind a million-row field's 1 MB, two chunks came
    // ~30 ms after they were asked in a trace, ~18 asked first). The scan reads its
    // fields' chunk zones first, so the field waits until the scan has asked.
    let asked!: () => void;
    const scanAsked = new Promise<void>((resolve) => (asked = resolve));
    const scanning = !firstMatchesApply(columns, query, sortField(columns, query), offset, limit) ? null : kept ? null : firstMatches(db, columns, query, Math.max(limit!, FIRST_ROWS), () => read, asked).catch(() => null);
    const answer = kept ?? scanning;
    const reading = (scanning ? scanAsked : Promise.resolve())
      .then(() => columns.ensure(db, need(columns)))
      .then(() => scheduleStore(columns))
      .finally(() => (read = true));
    if (!answer) {
      await reading;
      return { columns, answer: null };
    }
    if (prepared) {
      // Found for the window that follows; the preparation itself waits for the field.
      early = { key, seq: columns.seq, answer };
      await reading;
      return { columns, answer: null };
    }
    const found = await Promise.race([answer, reading.then(() => null)]);
    if (found && (!found.atLeast || found.entries.length >= limit!)) {
      // The field is still read, for the count and the next windows; a failure shows there.
      reading.catch(() => undefined);
      // Found for a bigger window (the one prepared): this window's rows of it.
      return { columns, answer: { ...found, total: found.atLeast ? limit! : found.total, entries: found.entries.slice(0, limit!) } };
    }
    await reading;
    return { columns, answer: null };
  };
  const prepare = async (query: EngineQuery, seen?: number) => {
    const { columns } = await columnsAndEarly(query, 0, FIRST_ROWS, seen, true);
    const field = sortField(columns, query);
    queryWindow(columns, field, field !== null && query.descending, query.residual, 0, FIRST_ROWS);
    readRestSoon(columns);
  };
  const windowFor = async (query: EngineQuery, offset: number, limit: number | null, seen?: number): Promise<WindowAnswer> => {
    if (options.store && !keptColumns(db, query.scope)) {
      const stored = await storedFirstWindow(db, query, offset, limit);
      if (stored) {
        void engine.prepare(query, seen).catch(() => undefined);
        return stored;
      }
    }
    const { columns, answer } = await columnsAndEarly(query, offset, limit, seen, false);
    readRestSoon(columns);
    return answer ?? windowOf(db, columns, query, offset, limit);
  };

  const engine: ListEngine = {
    window(query, offset, limit, seen) {
      return asked(() => windowFor(query, offset, limit, seen));
    },

    walk(query, request) {
      return asked(async () => walkOf(await columnsFor(query.endpoint, query.scope, (columns) => ({ fields: fieldsOf(sortField(columns, query), query.residual) }), true, 'later', request.seen), query, request));
    },

    counts(endpoint, scope, field, residual = []) {
      return asked(async () => valueCountsOf(await columnsFor(endpoint, scope, () => ({ fields: fieldsOf(field, residual) }), true, 'never'), field, residual));
    },

    async warm() {
      await db.open();
    },

    prepare(query, seen) {
      return asked(() => prepare(query, seen));
    },

    async remember(endpoint, scope) {
      if (!options.store || ownerOf(endpoints[endpoint], scope).kind !== 'list') return;
      // Stored at its current revision already (a delta pass that changed nothing): no list is read.
      if ((await loadFirstWindow(db, scope).catch(() => null))?.current) return;
      // Stored at once: the window may close soon after a sync (the next open would build the list again).
      await columnsFor(endpoint, scope, () => ({}), shown.has(scope), 'now');
    },
  };
  return engine;
}
