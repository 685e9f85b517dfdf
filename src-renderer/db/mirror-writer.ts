import type { Bridge } from '../../src-shared/bridge/index.js';
import { createDexieOutboxStore } from '../../src-shared/outbox/index.js';
import { createDexieMirrorStore, type OutpostDb } from '../../src-shared/store/index.js';

/**
 * The mirror writer: serves the store port to main, which sends store commands
 * (apply a page, finish a pass, write an outbox entry with its optimistic copy...)
 * that run here as Dexie transactions. The answer to each command is main's
 * acknowledgement, and so its backpressure. Returns a function that stops serving.
 */
export function startMirrorWriter(bridge: Bridge, db: OutpostDb): () => void {
  return bridge.serveStore({ ...createDexieMirrorStore(db), ...createDexieOutboxStore(db) });
}
