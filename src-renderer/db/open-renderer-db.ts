import { openDatabase, type OutpostDb } from '../../src-shared/store/index.js';

/**
 * The renderer owns IndexedDB: one database per workspace (named by
 * `workspaceStorage`), on the window's IndexedDB. When it is
 * deleted under the running app (site data cleared, another window), the window starts
 * over on an empty one: main then resyncs it and restores unsent edits from its journal.
 */
export function openRendererDatabase(name?: string): OutpostDb {
  const db = openDatabase({ indexedDB: window.indexedDB, IDBKeyRange: window.IDBKeyRange }, name);
  db.on('versionchange', (event) => {
    if (event.newVersion === null) window.location.reload();
  });
  return db;
}
