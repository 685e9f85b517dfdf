import { endpoints } from '../../src-shared/api/index.js';
import { mirrorTable } from '../../src-shared/store/index.js';
import { useAppContext } from '../app-context.js';
import { placeOfTable } from '../presentation/areas.js';
import { createDirectory, type DirectoryUser } from '../people/user-directory.js';
import { useLiveQuery } from './use-live-query.js';

/** Rows scanned per table without a userId index (posts, comments): enough for their authors and mentions. */
const SCAN_LIMIT = 20_000;

const labelOf = (table: string) => placeOfTable(table)?.list.label ?? table;

/**
 * The Users page's rows: users records (E19 answers, edits waiting, ids added), every
 * `userId` of the mirrored lists (distinct index keys where the field is indexed, never
 * a full scan of a big list), post authors and the users mentioned in posts and comments.
 */
export function useUserDirectory() {
  const { db } = useAppContext();
  return useLiveQuery(
    async (): Promise<DirectoryUser[]> => {
      const directory = createDirectory();
      await mirrorTable(db, endpoints.E19.table).each((r) => directory.record(r.row, r.row.name ? 'User record' : 'Known by id'));
      const scanned = new Set<string>();
      for (const endpoint of Object.values(endpoints)) {
        if (endpoint.kind !== 'list' || !endpoint.query.userId?.filter || scanned.has(endpoint.table)) continue;
        scanned.add(endpoint.table);
        const keys = (await mirrorTable(db, endpoint.table).orderBy('[scope+k.userId]').uniqueKeys()) as unknown as [number, unknown][];
        for (const [, id] of keys) directory.note(id, labelOf(endpoint.table));
      }
      for (const table of [endpoints.E16.table, endpoints.E2.table]) {
        await mirrorTable(db, table)
          .limit(SCAN_LIMIT)
          .each((r) => {
            if (!scanned.has(table)) directory.note(r.row.userId, table === endpoints.E16.table ? 'Post author' : labelOf(table));
            directory.mentions(r.row, `Mentioned in ${labelOf(table).toLowerCase()}`);
          });
      }
      return directory.list();
    },
    [],
    [] as DirectoryUser[],
  );
}
