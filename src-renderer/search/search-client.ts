import { inject, shallowRef, type App, type InjectionKey, type ShallowRef } from 'vue';
import { whenQuiet, type QuietTiming } from '../lib/when-quiet.js';
import type { SearchHit, SearchStatus } from './search-engine.js';
import type { FromWorker, ToWorker } from './search-protocol.js';
import type { ChangedPage, ChangedRow } from './search-rows.js';
import { raiseMarks } from './search-store.js';
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

/**
 * When the worker may save its index once a save is due: after two seconds without the
 * user's keys, clicks, wheel, scroll or navigation, a minute at the latest. A save
 * exports the whole index and writes it (~300,000 rows with text at `large`), and took
 * a core while the user scrolled or filtered.
 */
const SAVE_WHEN: QuietTiming = { afterMs: 0, quietMs: 2_000, latestMs: 60_000 };

/** `whenQuiet`: runs `work` once the user pauses (tests pass their own). */
export type Quiet = (work: () => void) => void;

export function createSearchClient(worker: WorkerPort, databaseName: string, quiet: Quiet = (work) => void whenQuiet(work, SAVE_WHEN)): SearchClient {
  const status = shallowRef<SearchStatus>({ state: 'loading', rows: 0 });
  const waiting = new Map<number, (hits: SearchHit[]) => void>();
  let nextId = 1;
  let batch = new Map<string, ChangedRow>();
  /** Pages waiting: they go before the rows in `batch` (a page comes in after what was batched before it is sent). */
  let pages: ChangedPage[] = [];
  /** Lists' marks (search-store.ts): they go with the changes batched before them. */
  let marks = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  let saveAsked = false;
  worker.onmessage = (event) => {
    const message = event.data;
    if (message.t === 'status') status.value = message.status;
    else if (message.t === 'saveDue') {
      // One save waits at a time: it takes in what changed meanwhile.
      if (saveAsked) return;
      saveAsked = true;
      quiet(() => {
        saveAsked = false;
        worker.postMessage({ t: 'save' });
      });
    }
    else if (message.t === 'result') {
      waiting.get(message.id)?.(message.hits);
      waiting.delete(message.id);
    } else console.warn(`search: ${message.message}`);
  };
  worker.postMessage({ t: 'open', databaseName });

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (batch.size === 0 && pages.length === 0 && marks.size === 0) return;
    worker.postMessage({ t: 'update', refs: [...batch.values()], ...(pages.length > 0 ? { pages } : {}), ...(marks.size > 0 ? { marks: Object.fromEntries(marks) } : {}) });
    batch = new Map<string, ChangedRow>();
    pages = [];
    marks = new Map<string, number>();
  };
  const later = () => {
    if (batch.size + pages.reduce((n, page) => n + page.keys.length, 0) >= BATCH_ROWS) flush();
    else timer ??= setTimeout(flush, BATCH_MS);
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
      later();
    },
    page(page) {
      // Rows changed before the page are sent before it (a later copy of a row wins).
      if (batch.size > 0) flush();
      pages.push(page);
      later();
    },
    written(scope, seq) {
      raiseMarks(marks, { [scope]: seq + 1 });
      later();
    },
    cleared() {
      batch = new Map<string, ChangedRow>();
      pages = [];
      // Marks are only ever a promise about what was sent: dropped, a list is read again from an older one.
      marks = new Map<string, number>();
      clearTimeout(timer);
      timer = undefined;
      worker.postMessage({ t: 'update', refs: null });
    },
  };
}

/**
 * A port whose worker starts when a message asks it for something (a search, changed
 * rows), or when `wake` says so, whichever comes first; messages before that wait, in
 * order. A worker's start (its script compiled and run, its database opened) took
 * ~200 ms of a core while a window showed its first list, on a machine of two.
 */
export function deferredPort(create: () => WorkerPort, wake: (start: () => void) => void): WorkerPort {
  let worker: WorkerPort | null = null;
  const queued: ToWorker[] = [];
  const start = () => {
    if (worker) return;
    worker = create();
    worker.onmessage = (event) => port.onmessage?.(event);
    for (const message of queued.splice(0)) worker.postMessage(message);
  };
  const port: WorkerPort = {
    onmessage: null,
    postMessage(message) {
      if (worker) return worker.postMessage(message);
      queued.push(message);
      if (message.t !== 'open') start();
    },
  };
  wake(start);
  return port;
}

/** When search starts unless it is needed before: the first screen is up and the user paused (when-quiet.ts). */
const SEARCH_START: QuietTiming = { afterMs: 2000, quietMs: 1000, latestMs: 30_000 };

/** Starts the workspace's search worker (vite bundles it as its own module) once the window is quiet, or when first needed. */
export function startSearch(databaseName: string): SearchClient {
  const create = () => new Worker(new URL('./search-worker.ts', import.meta.url), { type: 'module', name: 'search' }) as unknown as WorkerPort;
  return createSearchClient(deferredPort(create, (start) => void whenQuiet(start, SEARCH_START)), databaseName);
}

const SEARCH: InjectionKey<SearchClient> = Symbol('outpost-search');

export function provideSearch(app: App, client: SearchClient): void {
  app.provide(SEARCH, client);
}

/** The workspace's search, or null where none runs (first run, component tests). */
export function useSearch(): SearchClient | null {
  return inject(SEARCH, null);
}
