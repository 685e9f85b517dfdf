import { serialize } from 'node:v8';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { endpoints, indexedFields } from '../../../src-shared/api/index.js';
import { createDexieMirrorStore, openDatabase, scopeId, scopeKey, type OutpostDb } from '../../../src-shared/store/index.js';
import { matchingSlots } from '../../../src-renderer/list/column-query.js';
import { loadColumns, storeListCaches, type FirstWindow } from '../../../src-renderer/list/list-caches.js';
import { columnsOf } from '../../../src-renderer/list/columns-registry.js';
import { cutIntoPieces, isPieceName, piecedRecords, PIECES_IN_FLIGHT } from '../../../src-renderer/list/stored-pieces.js';
import type { ScopeColumns } from '../../../src-renderer/list/scope-columns.js';
import { scopeState } from '../helpers/renderer-context.js';
import { userGroup } from '../helpers/rows.js';

const scope = scopeKey('E20', {});
const id = scopeId(scope);
const endpoint = endpoints.E20;
const open = (indexedDB: IDBFactory) => openDatabase({ indexedDB, IDBKeyRange });
const first: FirstWindow = { endpoint: 'E20', field: null, descending: false, total: 0, entries: [], ties: 'slot' };

async function list(indexedDB: IDBFactory, rows = 300): Promise<{ db: OutpostDb; built: ScopeColumns }> {
  const db = open(indexedDB);
  const page = Array.from({ length: rows }, (_, i) => userGroup(i, { name: `Group ${i}`, lastModifiedDateTime: `2025-03-01T00:00:${String(i % 60).padStart(2, '0')}.${i}Z` }));
  await createDexieMirrorStore(db).applyPage({ endpoint: 'E20', scope, pass: 'p1', rows: page, quarantined: [], state: scopeState('E20', {}, page.length) });
  return { db, built: await columnsOf(db, endpoint, scope) };
}

/** Every order of every field, as keys. */
function orders(columns: ScopeColumns): string[][] {
  return [null, ...columns.fields].flatMap((field) => [false, true].map((descending) => [...matchingSlots(columns, field, descending, [])].map((s) => columns.keys[s]!)));
}

const pieceParts = async (db: OutpostDb) => (await db.listCaches.toArray()).filter((r) => isPieceName(r.part));

describe('stored parts in pieces', () => {
  it('take every typed array over the piece size out of a part, as copies of at most that size, and leave the rest', () => {
    const codes = Uint32Array.from({ length: 1000 }, (_, i) => i * 7);
    // A view into a bigger buffer: its pieces are its own bytes, not the buffer's.
    const nums = new Float64Array(new ArrayBuffer(8 * 400), 8 * 100, 200).fill(1.5);
    const small = new Uint8Array(10);
    const { head, pieces } = cutIntoPieces({ strs: ['a', 'b'], codes: { packed: 'ints', bytes: codes }, nums, small }, 1024);
    expect(pieces).toHaveLength(4 + 2);
    for (const piece of pieces) expect(piece.buffer.byteLength).toBeLessThanOrEqual(1024);
    expect(head).toEqual({
      strs: ['a', 'b'],
      codes: { packed: 'ints', bytes: { pieced: 'Uint32Array', byteLength: 4000, first: 0, count: 4 } },
      nums: { pieced: 'Float64Array', byteLength: 1600, first: 4, count: 2 },
      small,
    });
  });

  it("stay under the size past which Chromium keeps a record as a file beside LevelDB, as V8 writes them", () => {
    // Blink wraps a value whose serialized bytes pass 64 KB into a blob (IDBValueWrapper::kWrapThreshold).
    const codes = Uint32Array.from({ length: 300_000 }, (_, i) => (i * 2_654_435_761) >>> 0);
    const records = piecedRecords(id, 'field:name', 7, { strs: [], nums: new Float64Array(0), codes: { packed: 'ints', bytes: codes } });
    const pieces = records.filter((r) => isPieceName(r.part));
    expect(pieces.length).toBeGreaterThan(10);
    for (const record of pieces) expect(serialize(record).byteLength).toBeLessThan(64 * 1024);
  });

  it('come back as the columns they were cut from; an older copy in more pieces leaves none behind', async () => {
    const indexedDB = new IDBFactory();
    const { db, built } = await list(indexedDB);
    await storeListCaches(db, built, first, 64);
    const pieces = await pieceParts(db);
    expect(pieces.length).toBeGreaterThan(indexedFields(endpoint).length);
    for (const piece of pieces) expect((piece.value as Uint8Array).byteLength).toBeLessThanOrEqual(64);

    const again = open(indexedDB);
    const restored = await columnsOf(again, endpoint, scope, loadColumns);
    expect(restored.storedSeq).toBe(built.seq);
    await restored.ensure(again, { fields: restored.fields, keys: true });
    expect(orders(restored)).toEqual(orders(built));

    // Built again from the chunks (as a list whose stored part was lost is) and stored with the default size: one record a part, the pieces gone.
    const rebuilt = await columnsOf(open(indexedDB), endpoint, scope);
    await storeListCaches(db, rebuilt, first);
    expect(await pieceParts(db)).toEqual([]);
    const third = open(indexedDB);
    const whole = await columnsOf(third, endpoint, scope, loadColumns);
    await whole.ensure(third, { fields: whole.fields, keys: true });
    expect(orders(whole)).toEqual(orders(built));
    db.close();
  });

  it('are read a few at a time and placed with a pause between when a field is read ahead, and together when a request needs it', async () => {
    const indexedDB = new IDBFactory();
    const { db, built } = await list(indexedDB);
    await storeListCaches(db, built, first, 64);
    const count = (await pieceParts(db)).filter((r) => r.part.startsWith('field:lastModifiedDateTime#')).length;
    expect(count).toBeGreaterThan(PIECES_IN_FLIGHT + 2);

    const again = open(indexedDB);
    const stored = (await loadColumns(again, id))!;
    const gets = vi.spyOn(again.listCaches, 'get');
    const bulkGets = vi.spyOn(again.listCaches, 'bulkGet');
    const pieceGets = () => gets.mock.calls.filter(([key]) => (key as [number, string])[1].includes('#')).length;
    // How many pieces were asked for when each was placed: the next ones are already on their way.
    const asked: number[] = [];
    const pause = vi.fn(() => {
      asked.push(pieceGets());
      return Promise.resolve();
    });
    const gently = await stored.field('lastModifiedDateTime', { pause, hurried: () => false });
    expect(pieceGets()).toBe(count);
    expect(asked[0]).toBe(Math.min(count, PIECES_IN_FLIGHT + 1));
    expect(Math.max(...asked.map((n, i) => n - (i + 1)))).toBeLessThanOrEqual(PIECES_IN_FLIGHT);
    expect(bulkGets).not.toHaveBeenCalled();
    expect(pause.mock.calls.length).toBeGreaterThanOrEqual(count - 1);

    gets.mockClear();
    const atOnce = await stored.field('lastModifiedDateTime');
    expect(bulkGets).toHaveBeenCalledTimes(1);
    expect(gets.mock.calls.filter(([key]) => (key as [number, string])[1].includes('#'))).toHaveLength(0);
    expect(atOnce).toEqual(gently);
    expect([...atOnce!.codes]).toEqual([...built.snapshot().fields['lastModifiedDateTime']!.codes]);

    // A request comes to wait for it at its first pause: every other piece is asked for at once.
    gets.mockClear();
    let hurried = false;
    const seen: number[] = [];
    const hurriedRead = await stored.field('lastModifiedDateTime', {
      pause: () => {
        seen.push(pieceGets());
        hurried = true;
        return Promise.resolve();
      },
      hurried: () => hurried,
    });
    expect(seen.slice(0, 2)).toEqual([PIECES_IN_FLIGHT + 1, count]);
    expect(hurriedRead).toEqual(gently);
    db.close();
  });

  it('of a field read ahead wait while a request reads another part, and are read on once it is in', async () => {
    const indexedDB = new IDBFactory();
    const { db, built } = await list(indexedDB);
    await storeListCaches(db, built, first, 64);
    const again = open(indexedDB);
    const restored = await columnsOf(again, endpoint, scope, loadColumns);
    const table = again.listCaches;
    const get = table.get.bind(table);
    const bulkGet = table.bulkGet.bind(table);
    // Every piece read ahead, and the request's pieces, are held until released.
    const held: (() => void)[] = [];
    let asked = 0;
    vi.spyOn(table, 'get').mockImplementation(((key: [number, string]) => {
      if (!key[1].includes('#')) return get(key);
      asked += 1;
      return new Promise((resolve) => held.push(() => resolve(get(key))));
    }) as typeof table.get);
    let releaseRequest: (() => void) | null = null;
    vi.spyOn(table, 'bulkGet').mockImplementation(((keys: [number, string][]) =>
      new Promise((resolve) => (releaseRequest = () => resolve(bulkGet(keys))))) as typeof table.bulkGet);
    const releaseHeld = () => held.splice(0).forEach((release) => release());

    let aheadDone = false;
    const ahead = restored.ensure(again, { fields: ['lastModifiedDateTime'], gently: true }).then(() => (aheadDone = true));
    await vi.waitFor(() => expect(held.length).toBeGreaterThan(1));
    const request = restored.ensure(again, { fields: ['name'] });
    await vi.waitFor(() => expect(releaseRequest).not.toBeNull());
    // The pieces already asked for arrive; however long the request's read takes, no more are asked for.
    // (the first is placed before any pause, and asks for the one after the eight in flight).
    releaseHeld();
    await new Promise((r) => setTimeout(r, 10));
    releaseHeld();
    const before = asked;
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toBe(before);
    expect(aheadDone).toBe(false);
    releaseRequest!();
    await request;
    while (!aheadDone) {
      releaseHeld();
      await new Promise((r) => setTimeout(r, 0));
    }
    await ahead;
    expect(asked).toBeGreaterThan(before);
    expect([...matchingSlots(restored, 'lastModifiedDateTime', false, [])]).toEqual([...matchingSlots(built, 'lastModifiedDateTime', false, [])]);
    db.close();
  });

  it('make a part unreadable when one is gone or answers another revision: the list is built from its chunks', async () => {
    const indexedDB = new IDBFactory();
    const { db, built } = await list(indexedDB);
    await storeListCaches(db, built, first, 64);
    const [gone, older] = (await pieceParts(db)).filter((r) => r.part.startsWith('field:name#') || r.part.startsWith('keys#'));
    await db.listCaches.delete([id, gone!.part]);
    await db.listCaches.put({ ...older!, seq: older!.seq - 1 });
    const stored = (await loadColumns(open(indexedDB), id))!;
    const read = gone!.part.startsWith('keys#') ? () => stored.keys() : () => stored.field('name');
    expect(await read()).toBeNull();

    const again = open(indexedDB);
    const restored = await columnsOf(again, endpoint, scope, loadColumns);
    await restored.ensure(again, { fields: restored.fields, keys: true });
    expect(orders(restored)).toEqual(orders(built));
    db.close();
  });
});

describe('storing a list', () => {
  it('writes its parts in a transaction of their own, so the writes of every list go on meanwhile', async () => {
    const { db, built } = await list(new IDBFactory());
    const transaction = vi.spyOn(db, 'transaction');
    await storeListCaches(db, built, first, 64);
    const writers = transaction.mock.calls.filter((call) => call[0] === 'rw').map((call) => [call[1]].flat().map((t) => (typeof t === 'string' ? t : (t as { name: string }).name)));
    expect(writers).toEqual([['listCaches']]);
    expect(built.storedSeq).toBe(built.seq);
    expect((await db.listCaches.toArray()).length).toBeGreaterThan(0);
    db.close();
  });

  it('keeps nothing of a copy when the list was removed between its look at the revision and its write', async () => {
    const { db, built } = await list(new IDBFactory());
    // The removal lands just before the parts' transaction starts.
    const original = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>;
    vi.spyOn(db, 'transaction').mockImplementation(((...args: unknown[]) => {
      if (args[0] !== 'rw' || [args[1]].flat().length !== 1) return original(...args);
      return createDexieMirrorStore(db)
        .removeScopes([scope])
        .then(() => original(...args));
    }) as never);
    built.storedSeq = null;
    await storeListCaches(db, built, first, 64);
    expect(await db.listCaches.toArray()).toEqual([]);
    expect(built.storedSeq).toBeNull();
    db.close();
  });
});
