/// <reference lib="webworker" />
import { openDatabase } from '../../src-shared/store/index.js';
import { SearchEngine } from './search-engine.js';
import type { FromWorker, ToWorker } from './search-protocol.js';
import { saveSchedule } from './save-schedule.js';
import { pageRows } from './search-rows.js';
import { openSearchDatabase, searchDatabaseName } from './search-store.js';

/**
 * The search worker: builds, updates, saves and queries the index off the window's
 * thread. It opens the workspace's mirror read-only in spirit (through search-rows.ts)
 * and its own `<mirror>-search` database.
 */
declare const self: DedicatedWorkerGlobalScope;

let engine: Promise<SearchEngine> | null = null;
const post = (message: FromWorker) => self.postMessage(message);
const fail = (error: unknown) => post({ t: 'failed', message: error instanceof Error ? error.message : String(error) });

// The window says when: a save (the whole index exported and written) waits for the user to pause.
const saves = saveSchedule(() => post({ t: 'saveDue' }));

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.t === 'open') {
    const deps = { indexedDB: self.indexedDB, IDBKeyRange };
    const mirror = openDatabase(deps, message.databaseName);
    const store = openSearchDatabase(deps, searchDatabaseName(message.databaseName));
    engine = SearchEngine.open(mirror, store, (status) => post({ t: 'status', status }));
    // Notes redone at open are saved like any change, else every window would redo them.
    engine.then((e) => {
      if (e.unsaved) saves.changed();
    }, fail);
    return;
  }
  if (!engine) return;
  if (message.t === 'update') {
    const refs = message.refs === null ? null : [...(message.pages ?? []).flatMap(pageRows), ...message.refs];
    void engine.then((e) => e.update(refs, message.marks)).then(() => saves.changed(), fail);
  } else if (message.t === 'save') {
    void engine.then((e) => e.save()).catch(fail);
  } else if (message.t === 'search') {
    const started = performance.now();
    void engine
      .then((e) => e.search(message.query, message.limit))
      .then((hits) => post({ t: 'result', id: message.id, hits, ms: performance.now() - started }))
      .catch((error: unknown) => {
        post({ t: 'result', id: message.id, hits: [], ms: 0 });
        fail(error);
      });
  }
};
