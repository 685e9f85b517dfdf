import type { EndpointId } from '../../src-shared/api/index.js';
import { openDatabase, type IndexKey, type OutpostDb } from '../../src-shared/store/index.js';
import { inProcessEngine, type EngineQuery, type ListEngine, type WalkAnswer, type WindowAnswer } from './list-engine.js';
import { warmQueries } from './warm-queries.js';
import type { Residual } from './list-query.js';

/**
 * The list engine's Web Worker: it opens the workspace's database itself, keeps the
 * lists' columns and orders, and answers window and walk requests with keys and row
 * places (list-engine.ts). Sorting a million rows happens here, off the main thread.
 */

export type EngineRequest =
  | { readonly id: number; readonly db: string; readonly op: 'window'; readonly query: EngineQuery; readonly offset: number; readonly limit: number | null; readonly seen?: number | undefined }
  | { readonly id: number; readonly db: string; readonly op: 'walk'; readonly query: EngineQuery; readonly seen?: number | undefined }
  | { readonly id: number; readonly db: string; readonly op: 'remember'; readonly endpoint: EndpointId; readonly scope: string }
  | { readonly id: number; readonly db: string; readonly op: 'counts'; readonly endpoint: EndpointId; readonly scope: string; readonly field: string; readonly residual?: readonly Residual[] }
  | { readonly id: number; readonly db: string; readonly op: 'warm' }
  | { readonly id: number; readonly db: string; readonly op: 'prepare'; readonly query: EngineQuery; readonly seen?: number | undefined };

export type EngineReply =
  | { readonly id: number; readonly ok: true; readonly value: WindowAnswer | WalkAnswer | [IndexKey, number][] | undefined }
  | { readonly id: number; readonly ok: false; readonly message: string };

interface WorkerScope {
  onmessage: ((event: { data: EngineRequest }) => void) | null;
  postMessage(message: EngineReply): void;
  indexedDB: unknown;
  IDBKeyRange: unknown;
  /** Requests answered so far (the end-to-end test reads it to know the worker serves). */
  outpostListAnswers?: number;
}

const scope = globalThis as unknown as WorkerScope;
const engines = new Map<string, { db: OutpostDb; engine: ListEngine }>();

function engineOf(name: string): ListEngine {
  let open = engines.get(name);
  if (!open) {
    const db = openDatabase({ indexedDB: scope.indexedDB as never, IDBKeyRange: scope.IDBKeyRange }, name);
    // The worker keeps the lists' columns and first rows between sessions (list-caches.ts).
    open = { db, engine: inProcessEngine(db, { store: true, warm: warmQueries }) };
    engines.set(name, open);
  }
  return open.engine;
}

async function answer(request: EngineRequest) {
  const engine = engineOf(request.db);
  if (request.op === 'remember') return engine.remember(request.endpoint, request.scope).then(() => undefined);
  if (request.op === 'warm') return engine.warm().then(() => undefined);
  if (request.op === 'prepare') return engine.prepare(request.query, request.seen).then(() => undefined);
  if (request.op === 'counts') return engine.counts(request.endpoint, request.scope, request.field, request.residual);
  if (request.op === 'window') return engine.window(request.query, request.offset, request.limit, request.seen);
  return engine.walk(request.query, { chunk: Number.POSITIVE_INFINITY, ...(request.seen === undefined ? {} : { seen: request.seen }) });
}

scope.onmessage = (event) => {
  const request = event.data;
  answer(request).then(
    (value) => {
      scope.outpostListAnswers = (scope.outpostListAnswers ?? 0) + 1;
      scope.postMessage({ id: request.id, ok: true, value });
    },
    (error: unknown) => {
      // A database deleted or upgraded under the worker: the next request opens it again.
      engines.get(request.db)?.db.close();
      engines.delete(request.db);
      scope.postMessage({ id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) });
    },
  );
};
