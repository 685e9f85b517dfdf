import { computed, onScopeDispose, ref, shallowRef, watch, type Ref } from 'vue';
import { scopeRevision, type OutpostDb, type ScopeState, type StoredRow } from '../../src-shared/store/index.js';
import { useLiveQuery } from '../composables/use-live-query.js';
import { listQueryKey, validFilters, type ListQuery } from './list-query.js';
import { useReadAhead } from './use-read-ahead.js';
import { countRows, readRows, readWindow, searchRows, walkable as walkableQuery, walkList, type ListWalk } from './run-list-query.js';

/**
 * Rows are read in aligned blocks, so small scrolls reuse the same query. A list sorted
 * by a field reads about one chunk per row, so a block is about a screen (with its
 * overscan), not more.
 */
export const BLOCK = 50;

/** Reads of new places of the window running at once (see useRowWindow). */
const PLACES_AT_ONCE = 2;

/** A scroll that has not moved for this long rests: the place it shows is read (ms). */
const REST_MS = 150;

/** How long one search may scan before showing what it found (the user can ask for all). */
export const SEARCH_BUDGET_MS = 3000;

/** The block-aligned window of rows to read for a visible range. */
export function windowFor(start: number, end: number, block = BLOCK): { from: number; to: number } {
  const from = Math.max(0, Math.floor(start / block) * block);
  const to = Math.max(from + block, Math.ceil(end / block) * block);
  return { from, to };
}

/** A search in progress or done: how far it looked. */
export interface SearchState {
  readonly complete: boolean;
  readonly scanned: number;
  readonly capped: boolean;
}

/**
 * A live window onto a list of any length: only the rows around the visible range,
 * read through the list engine (any position is one array index away on the list's
 * columns), and the count of matching rows. The first screen never waits for the
 * count: a whole list shows the count the sync engine stored, a filtered one what was
 * counted so far, until a walk has the exact count. Both follow the
 * database as rows stream in. A text search scans,
 * within a time budget, and keeps its matches in memory. Rows outside the window read
 * as undefined (placeholders); a new sort or filter shows the rows before, `stale`,
 * until its own arrive.
 */
export function useRowWindow(db: OutpostDb, query: Ref<ListQuery | null>) {
  const visible = ref({ start: 0, end: 50 });
  const win = computed(() => windowFor(visible.value.start, visible.value.end));
  const queryKey = computed(() => {
    const q = query.value;
    return q ? listQueryKey(q) : '';
  });
  const searching = computed(() => (query.value?.search.trim() ?? '') !== '');
  const searchBudget = ref(SEARCH_BUDGET_MS);
  watch(queryKey, () => (searchBudget.value = SEARCH_BUDGET_MS));

  const { value: search } = useLiveQuery(
    async () => {
      const q = query.value;
      if (!q || !searching.value) return { key: queryKey.value, rows: [] as StoredRow[], complete: true, scanned: 0 };
      return { key: queryKey.value, ...(await searchRows(db, q, searchBudget.value)) };
    },
    // Followed only while the list is searched: a filter, a sort or a scroll of a list not
    // searched subscribes nothing again (a live query's teardown, subscription and first
    // run, on the page's thread, at every change).
    [() => (searching.value ? queryKey.value : null), searchBudget],
    { key: '', rows: [] as StoredRow[], complete: true, scanned: 0 },
  );

  // The unfiltered total as the sync engine last counted it.
  const { value: scopeState } = useLiveQuery(
    async () => {
      const scope = query.value?.scope;
      return scope ? ((await db.scopes.get(scope)) ?? null) : null;
    },
    () => query.value?.scope ?? null,
    null as ScopeState | null,
  );
  // The list's revision, followed live: the one signal that its rows changed (every
  // write raises it). A window is asked of the engine at once with it (reading it before
  // every window waited behind the list worker's reads) and read again when it moves;
  // the count walks again.
  const { value: revisionSeen } = useLiveQuery(
    async () => {
      const scope = query.value?.scope;
      return scope ? { scope, seq: (await scopeRevision(db, scope)).seq } : null;
    },
    () => query.value?.scope ?? null,
    null as { scope: string; seq: number } | null,
  );
  /** The revision of the list shown (null until read: not another list's, kept while the new one is read). */
  const seen = computed(() => (revisionSeen.value && revisionSeen.value.scope === query.value?.scope ? revisionSeen.value.seq : null));

  const revision = computed(() => String(seen.value ?? ''));
  const walkable = computed(() => !!query.value && !searching.value && walkableQuery(query.value));

  // Walkable lists: one chunked walk counts the rows.
  // It starts once the first rows of the query are on screen, runs again when the rows
  // change (after the running one, a moment later), and is abandoned as soon as the
  // query changes.
  const walked = shallowRef<{ key: string; progress: ListWalk } | null>(null);
  let walking: { controller: AbortController; key: string; dirty: boolean } | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const stopWalk = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    walking?.controller.abort();
    walking = null;
  };
  const startWalk = (delay: number) => {
    stopWalk();
    const q = query.value;
    const queryAt = queryKey.value;
    if (!q || !walkable.value) return;
    const mine = { controller: new AbortController(), key: queryAt, dirty: false };
    walking = mine;
    const run = () => {
      const key = `${queryAt}#${revision.value}`;
      walkList(db, q, {
        signal: mine.controller.signal,
        onProgress: (progress) => {
          if (!mine.controller.signal.aborted) walked.value = { key, progress };
        },
      }).then(
        () => {
          if (walking === mine && mine.dirty) startWalk(300);
          else if (walking === mine) walking = null;
        },
        // A failed walk leaves the count estimated: still right, not exact.
        () => {
          if (walking === mine) walking = null;
        },
      );
    };
    if (delay > 0) timer = setTimeout(run, delay);
    else run();
  };
  const currentWalk = computed(() => (walked.value?.key === `${queryKey.value}#${revision.value}` ? walked.value.progress : null));

  /**
   * The last exact count of a walk, named by what it counted (the list, filters and
   * search, not the order) and at which revision. At the same revision a new order of
   * the same rows has that count at once, and no walk counts it again (each sort of a
   * filtered list showed the rows read so far, a block of 50, until its own walk had
   * counted them all); at another, it is kept as the estimate while a walk recounts.
   */
  const countedKey = computed(() => {
    const q = query.value;
    return q ? listQueryKey({ ...q, sort: null }) : '';
  });
  const lastCount = shallowRef<{ key: string; revision: string; n: number } | null>(null);
  watch(currentWalk, (walk) => {
    if (walk?.complete) lastCount.value = { key: countedKey.value, revision: revision.value, n: walk.counted };
  });
  const lastExact = computed(() => (lastCount.value?.key === countedKey.value ? lastCount.value.n : 0));
  const knownCount = computed(() => (lastCount.value?.key === countedKey.value && lastCount.value.revision === revision.value ? lastCount.value.n : null));

  // At most two reads of new places at once: while they run, the window may move many
  // times (a fast scroll); only the last place is read next, not every place passed, and
  // a jump after a scroll starts at once. Re-reads of the same place (the list changed: a
  // sync writing it) never hold the window back.
  // A place whose rows on screen were all read ahead is not read again while the scroll
  // goes on (its block, aligned for small scrolls, held about twice the rows on screen,
  // each from its own chunk when a list with no sort was in key order): it is read once the scroll rests,
  // so the rows shown follow the list from then on.
  const requested = shallowRef(win.value);
  let lastRead: object | null = null;
  const firstReads = new Set<object>();
  let resting: ReturnType<typeof setTimeout> | null = null;
  const follow = () => {
    const { from, to } = win.value;
    if (requested.value.from === from && requested.value.to === to) return;
    if (resting) clearTimeout(resting);
    resting = null;
    if (ahead.holds(visible.value.start, visible.value.end)) {
      resting = setTimeout(() => {
        resting = null;
        requested.value = win.value;
      }, REST_MS);
      return;
    }
    if (firstReads.size < PLACES_AT_ONCE) requested.value = win.value;
  };
  watch(win, follow);
  onScopeDispose(() => {
    if (resting) clearTimeout(resting);
  });
  // A new query reads at once (and a rest timer of the query before is moot).
  watch(queryKey, () => {
    if (resting) clearTimeout(resting);
    resting = null;
    requested.value = win.value;
  });

  // The rows of the window. A read starts in the change that asks for it (a live query
  // may start only after the page has re-rendered); one read per place runs at a time,
  // and a change of the list while it runs reads the place again after it.
  const enginePage = shallowRef({ key: '', scope: null as string | null, from: 0, limit: 0, rows: [] as StoredRow[] });
  let running: { key: string; place: object; again: boolean } | null = null;
  let shownSeq: number | null = null;
  const readPage = () => {
    const q = query.value;
    const place = requested.value;
    const key = queryKey.value;
    if (!q || searching.value || q.scope === null) return;
    if (running && running.key === key && running.place === place) {
      running.again = true;
      return;
    }
    const mine = { key, place, again: false };
    running = mine;
    if (place !== lastRead) firstReads.add(place);
    lastRead = place;
    const { from, to } = place;
    readWindow(db, q, from, to - from, seen.value ?? undefined)
      .then(
        ({ rows, seq }) => {
          if (key !== queryKey.value || place !== requested.value) return;
          enginePage.value = { key, scope: q.scope, from, limit: to - from, rows };
          shownSeq = seq;
        },
        // A failed read leaves the rows shown; the next change of the list or the window reads again.
        () => undefined,
      )
      .finally(() => {
        firstReads.delete(place);
        setTimeout(follow, 0);
        if (running !== mine) return;
        running = null;
        if (mine.again) readPage();
      });
  };
  watch([queryKey, requested], readPage, { immediate: true });
  watch(seen, (seq) => {
    if (seq !== null && seq !== shownSeq) readPage();
  });

  // Lists of every scope (small tables no list endpoint fills) are read in one go, live.
  const scannedList = computed(() => !!query.value && !searching.value && query.value.scope === null);
  const { value: scannedPage } = useLiveQuery(
    async () => {
      const q = query.value;
      const { from, to } = requested.value;
      if (!q || !scannedList.value) return { key: queryKey.value, from, limit: to - from, rows: [] as StoredRow[] };
      return { key: queryKey.value, from, limit: to - from, rows: await readRows(db, q, from, to - from) };
    },
    // Followed only for such a list: another list's scroll and filters subscribe nothing again.
    [() => (scannedList.value ? queryKey.value : null), () => (scannedList.value ? requested.value : null)],
    { key: '', from: 0, limit: 0, rows: [] as StoredRow[] },
  );
  const page = computed(() => (query.value?.scope === null ? scannedPage.value : enginePage.value));

  /**
   * Whether the rows on screen are those of the query before: a new sort or filter of the
   * same list keeps them (marked busy) until its first rows arrive, and its rows are then
   * written into the same elements. Dropping them at once drew the list twice per change
   * (placeholders, then rows), and a filter's count fell to 0 meanwhile, so every row's
   * elements were taken out and built again.
   */
  const stale = computed(() => {
    const q = query.value;
    const shown = enginePage.value;
    return !!q && !searching.value && q.scope !== null && shown.key !== '' && shown.key !== queryKey.value && shown.scope === q.scope;
  });

  // Lists a walk does not count (row filters, every scope) are counted in one go, live.
  const countedInOne = computed(() => !!query.value && !searching.value && !walkable.value);
  const { value: counted } = useLiveQuery(
    async () => ({ key: queryKey.value, n: query.value && countedInOne.value ? await countRows(db, query.value) : 0 }),
    // Followed only for such a query (see the search's).
    [() => (countedInOne.value ? queryKey.value : null)],
    { key: '', n: 0 },
  );

  const firstRowsShown = computed(() => page.value.key === queryKey.value);
  watch([queryKey, walkable, firstRowsShown], ([key], previous) => {
    if (walked.value && !walked.value.key.startsWith(`${key}#`)) walked.value = null;
    if (previous && previous[0] === key && walking?.key === key && !walking.controller.signal.aborted && walkable.value) return;
    if (firstRowsShown.value && knownCount.value === null) startWalk(0);
    else stopWalk();
  });
  // Changed rows: recount once the running walk is done, else a moment after the change.
  watch(revision, () => {
    if (!firstRowsShown.value || !walkable.value) return;
    if (walking && walking.key === queryKey.value) walking.dirty = true;
    else startWalk(300);
  });
  onScopeDispose(stopWalk);

  const unfiltered = computed(() => !!query.value && validFilters(query.value.endpoint, query.value.filters).length === 0);

  /** How many rows the query matches, whether that is known or an estimate; `atLeast`: only the rows found so far, more may follow. */
  const total = computed<{ n: number; exact: boolean; atLeast?: boolean }>(() => {
    if (searching.value) return { n: search.value.key === queryKey.value ? search.value.rows.length : 0, exact: search.value.key === queryKey.value };
    const shown = page.value.key === queryKey.value ? page.value.from + page.value.rows.length : 0;
    // A read that found fewer rows than it asked for reached the end: no more follow.
    const more = page.value.key !== queryKey.value || page.value.rows.length >= page.value.limit;
    if (!walkable.value) return counted.value.key === queryKey.value ? { n: counted.value.n, exact: true } : { n: shown, exact: false, atLeast: more };
    const walk = currentWalk.value;
    if (walk?.complete) return { n: walk.counted, exact: true };
    if (knownCount.value !== null) return { n: knownCount.value, exact: true };
    // While counting: the engine's count for a whole list, else what was counted and read so far.
    const s = scopeState.value;
    const stored = unfiltered.value && s ? Math.max(s.rowCount, s.pass?.rows ?? 0) : 0;
    return { n: Math.max(stored, lastExact.value, walk?.counted ?? 0, shown), exact: false, atLeast: more && !unfiltered.value && lastExact.value === 0 };
  });
  /** The count shown with rows of its own query: still shown while those rows are, stale. */
  let shownCount = 0;
  watch(
    total,
    ({ n }) => {
      if (!stale.value) shownCount = n;
    },
    { flush: 'sync', immediate: true },
  );
  const count = computed(() => (stale.value ? shownCount : total.value.n));
  // While stale, neither count is known.
  const counting = computed(() => stale.value || !total.value.exact);
  /** Whether the count is the rows found so far (a filter not counted yet: "50+"), not the list's count. */
  const atLeast = computed(() => !stale.value && total.value.atLeast === true && count.value > 0);

  const ahead = useReadAhead(
    db,
    query,
    visible,
    () => (query.value && !searching.value ? `${queryKey.value}#${revision.value}` : null),
    () => count.value,
    () => seen.value,
  );

  function rowAt(index: number): StoredRow | undefined {
    if (searching.value) return search.value.key === queryKey.value ? search.value.rows[index] : undefined;
    const current = page.value;
    if (stale.value) return current.rows[index - current.from];
    const hit = current.key === queryKey.value ? current.rows[index - current.from] : undefined;
    return hit ?? ahead.rowAt(index);
  }

  /** True once the count and the rows on screen both answer the current query. */
  const settled = computed(() => (searching.value ? search.value.key === queryKey.value : total.value.exact && page.value.key === queryKey.value));
  const searchState = computed<SearchState | null>(() =>
    searching.value && search.value.key === queryKey.value ? { complete: search.value.complete, scanned: search.value.scanned, capped: !search.value.complete && search.value.rows.length > 0 } : null,
  );

  function setVisible(start: number, end: number) {
    if (start !== visible.value.start || end !== visible.value.end) visible.value = { start, end };
  }

  /** Lets the current search scan every row. */
  function searchEverything() {
    searchBudget.value = Number.POSITIVE_INFINITY;
  }

  /** The query whose rows are on screen ('' before any): the list's `queryKey` once its rows are. */
  const shownKey = computed(() => (searching.value ? search.value.key : page.value.key));

  return { count, counting, atLeast, rowAt, setVisible, settled, stale, queryKey, shownKey, searchState, searchEverything };
}
