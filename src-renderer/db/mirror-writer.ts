import type { Bridge } from '../../src-shared/bridge/index.js';
import { createDexieOutboxStore } from '../../src-shared/outbox/index.js';
import { createDexieMirrorStore, type OutpostDb } from '../../src-shared/store/index.js';
import { listEngineFor } from '../list/worker-engine.js';
import { withSearchUpdates, type SearchSink } from '../search/search-updates.js';

/**
 * The mirror writer: serves the store port to main, which sends store commands
 * (apply a page, finish a pass, write an outbox entry with its optimistic copy...)
 * that run here as Dexie transactions. The answer to each command is main's
 * acknowledgement, and so its backpressure. With a search sink, the keys of the rows
 * each command touched go to search once it has committed. Returns a function that
 * stops serving.
 */
export function startMirrorWriter(bridge: Bridge, db: OutpostDb, search?: SearchSink): () => void {
  // The list worker starts with the window, so the first list opened does not wait for it.
  void listEngineFor(db).warm();
  const plain = { ...createDexieMirrorStore(db), ...createDexieOutboxStore(db) };
  const store = {
    ...plain,
    // A list whose pass ended (full or delta) gets its columns and first rows stored
    // again, off this thread, when it changed since: a list opened later shows its
    // stored first rows only when they answer its current revision.
    async finishPass(command: Parameters<typeof plain.finishPass>[0]) {
      const result = await plain.finishPass(command);
      void listEngineFor(db).remember(command.endpoint, command.scope);
      return result;
    },
  };
  return bridge.serveStore(search ? withSearchUpdates(store, db, search) : store);
}
