import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openDatabase, type OutpostDb } from '../../../../src-shared/store/index.js';

export type WriteFault = 'quota' | 'abort';

/**
 * The app's database on fake-indexeddb with write faults that can be switched on per
 * table, injected as a Dexie middleware inside the transaction (so Dexie rolls the
 * whole transaction back, as it does when the browser refuses a write):
 * - `quota`: the write fails with a QuotaExceededError (the disk is full);
 * - `abort`: the transaction is aborted under the write (AbortError).
 * The IndexedDB factory is exposed so a test can delete the database under the app.
 */
export interface FaultyDb {
  readonly db: OutpostDb;
  readonly idb: InstanceType<typeof IDBFactory>;
  /** Fails writes to these tables or mirror tables' rows (`*` for all) once `after` more of them went through; `null` heals. */
  fail(fault: WriteFault | null, tables?: readonly string[] | '*', after?: number): void;
  /** Writes refused so far. */
  refused(): number;
  /** Deletes the database the way another tab or a "clear site data" does. */
  deleteDatabase(): Promise<void>;
}

/** A write of rows of one of these mirror tables: a chunk head (or single row) names its table. */
function writesRowsOf(store: string, request: { type: string; values?: readonly unknown[] }, tables: readonly string[]): boolean {
  if (store !== 'chunkHeads' && store !== 'overlay') return false;
  return (request.values ?? []).some((v) => tables.includes(String((v as { table?: unknown }).table)));
}

export function faultyDatabase(): FaultyDb {
  const idb = new IDBFactory();
  const db = openDatabase({ indexedDB: idb, IDBKeyRange });
  let fault: WriteFault | null = null;
  let tables: readonly string[] | '*' = '*';
  let refused = 0;
  let allowed = 0;
  db.use({
    stack: 'dbcore',
    name: 'write-faults',
    create(down) {
      return {
        ...down,
        table(name) {
          const table = down.table(name);
          return {
            ...table,
            mutate(request) {
              if (fault === null || (tables !== '*' && !tables.includes(name) && !writesRowsOf(name, request, tables))) return table.mutate(request);
              if (allowed > 0) {
                allowed -= 1;
                return table.mutate(request);
              }
              refused += 1;
              if (fault === 'abort') {
                (request.trans as unknown as { abort(): void }).abort();
                return Promise.reject(new DOMException('The transaction was aborted.', 'AbortError'));
              }
              return Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
            },
          };
        },
      };
    },
  });
  return {
    db,
    idb,
    fail(next, which = '*', after = 0) {
      fault = next;
      tables = which;
      allowed = after;
    },
    refused: () => refused,
    deleteDatabase: () =>
      new Promise<void>((resolve, reject) => {
        const request = idb.deleteDatabase(db.name);
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error ?? new Error('delete failed'));
      }),
  };
}
