import { computed, onScopeDispose, ref, shallowRef, watch, type Ref } from 'vue';
import type { OutpostDb, StoredRow } from '../../src-shared/store/index.js';
import { useLiveQuery } from '../composables/use-live-query.js';
import type { ListQuery } from './list-query.js';
import { buildAnchors, countRows, readRows, searchRows, type Anchors } from './run-list-query.js';

/** Rows are read in aligned blocks, so small scrolls reuse the same query. */
export const BLOCK = 100;

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
 * A live window onto a list of any length: the count of matching rows, and only the
 * rows around the visible range, read with an indexed Dexie query that starts at the
 * nearest anchor. Both follow the database as rows stream in. A text search scans,
 * within a time budget, and keeps its matches in memory. Rows outside the window read
 * as undefined (placeholders).
 */
export function useRowWindow(db: OutpostDb, query: Ref<ListQuery | null>) {
  const visible = ref({ start: 0, end: 50 });
  const win = computed(() => windowFor(visible.value.start, visible.value.end));
  const queryKey = computed(() => {
    const q = query.value;
    return q ? JSON.stringify([q.endpoint.id, q.scope, q.sort, q.filters, q.search]) : '';
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
    [queryKey, searchBudget],
    { key: '', rows: [] as StoredRow[], complete: true, scanned: 0 },
  );

  const { value: counted, loading: counting } = useLiveQuery(
    async () => ({ key: queryKey.value, n: query.value && !searching.value ? await countRows(db, query.value) : 0 }),
    queryKey,
    { key: '', n: 0 },
  );

  // Anchors for the current query and count, built in the background after the first rows.
  const anchors = shallowRef<{ key: string; anchors: Anchors | null }>({ key: '', anchors: null });
  let building = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  watch(
    () => `${counted.value.key}#${counted.value.n}`,
    () => {
      if (timer) clearTimeout(timer);
      const q = query.value;
      const key = counted.value.key;
      if (!q || searching.value || key !== queryKey.value || counted.value.n <= BLOCK * 10) return;
      const mine = ++building;
      timer = setTimeout(() => {
        buildAnchors(db, q).then(
          (built) => {
            if (mine === building) anchors.value = { key: `${key}#${counted.value.n}`, anchors: built };
          },
          // Without anchors, reads step from the start: slower, still right.
          () => undefined,
        );
      }, 300);
    },
  );
  onScopeDispose(() => timer && clearTimeout(timer));
  const currentAnchors = computed(() => (anchors.value.key === `${queryKey.value}#${counted.value.n}` ? anchors.value.anchors : null));

  const { value: page, loading } = useLiveQuery(
    async () => {
      const q = query.value;
      const { from, to } = win.value;
      if (!q || searching.value) return { key: queryKey.value, from, rows: [] as StoredRow[] };
      return { key: queryKey.value, from, rows: await readRows(db, q, from, to - from, currentAnchors.value) };
    },
    [queryKey, () => win.value.from, () => win.value.to, currentAnchors],
    { key: '', from: 0, rows: [] as StoredRow[] },
  );

  const count = computed(() => {
    if (searching.value) return search.value.key === queryKey.value ? search.value.rows.length : 0;
    if (counted.value.key === queryKey.value) return counted.value.n;
    // Until the count arrives (it walks the whole range), show the rows already read.
    return page.value.key === queryKey.value ? page.value.from + page.value.rows.length : 0;
  });

  function rowAt(index: number): StoredRow | undefined {
    if (searching.value) return search.value.key === queryKey.value ? search.value.rows[index] : undefined;
    const current = page.value;
    if (current.key !== queryKey.value) return undefined;
    return current.rows[index - current.from];
  }

  /** True once the count and the rows on screen both answer the current query. */
  const settled = computed(() => (searching.value ? search.value.key === queryKey.value : counted.value.key === queryKey.value && page.value.key === queryKey.value));
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

  /** True once reads start at anchors (big lists, after one key-only pass). */
  const anchored = computed(() => currentAnchors.value !== null);

  return { count, counting, loading, rowAt, setVisible, page, settled, anchored, searchState, searchEverything };
}
