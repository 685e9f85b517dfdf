import { endpoints } from '../../src-shared/api/index.js';
import { readTableRows } from '../../src-shared/store/index.js';
import { distinctValues } from '../list/column-values.js';
import { useAppContext } from '../app-context.js';
import { placeOfTable } from '../presentation/areas.js';
import { createDirectory, type DirectoryUser } from '../people/user-directory.js';
import { useLiveQuery } from './use-live-query.js';

/** Rows scanned per table without a userId index (posts, comments): enough for their authors and mentions. */
const SCAN_LIMIT = 20_000;

/**
 * The directory reads every users record and tens of thousands of rows: during a sync
 * it runs again at most once a second, not at every page written.
 */
const DIRECTORY_THROTTLE_MS = 1000;

const labelOf = (table: string) => placeOfTable(table)?.list.label ?? table;

/**
 * The Users page's rows: users records (E19 answers, edits waiting, ids added), every
 * `userId` of the mirrored lists (distinct values of the lists' columns, never a row
 * read once they are built), post authors and the users mentioned in posts and comments.
 */
export function useUserDirectory() {
  const { db } = useAppContext();
  return useLiveQuery(
    async (): Promise<DirectoryUser[]> => {
      const directory = createDirectory();
      for (const r of await readTableRows(db, endpoints.E19.table)) directory.record(r.row, r.row.name ? 'User record' : 'Known by id');
      const scanned = new Set<string>();
      for (const endpoint of Object.values(endpoints)) {
        if (endpoint.kind !== 'list' || !endpoint.query.userId?.filter || scanned.has(endpoint.table)) continue;
        scanned.add(endpoint.table);
        for (const id of await distinctValues(db, endpoint.table, 'userId')) directory.note(id, labelOf(endpoint.table));
      }
      for (const table of [endpoints.E16.table, endpoints.E2.table]) {
        (await readTableRows(db, table, SCAN_LIMIT)).forEach((r) => {
            if (!scanned.has(table)) directory.note(r.row.userId, table === endpoints.E16.table ? 'Post author' : labelOf(table));
            directory.mentions(r.row, `Mentioned in ${labelOf(table).toLowerCase()}`);
          });
      }
      return directory.list();
    },
    [],
    [] as DirectoryUser[],
    { throttleMs: DIRECTORY_THROTTLE_MS },
  );
}
