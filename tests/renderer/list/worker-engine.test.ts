import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { endpoints, indexedFields } from '../../../src-shared/api/index.js';
import { createDexieMirrorStore, openDatabase, scopeKey, type OutpostDb } from '../../../src-shared/store/index.js';
import { inProcessEngine, type EngineQuery, type WindowAnswer } from '../../../src-renderer/list/list-engine.js';
import { workerEngine, type AskWorker } from '../../../src-renderer/list/worker-engine.js';
import { scopeState } from '../helpers/renderer-context.js';
import { userGroup } from '../helpers/rows.js';
import { zonedFields } from '../../../src-renderer/list/chunk-zones.js';

const scope = scopeKey('E20', {});
const endpoint = endpoints.E20;
const open = (indexedDB: IDBFactory) => openDatabase({ indexedDB, IDBKeyRange });
const STORED_PARTS = 4 + indexedFields(endpoint).length + zonedFields(endpoint, indexedFields(endpoint)).length;

/** The list's default order, which its stored first rows hold. */
const defaultQuery: EngineQuery = { endpoint: 'E20', scope, field: endpoint.defaultSort?.replace(/^-/, '') ?? null, descending: endpoint.defaultSort?.startsWith('-') ?? false, residual: [] };
const filtered: EngineQuery = { ...defaultQuery, residual: [{ field: 'name', op: 'gte', key: 'A 3' }] };

/** A list of twenty rows stored (columns and first rows) by an engine, opened again in a new connection. */
async function storedList(): Promise<OutpostDb> {
  const indexedDB = new IDBFactory();
  const db = open(indexedDB);
  const rows = Array.from({ length: 20 }, (_, i) => userGroup(i, { name: `A ${i % 7}` }));
  await createDexieMirrorStore(db).applyPage({ endpoint: 'E20', scope, pass: 'p1', rows, quarantined: [], state: scopeState('E20', {}, rows.length) });
  await inProcessEngine(db, { store: true, storeDelayMs: 0 }).window(defaultQuery, 0, 10);
  await vi.waitFor(async () => expect(await db.listCaches.count()).toBe(STORED_PARTS));
  db.close();
  return open(indexedDB);
}

/** A worker that records what it is asked and answers when told to. */
function fakeWorker() {
  const asked: Parameters<AskWorker>[0][] = [];
  const answers: { resolve: (value: unknown) => void; reject: (error: Error) => void }[] = [];
  const ask: AskWorker = <T,>(request: Parameters<AskWorker>[0]) =>
    new Promise<T>((resolve, reject) => {
      asked.push(request);
      answers.push({ resolve: resolve as (value: unknown) => void, reject });
    });
  return { asked, answers, ask };
}

describe('the list engine over the worker', () => {
  it('posts a window to the worker in the call that asks for it, not after a read on this thread', async () => {
    const db = await storedList();
    const worker = fakeWorker();
    const engine = workerEngine(db, () => worker.ask, inProcessEngine(db));
    // A filter of a list opened again (the worker has answered nothing for it yet), and the first sort.
    const answer = engine.window(filtered, 0, 50);
    engine.window({ ...defaultQuery, field: 'name', descending: true }, 0, 50).catch(() => undefined);
    // Nothing awaited yet: a request sent after a read here went out only once the window had re-rendered.
    expect(worker.asked.map((r) => r.op === 'window' && r.query.residual.length)).toEqual([1, 0]);
    const fromWorker: WindowAnswer = { total: 3, entries: [], seq: 1 };
    worker.answers[0]!.resolve(fromWorker);
    expect(await answer).toBe(fromWorker);
  });

  it("answers a list opened again from its stored first rows without waiting for the worker, which reads the list meanwhile", async () => {
    const db = await storedList();
    const worker = fakeWorker();
    const expected = await inProcessEngine(db).window(defaultQuery, 0, 10);
    const engine = workerEngine(db, () => worker.ask, inProcessEngine(db));
    // The worker never answers in this test: the stored rows do.
    expect(await engine.window(defaultQuery, 0, 10)).toEqual(expected);
    expect(worker.asked).toEqual([{ db: db.name, op: 'window', query: defaultQuery, offset: 0, limit: 10, seen: undefined }]);
  });

  it("prepares a query at the revision the window last asked for that list at, and at none for a list it has not asked", async () => {
    const db = await storedList();
    const worker = fakeWorker();
    const engine = workerEngine(db, () => worker.ask, inProcessEngine(db));
    const other: EngineQuery = { ...defaultQuery, scope: `${scope}other` };
    void engine.window(defaultQuery, 0, 10, 7).catch(() => undefined);
    void engine.prepare(other).catch(() => undefined);
    void engine.prepare(filtered).catch(() => undefined);
    void engine.window(defaultQuery, 0, 10, 9).catch(() => undefined);
    void engine.prepare(filtered).catch(() => undefined);
    void engine.prepare(filtered, 4).catch(() => undefined);
    expect(worker.asked.filter((r) => r.op === 'prepare').map((r) => r.op === 'prepare' && r.seen)).toEqual([undefined, 7, 9, 4]);
  });

  it('reads the stored first rows no more once the worker has answered for the list', async () => {
    const db = await storedList();
    const worker = fakeWorker();
    const engine = workerEngine(db, () => worker.ask, inProcessEngine(db));
    const first = engine.window(filtered, 0, 10);
    worker.answers[0]!.resolve({ total: 0, entries: [], seq: 1 });
    await first;
    const get = vi.spyOn(db.listCaches, 'get');
    const next = engine.window(defaultQuery, 0, 10);
    worker.answers[1]!.resolve({ total: 20, entries: [], seq: 1 });
    expect((await next).total).toBe(20);
    expect(get).not.toHaveBeenCalled();
  });

  it('answers on this thread when the worker fails, and does no such work when the stored rows answered', async () => {
    const db = await storedList();
    const worker = fakeWorker();
    const inProcess = inProcessEngine(db);
    const here = vi.spyOn(inProcess, 'window');
    const engine = workerEngine(db, () => worker.ask, inProcess);

    const stored = await engine.window(defaultQuery, 0, 10);
    worker.answers[0]!.reject(new Error('the list worker stopped'));
    await new Promise((r) => setTimeout(r, 0));
    expect(stored.total).toBe(20);
    expect(here).not.toHaveBeenCalled();

    const answer = engine.window(filtered, 0, 10);
    worker.answers[1]!.reject(new Error('the list worker stopped'));
    expect((await answer).total).toBe(11);
    expect(here).toHaveBeenCalledTimes(1);
  });

  it('runs on this thread where no worker starts', async () => {
    const db = await storedList();
    const inProcess = inProcessEngine(db);
    const here = vi.spyOn(inProcess, 'window');
    const engine = workerEngine(db, () => null, inProcess);
    expect((await engine.window(filtered, 0, 10)).total).toBe(11);
    expect(here).toHaveBeenCalledTimes(1);
  });
});
