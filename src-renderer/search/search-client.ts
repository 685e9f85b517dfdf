import { inject, shallowRef, type App, type InjectionKey, type ShallowRef } from 'vue';
import type { SearchHit, SearchStatus } from './search-engine.js';
import type { FromWorker, ToWorker } from './search-protocol.js';
import type { ChangedRow } from './search-rows.js';
import type { SearchSink } from './search-updates.js';

/** The window's side of search: queries to the worker, changed rows batched for it. */
export interface SearchClient extends SearchSink {
  search(query: string, limit?: number): Promise<SearchHit[]>;
  readonly status: ShallowRef<SearchStatus>;
  /** Sends what is batched now (tests, and before the window goes). */
  flush(): void;
}

/** A worker-like port: the real Worker, or a fake in tests. */
export interface WorkerPort {
  postMessage(message: ToWorker): void;
  onmessage: ((event: MessageEvent<FromWorker>) => void) | null;
}

/** Changed rows wait this long for more, so a burst of pages is one message. */
const BATCH_MS = 400;
/** ...or until this many are waiting. */
const BATCH_ROWS = 5_000;

export function createSearchClient(worker: WorkerPort, databaseName: string): SearchClient {
  const status = shallowRef<SearchStatus>({ state: 'loading', rows: 0 });
  const waiting = new Map<number, (hits: SearchHit[]) => void>();
  let nextId = 1;
  let batch = new Map<string, ChangedRow>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  worker.onmessage = (event) => {
    const message = event.data;
    if (message.t === 'status') status.value = message.status;
    else if (message.t === 'result') {
      waiting.get(message.id)?.(message.hits);
      waiting.delete(message.id);
    } else console.warn(`search: ${message.message}`);
  };
  worker.postMessage({ t: 'open', databaseName });

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (batch.size === 0) return;
    worker.postMessage({ t: 'update', refs: [...batch.values()] });
    batch = new Map<string, ChangedRow>();
  };

  return {
    status,
    flush,
    search(query, limit = 50) {
      const id = nextId++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        worker.postMessage({ t: 'search', id, query, limit });
      });
    },
    changed(refs) {
      // The latest change of a row replaces the one waiting: with its copy, or without (then read back).
      for (const ref of refs) batch.set(`${ref.table}\u0001${ref.scope}\u0001${ref.key}`, { table: ref.table, scope: ref.scope, key: ref.key, ...(ref.row ? { row: ref.row } : {}) });
      if (batch.size >= BATCH_ROWS) flush();
      else timer ??= setTimeout(flush, BATCH_MS);
    },
    cleared() {
      batch = new Map<string, ChangedRow>();
      clearTimeout(timer);
      timer = undefined;
      worker.postMessage({ t: 'update', refs: null });
    },
  };
}

/** Starts the workspace's search worker (vite bundles it as its own module). */
export function startSearch(databaseName: string): SearchClient {
  const worker = new Worker(new URL('./search-worker.ts', import.meta.url), { type: 'module', name: 'search' });
  return createSearchClient(worker as unknown as WorkerPort, databaseName);
}

const SEARCH: InjectionKey<SearchClient> = Symbol('outpost-search');

export function provideSearch(app: App, client: SearchClient): void {
  app.provide(SEARCH, client);
}

/** The workspace's search, or null where none runs (first run, component tests). */
export function useSearch(): SearchClient | null {
  return inject(SEARCH, null);
}
