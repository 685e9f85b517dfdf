import { endpoints } from '../../src-shared/api/index.js';
import { readTableRows } from '../../src-shared/store/index.js';
import { useAppContext } from '../app-context.js';
import { addMediaOptions, mediaOfRow, type MediaOption } from '../editors/media-options.js';
import { useLiveQuery } from './use-live-query.js';

/** Rows read per table: enough to offer what is in use, without walking a million rows. */
const ROWS_PER_TABLE = 5000;

/** Tables whose rows carry media objects, and post categories (by id: the API has no category list). */
const MEDIA_TABLES = [endpoints.E16.table, endpoints.E19.table, endpoints.E2.table, endpoints.E13.table, endpoints.E1.table, endpoints.E12.table];

export interface CategoryOption {
  readonly id: string;
  /** How many mirrored posts are in it. */
  uses: number;
}

/**
 * What the editors offer for media and category ids: the media objects and post
 * categories the mirrored rows reference, most used first. Picked, not typed: an id
 * the workspace does not know is refused by the server.
 */
export function useReferenceOptions() {
  const { db } = useAppContext();
  const media = useLiveQuery(
    async () => {
      const options = new Map<string, MediaOption>();
      for (const table of new Set(MEDIA_TABLES)) {
        for (const r of await readTableRows(db, table, ROWS_PER_TABLE)) addMediaOptions(options, mediaOfRow(r.row));
      }
      return [...options.values()].sort((a, b) => b.uses - a.uses || a.label.localeCompare(b.label));
    },
    [],
    [] as MediaOption[],
  ).value;
  const categories = useLiveQuery(
    async () => {
      const options = new Map<string, CategoryOption>();
      (await readTableRows(db, endpoints.E16.table, ROWS_PER_TABLE)).forEach((r) => {
        const id = r.row.categoryId;
        if (typeof id !== 'string' || !id) return;
        const known = options.get(id);
        if (known) known.uses += 1;
        else options.set(id, { id, uses: 1 });
      });
      return [...options.values()].sort((a, b) => b.uses - a.uses || a.id.localeCompare(b.id));
    },
    [],
    [] as CategoryOption[],
  ).value;
  return { media, categories };
}
