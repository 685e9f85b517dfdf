import type { IndexKey, OutpostDb } from '../../src-shared/store/index.js';
import { storedFirstWindow } from './list-caches.js';
import { inProcessEngine, type EngineQuery, type ListEngine, type WalkAnswer, type WindowAnswer } from './list-engine.js';
import type { EngineReply, EngineRequest } from './list-worker.js';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/** The one list worker of the window, started on first use; null where workers cannot run. */
let worker: Worker | null | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;

function startWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = typeof Worker === 'undefined' ? null : new Worker(new URL('./list-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    worker = null;
  }
  worker?.addEventListener('message', (event: MessageEvent<EngineReply>) => {
    const reply = event.data;
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.ok) waiting?.resolve(reply.value);
    else waiting?.reject(new Error(reply.message));
  });
  // A worker that cannot start (a policy, a broken build) leaves the engine to this thread.
  worker?.addEventListener('error', () => {
    worker = null;
    for (const waiting of pending.values()) waiting.reject(new Error('the list worker stopped'));
    pending.clear();
  });
  return worker;
}

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

/** One request to the list worker and its answer. */
export type AskWorker = <T>(request: WithoutId<EngineRequest>) => Promise<T>;

function ask<T>(target: Worker, request: WithoutId<EngineRequest>): Promise<T> {
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    target.postMessage({ ...request, id } as EngineRequest);
  });
}

const local = new WeakMap<OutpostDb, ListEngine>();
/** Lists the worker has answered a window of: it holds their columns, so their stored first rows are not read here again. */
const answered = new WeakMap<OutpostDb, Set<string>>();
/**
 * The revision of each list the window last asked a window or a count at (the one its
 * table follows). A query chosen on that list is prepared at it: the worker skips its
 * catch-up (a read of what changed, which waits behind the reads ahead; ~16 ms of a
 * first filter at a million rows in the bench's traces) when its columns are at it, and
 * the window asked next, at the revision the table follows then, catches up if the list
 * moved meanwhile.
 */
const followed = new WeakMap<OutpostDb, Map<string, number>>();

/** Notes the revision a request for a list was asked at. */
function follow(db: OutpostDb, scope: string, seen: number | undefined): void {
  if (seen === undefined) return;
  const lists = followed.get(db) ?? new Map<string, number>();
  followed.set(db, lists);
  lists.set(scope, seen);
}

function localEngine(db: OutpostDb): ListEngine {
  let engine = local.get(db);
  if (!engine) local.set(db, (engine = inProcessEngine(db)));
  return engine;
}

/**
 * The list engine over the list worker (`connect` starts it, or answers null where none
 * runs), with `inProcess` where it does not answer. Every request is posted in the
 * call that makes it: the row window asks for its rows in the change that needs them,
 * and a request posted after an await went out only once the window had re-rendered
 * that change (~40 ms of a first filter at a million rows, the worker idle meanwhile).
 */
export function workerEngine(db: OutpostDb, connect: () => AskWorker | null, inProcess: ListEngine): ListEngine {
  const engine: ListEngine = {
    async window(query: EngineQuery, offset: number, limit: number | null, seen?: number) {
      follow(db, query.scope, seen);
      const asked = connect()?.<WindowAnswer>({ db: db.name, op: 'window', query, offset, limit, seen }) ?? null;
      const served = answered.get(db) ?? new Set<string>();
      answered.set(db, served);
      // Once the worker has answered for the list, a sort or a cleared filter asks it alone.
      asked?.then(() => served.add(query.scope), () => undefined);
      // A list opened again and unchanged: its stored first rows, read here (one small
      // record), answer at once while the worker reads the list for what comes next
      // (its first scroll, filter or sort), answering this same request from there.
      if (!served.has(query.scope)) {
        const stored = await storedFirstWindow(db, query, offset, limit).catch(() => null);
        if (stored) return stored;
      }
      if (!asked) return inProcess.window(query, offset, limit, seen);
      return asked.catch(() => inProcess.window(query, offset, limit, seen));
    },
    async walk(query, request) {
      const worker = request.chunk === Number.POSITIVE_INFINITY ? connect() : null;
      if (!worker) return inProcess.walk(query, request);
      follow(db, query.scope, request.seen);
      const answer = await worker<WalkAnswer>({ db: db.name, op: 'walk', query, seen: request.seen }).catch(() => inProcess.walk(query, request));
      if (!request.signal?.aborted) request.onProgress?.(answer);
      return answer;
    },
    async counts(endpoint, scope, field, residual = []) {
      // Off this thread: counting a million-row list means building or reading its columns.
      const worker = connect();
      if (!worker) return inProcess.counts(endpoint, scope, field, residual);
      return worker<[IndexKey, number][]>({ db: db.name, op: 'counts', endpoint, scope, field, residual }).catch(() => inProcess.counts(endpoint, scope, field, residual));
    },
    async warm() {
      // The worker's start (its script, its database) overlaps the window's own instead of waiting for the first list.
      await connect()?.<undefined>({ db: db.name, op: 'warm' }).catch(() => undefined);
    },
    async prepare(query, seen) {
      // Only the worker keeps a list read between requests (the in-process engine reads it when asked).
      // Asked again (the window's start asks twice), the worker shares the read it started.
      await connect()?.<undefined>({ db: db.name, op: 'prepare', query, seen: seen ?? followed.get(db)?.get(query.scope) });
    },
    async remember(endpoint, scope) {
      // Only the worker stores lists; this thread has screens to draw.
      await connect()?.<undefined>({ db: db.name, op: 'remember', endpoint, scope }).catch(() => undefined);
    },
  };
  return engine;
}

/** The list worker of the window as {@link AskWorker}, started on first use; null where workers cannot run. */
function connectWorker(): AskWorker | null {
  const target = startWorker();
  return target ? (request) => ask(target, request) : null;
}

/**
 * The list engine for a database: in the list worker in the app, on this thread in
 * unit tests or where no worker starts (then also for a request the worker failed).
 */
export function listEngineFor(db: OutpostDb): ListEngine {
  const inProcess = localEngine(db);
  if (import.meta.env.MODE === 'test') return inProcess;
  return workerEngine(db, connectWorker, inProcess);
}
