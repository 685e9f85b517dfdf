import type { Ref } from 'vue';
import { findRow, type StoredRow } from '../../src-shared/store/index.js';
import { useAppContext } from '../app-context.js';
import { useLiveQuery } from './use-live-query.js';

/** The local row with this key in a table (any scope), live; null when not cached. */
export function useRowLookup(table: Ref<string | null>, key: Ref<string | null>) {
  const { db } = useAppContext();
  return useLiveQuery(
    async (): Promise<StoredRow | null> => {
      if (!table.value || !key.value) return null;
      return findRow(db, table.value, key.value);
    },
    [table, key],
    null as StoredRow | null,
  );
}
