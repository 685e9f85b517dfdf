import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openDatabase, type OutpostDb } from '../../src-shared/store/index.js';

let opened = 0;

/**
 * A fresh Outpost database on its own in-memory IndexedDB. Each has a name of its own:
 * Dexie keeps one process-wide cache of live query answers per database name, which
 * databases of one name would share.
 */
export function openFakeDatabase(): OutpostDb {
  opened += 1;
  return openDatabase({ indexedDB: new IDBFactory(), IDBKeyRange }, `outpost-test-${opened}`);
}
