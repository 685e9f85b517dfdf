import { openDatabase, type OutpostDb } from '../../src-shared/store/index.js';

/** The renderer owns IndexedDB: the one database, on the window's IndexedDB. */
export function openRendererDatabase(): OutpostDb {
  return openDatabase({ indexedDB: window.indexedDB, IDBKeyRange: window.IDBKeyRange });
}
