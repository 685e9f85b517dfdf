import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openDatabase, type OutpostDb } from '../../src-shared/store/index.js';

/** A fresh Outpost database on its own in-memory IndexedDB. */
export function openFakeDatabase(): OutpostDb {
  return openDatabase({ indexedDB: new IDBFactory(), IDBKeyRange });
}
