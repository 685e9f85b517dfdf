import { chunkRows, storedRowOf, type OutpostDb, type StoredRow } from '../../src-shared/store/index.js';
import { SLOT, type ScopeColumns } from './scope-columns.js';

/** The rows of some slots of a list, in that order, read from their chunks through the row source's cache (one read per chunk). */
export async function rowsAt(db: OutpostDb, columns: ScopeColumns, slots: readonly number[]): Promise<StoredRow[]> {
  const { scope, endpoint } = columns;
  const chunks = slots.map((s) => columns.place[s]!).filter((p) => p >= 0).map((p) => Math.floor(p / SLOT));
  const read = await chunkRows(db, scope, chunks);
  const out: StoredRow[] = [];
  for (const slot of slots) {
    const where = columns.place[slot]!;
    if (where < 0) {
      // A single row (overlay) or a row gone: only the first has an entry.
      const entry = columns.localEntry(slot);
      if (entry?.row) out.push(storedRowOf(scope, endpoint.table, columns.keys[slot]!, entry.pass ?? '', entry.row, entry));
      continue;
    }
    const chunk = Math.floor(where / SLOT);
    const row = read.get(chunk)?.row(where % SLOT);
    if (row) out.push(storedRowOf(scope, endpoint.table, columns.keys[slot]!, columns.passOf(chunk), row));
  }
  return out;
}
