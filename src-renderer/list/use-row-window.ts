import { computed, ref, type Ref } from 'vue';
import type { OutpostDb, StoredRow } from '../../src-shared/store/index.js';
import { useLiveQuery } from '../composables/use-live-query.js';
import type { ListQuery } from './list-query.js';
import { countRows, readRows } from './run-list-query.js';

/** Rows are read in aligned blocks, so small scrolls reuse the same query. */
export const BLOCK = 100;

/** The block-aligned window of rows to read for a visible range. */
export function windowFor(start: number, end: number, block = BLOCK): { from: number; to: number } {
  const from = Math.max(0, Math.floor(start / block) * block);
  const to = Math.max(from + block, Math.ceil(end / block) * block);
  return { from, to };
}

/**
 * A live window onto a list of any length: the count of matching rows, and only the
 * rows around the visible range, read with an indexed Dexie query. Both follow the
 * database as rows stream in. Rows outside the window read as undefined (placeholders).
 */
export function useRowWindow(db: OutpostDb, query: Ref<ListQuery | null>) {
  const visible = ref({ start: 0, end: 50 });
  const win = computed(() => windowFor(visible.value.start, visible.value.end));
  const queryKey = computed(() => {
    const q = query.value;
    return q ? JSON.stringify([q.endpoint.id, q.scope, q.sort, q.filters, q.search]) : '';
  });

  const { value: count, loading: counting } = useLiveQuery(
    () => (query.value ? countRows(db, query.value) : 0),
    queryKey,
    0,
  );
  const { value: page, loading } = useLiveQuery(
    async () => {
      const q = query.value;
      const { from, to } = win.value;
      return { key: queryKey.value, from, rows: q ? await readRows(db, q, from, to - from) : ([] as StoredRow[]) };
    },
    [queryKey, () => win.value.from, () => win.value.to],
    { key: '', from: 0, rows: [] as StoredRow[] },
  );

  function rowAt(index: number): StoredRow | undefined {
    const current = page.value;
    if (current.key !== queryKey.value) return undefined;
    return current.rows[index - current.from];
  }

  function setVisible(start: number, end: number) {
    if (start !== visible.value.start || end !== visible.value.end) visible.value = { start, end };
  }

  return { count, counting, loading, rowAt, setVisible, page };
}
