import Dexie from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { endpoints, indexedFields } from '../../../src-shared/api/index.js';
import { createDexieMirrorStore, openDatabase, scopeId, scopeKey, type OutpostDb } from '../../../src-shared/store/index.js';
import { matchingSlots } from '../../../src-renderer/list/column-query.js';
import { firstWindowFit, loadColumns, loadFirstWindow, prefetchFirstWindow, storedFirstWindow, storedInMemory, type FirstWindow } from '../../../src-renderer/list/list-caches.js';
import { inProcessEngine, type EngineQuery } from '../../../src-renderer/list/list-engine.js';
import { columnsOf, keptColumns } from '../../../src-renderer/list/columns-registry.js';
import { ScopeColumns } from '../../../src-renderer/list/scope-columns.js';
import { zonedFields } from '../../../src-renderer/list/chunk-zones.js';
import { packInts } from '../../../src-renderer/list/packed-ints.js';
import { scopeState } from '../helpers/renderer-context.js';
import { userGroup } from '../helpers/rows.js';

const scope = scopeKey('E20', {});
const endpoint = endpoints.E20;
const open = (indexedDB: IDBFactory) => openDatabase({ indexedDB, IDBKeyRange });
/** Records a stored list takes: its columns' base, keys, write times and fields, its numeric fields' chunk zones, and its first rows. */
const STORED_PARTS = 4 + indexedFields(endpoint).length + zonedFields(endpoint, indexedFields(endpoint)).length;

/** Every order and a few filters of a list, as keys. */
function answers(columns: ScopeColumns): string[][] {
  const out: string[][] = [];
  for (const field of [null, 'name', 'lastModifiedDateTime', 'creationDateTime']) {
    for (const descending of [false, true]) out.push([...matchingSlots(columns, field, descending, [])].map((s) => columns.keys[s]!));
  }
  out.push([...matchingSlots(columns, 'name', false, [{ field: 'name', op: 'gte', key: 'Group 010' }])].map((s) => columns.keys[s]!));
  out.push([...matchingSlots(columns, null, true, [{ field: 'description', op: 'eq', key: 'odd' }])].map((s) => columns.keys[s]!));
  return out;
}

/** Every live row's value of every field, by key. */
function valuesByKey(columns: ScopeColumns): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (let slot = 0; slot < columns.count; slot++) {
    if (columns.alive(slot)) out[columns.keys[slot]!] = columns.fields.map((field) => columns.valueAt(field, slot));
  }
  return out;
}

/**
 * Reads the stored list back in another window, every part: it must be the stored copy
 * at revision `seq` (put together from its parts, not built again from the chunks
 * because a part answered another revision), with the values of a list built from the chunks.
 */
async function expectStoredCopy(indexedDB: IDBFactory, seq: number) {
  const other = open(indexedDB);
  const restored = await columnsOf(other, endpoint, scope, loadColumns);
  await restored.ensure(other, { fields: restored.fields, keys: true });
  expect(restored.storedSeq).toBe(seq);
  const fresh = await columnsOf(open(indexedDB), endpoint, scope);
  expect(restored.size).toBe(fresh.size);
  expect(valuesByKey(restored)).toEqual(valuesByKey(fresh));
  other.close();
}

async function page(db: OutpostDb, pass: string, ids: number[], name: string) {
  const rows = ids.map((i) => userGroup(i, { name: `${name} ${i % 7}`, lastModifiedDateTime: i % 3 ? null : `2025-03-0${(i % 9) + 1}T00:00:00Z` }));
  await createDexieMirrorStore(db).applyPage({ endpoint: 'E20', scope, pass, rows, quarantined: [], state: scopeState('E20', {}, rows.length) });
}

describe('stored list columns', () => {
  it('come back as they were stored and catch up with new chunks, single rows and sweeps like columns built from nothing', async () => {
    const fields = indexedFields(endpoint);
    const change = fc.oneof(
      fc.record({ kind: fc.constant('page' as const), ids: fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 15 }), pass: fc.constantFrom('p1', 'p2'), name: fc.constantFrom('A', 'B') }),
      fc.record({ kind: fc.constant('row' as const), id: fc.integer({ min: 0, max: 40 }), name: fc.constantFrom('Edited', 'A 1') }),
      fc.record({ kind: fc.constant('sweep' as const), pass: fc.constantFrom('p1', 'p2') }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 20 }),
        fc.array(change, { maxLength: 4 }),
        fc.subarray([...fields]),
        fc.array(change, { maxLength: 3 }),
        async (firstIds, changes, readBetween, later) => {
        const indexedDB = new IDBFactory();
        const db = open(indexedDB);
        await page(db, 'p1', firstIds, 'A');
        const engine = inProcessEngine(db, { store: true, storeDelayMs: 0 });
        await engine.window({ endpoint: 'E20', scope, field: null, descending: false, residual: [] }, 0, 10);
        await vi.waitFor(async () => expect(await db.listCaches.count()).toBe(STORED_PARTS));
        // Columns built from the chunks and caught up at the same moments as the restored
        // ones: a row first seen in a later catch-up takes a later slot, so both order
        // ties alike (a build from nothing after every change orders by the latest writes).
        const followerDb = open(indexedDB);
        const follower = await columnsOf(followerDb, endpoint, scope);
        const store = createDexieMirrorStore(db);
        let swept = false;
        const apply = async (batch: typeof changes) => {
          for (const c of batch) {
            if (c.kind === 'page') await page(db, c.pass, c.ids, c.name);
            else if (c.kind === 'row') await store.putRow({ endpoint: 'E20', scope, row: userGroup(c.id, { name: c.name }) });
            else {
              await store.finishPass({ endpoint: 'E20', scope, pass: c.pass, sweep: true, state: scopeState('E20', {}, 0) });
              swept = true;
            }
          }
        };
        await apply(changes);
        // A sweep (rows removed) makes the stored copy useless: it is not read.
        const stored = await loadColumns(open(indexedDB), scopeId(scope));
        expect(stored === null).toBe(swept && (await db.revisions.get(scopeId(scope)))!.resetAt > (stored?.base.seq ?? 0));
        const again = open(indexedDB);
        const restored = await columnsOf(again, endpoint, scope, loadColumns);
        await follower.sync(followerDb);
        // Some fields read between changes, the others only at the end: each gets every write it missed.
        await restored.ensure(again, { fields: readBetween });
        await apply(later);
        expect(await columnsOf(again, endpoint, scope, loadColumns)).toBe(restored);
        await follower.sync(followerDb);
        await restored.ensure(again, { fields: restored.fields, keys: true });
        expect(restored.size).toBe(follower.size);
        expect(answers(restored)).toEqual(answers(follower));
        const fresh = await columnsOf(open(indexedDB), endpoint, scope);
        expect(valuesByKey(restored)).toEqual(valuesByKey(fresh));
        if (later.length === 0) expect(answers(restored)).toEqual(answers(fresh));
        db.close();
      },
      ),
      { numRuns: 25 },
    );
  });

  it('are stored packed, the places as runs, and parts stored before packing or before runs are still read', async () => {
    const indexedDB = new IDBFactory();
    const db = open(indexedDB);
    await page(db, 'p1', Array.from({ length: 40 }, (_, i) => (i * 17) % 40), 'A');
    await page(db, 'p1', [3, 5, 8], 'B');
    const built = await columnsOf(db, endpoint, scope);
    const fresh = answers(built);
    const { base, keys, fields } = built.snapshot();
    await inProcessEngine(db, { store: true, storeDelayMs: 0 }).remember('E20', scope);
    await vi.waitFor(async () => expect(await db.listCaches.count()).toBe(STORED_PARTS));
    const id = scopeId(scope);
    const stored = await db.listCaches.get([id, 'columns']);
    // Places of two chunks: seven runs (slots 3, 5 and 8 in the second chunk), a byte for each start and two for each first place.
    expect((stored!.value as { place: object }).place).toMatchObject({ packed: 'runs', length: 40, starts: { length: 7, width: 1 }, firsts: { length: 7, width: 2 } });

    const seq = stored!.seq;
    // Read by another window: the same answers and the same places as the columns built from the chunks.
    const readAgain = async () => {
      const again = open(indexedDB);
      const restored = await columnsOf(again, endpoint, scope, loadColumns);
      expect(restored.storedSeq).toBe(seq);
      await restored.ensure(again, { fields: restored.fields, keys: true });
      expect(answers(restored)).toEqual(fresh);
      expect([...restored.place]).toEqual([...base.place]);
      again.close();
    };
    await readAgain();
    // Parts stored before packing.
    await db.listCaches.bulkPut([
      { scope: id, part: 'columns', seq, value: { ...base, keyOrder: new Uint32Array(base.place.length) } },
      { scope: id, part: 'keys', seq, value: keys },
      ...Object.entries(fields).map(([field, value]) => ({ scope: id, part: `field:${field}`, seq, value })),
    ]);
    await readAgain();
    // A base stored with its places packed one by one (before runs) is read too.
    await db.listCaches.put({ scope: id, part: 'columns', seq, value: { ...base, place: packInts(base.place)! } });
    await readAgain();
    db.close();
  });

  it('held in memory in their stored form answer like the columns they were taken from', async () => {
    const db = open(new IDBFactory());
    await page(db, 'p1', Array.from({ length: 40 }, (_, i) => (i * 17) % 40), 'A');
    await page(db, 'p1', [3, 5, 8], 'B');
    const built = await columnsOf(db, endpoint, scope);
    const restored = ScopeColumns.restore(endpoint, scope, storedInMemory(built.snapshot()))!;
    const reads = vi.spyOn(db.listCaches, 'get');
    await restored.ensure(db, { fields: restored.fields, keys: true });
    expect(reads).not.toHaveBeenCalled();
    expect(answers(restored)).toEqual(answers(built));
    expect(valuesByKey(restored)).toEqual(valuesByKey(built));
    db.close();
  });

  it('are stored again when a pass ends and the list changed since, and left alone when it did not', async () => {
    const indexedDB = new IDBFactory();
    const db = open(indexedDB);
    const revision = async () => (await db.revisions.get(scopeId(scope)))!.seq;
    const storedAt = async (part: string) => (await db.listCaches.get([scopeId(scope), part]))?.seq;
    await page(db, 'p1', Array.from({ length: 30 }, (_, i) => i), 'A');
    await inProcessEngine(open(indexedDB), { store: true }).remember('E20', scope);
    await vi.waitFor(async () => expect([await storedAt('columns'), await storedAt('first')]).toEqual([await revision(), await revision()]));

    // A pass that changed nothing (a new window, nothing in memory): no list is read, so nothing is written.
    await db.listCaches.delete([scopeId(scope), 'columns']);
    await inProcessEngine(open(indexedDB), { store: true }).remember('E20', scope);
    await new Promise((r) => setTimeout(r, 100));
    expect(await storedAt('columns')).toBeUndefined();

    // A delta that changed a row: both are written again at the new revision.
    await page(db, 'd1', [3], 'Z');
    await inProcessEngine(open(indexedDB), { store: true }).remember('E20', scope);
    await vi.waitFor(async () => expect([await storedAt('columns'), await storedAt('first')]).toEqual([await revision(), await revision()]));
    db.close();
  });

  it('stored again after a change, write the parts it changed and leave the others as they are, which the base names at their own revision', async () => {
    const indexedDB = new IDBFactory();
    const db = open(indexedDB);
    const id = scopeId(scope);
    const revision = async () => (await db.revisions.get(id))!.seq;
    const storedAt = async () => Object.fromEntries((await db.listCaches.where('[scope+part]').between([id, Dexie.minKey], [id, Dexie.maxKey]).toArray()).map((r) => [r.part, r.seq]));
    /** Stores the list as a pass's end does (a new window each time: the columns come back from their stored copy and catch up). */
    const passEnds = async () => {
      await inProcessEngine(open(indexedDB), { store: true }).remember('E20', scope);
      const at = await revision();
      await vi.waitFor(async () => expect((await storedAt())['columns']).toBe(at));
      return at;
    };
    await page(db, 'p1', Array.from({ length: 30 }, (_, i) => i), 'A');
    const first = await passEnds();
    const zones = zonedFields(endpoint, indexedFields(endpoint)).map((field) => `zone:${field}`);
    const fieldParts = indexedFields(endpoint).map((field) => `field:${field}`);

    // Row 3 renamed, as a delta brings it: its name, where its copy lives and when it was written change; nothing else.
    await page(db, 'd1', [3], 'Z');
    const renamed = await passEnds();
    const parts = await storedAt();
    const changed = ['columns', 'first', 'written', 'field:name', ...zones];
    expect(Object.keys(parts).sort()).toEqual(['keys', ...changed, ...fieldParts.filter((part) => part !== 'field:name')].sort());
    for (const [part, seq] of Object.entries(parts)) expect([part, seq]).toEqual([part, changed.includes(part) ? renamed : first]);
    const base = (await db.listCaches.get([id, 'columns']))!.value as { parts: Record<string, number> };
    expect(base.parts).toEqual(Object.fromEntries(Object.entries(parts).filter(([part]) => part !== 'columns' && part !== 'first')));

    // A row written again unchanged (a new chunk): the fields stay, the places and write times do not.
    await page(db, 'd2', [4], 'A');
    const again = await passEnds();
    expect(await storedAt()).toMatchObject({ keys: first, written: again, 'field:name': renamed, 'field:description': first, columns: again });

    // A row added: every part holds a value a slot, all are written.
    await page(db, 'd3', [31], 'A');
    const added = await passEnds();
    expect(new Set(Object.values(await storedAt()))).toEqual(new Set([added]));

    await expectStoredCopy(indexedDB, added);
    db.close();
  });

  it('stored before parts named their revisions are caught up and stored again without their keys: the write times go to a part of their own', async () => {
    const indexedDB = new IDBFactory();
    const db = open(indexedDB);
    const id = scopeId(scope);
    await page(db, 'p1', Array.from({ length: 30 }, (_, i) => i), 'A');
    const built = await columnsOf(db, endpoint, scope);
    const { base, keys, fields } = built.snapshot();
    const seq = base.seq;
    // As an earlier version stored them: no revisions in the base, the write times among the keys.
    await db.listCaches.bulkPut([
      { scope: id, part: 'columns', seq, value: base },
      { scope: id, part: 'keys', seq, value: keys },
      ...Object.entries(fields).map(([field, value]) => ({ scope: id, part: `field:${field}`, seq, value })),
    ]);
    await page(db, 'd1', [3], 'Z');
    await inProcessEngine(open(indexedDB), { store: true }).remember('E20', scope);
    const revision = (await db.revisions.get(id))!.seq;
    await vi.waitFor(async () => expect((await db.listCaches.get([id, 'columns']))?.seq).toBe(revision));
    expect((await db.listCaches.get([id, 'keys']))!.seq).toBe(seq);
    expect((await db.listCaches.get([id, 'written']))!.seq).toBe(revision);

    await expectStoredCopy(indexedDB, revision);
    db.close();
  });

  it('stored again after every change hold what columns built from the chunks hold, each part at the revision the base names', async () => {
    const change = fc.oneof(
      fc.record({ kind: fc.constant('page' as const), ids: fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 8 }), pass: fc.constantFrom('p1', 'p2'), name: fc.constantFrom('A', 'B') }),
      fc.record({ kind: fc.constant('row' as const), id: fc.integer({ min: 0, max: 40 }), name: fc.constantFrom('Edited', 'A 1') }),
      fc.record({ kind: fc.constant('sweep' as const), pass: fc.constantFrom('p1', 'p2') }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 20 }), fc.array(fc.array(change, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 4 }), async (firstIds, rounds) => {
        const indexedDB = new IDBFactory();
        const db = open(indexedDB);
        const id = scopeId(scope);
        const store = createDexieMirrorStore(db);
        await page(db, 'p1', firstIds, 'A');
        for (const batch of [[], ...rounds]) {
          for (const c of batch) {
            if (c.kind === 'page') await page(db, c.pass, c.ids, c.name);
            else if (c.kind === 'row') await store.putRow({ endpoint: 'E20', scope, row: userGroup(c.id, { name: c.name }) });
            else await store.finishPass({ endpoint: 'E20', scope, pass: c.pass, sweep: true, state: scopeState('E20', {}, 0) });
          }
          const revision = (await db.revisions.get(id))!.seq;
          await inProcessEngine(open(indexedDB), { store: true }).remember('E20', scope);
          await vi.waitFor(async () => expect((await db.listCaches.get([id, 'columns']))?.seq).toBe(revision));
          await expectStoredCopy(indexedDB, revision);
        }
        db.close();
      }),
      { numRuns: 25 },
    );
  });

  it('answer the first rows of a list opened again before its columns are read: only at their revision, never after rows were added, changed or removed', async () => {
    const indexedDB = new IDBFactory();
    const db = open(indexedDB);
    await page(db, 'p1', Array.from({ length: 150 }, (_, i) => i), 'A');
    await inProcessEngine(db, { store: true, storeDelayMs: 0 }).window({ endpoint: 'E20', scope, field: 'name', descending: false, residual: [] }, 0, 10);
    await vi.waitFor(async () => expect(await db.listCaches.count()).toBe(STORED_PARTS));
    const query: EngineQuery = { endpoint: 'E20', scope, field: endpoint.defaultSort?.replace(/^-/, '') ?? null, descending: endpoint.defaultSort?.startsWith('-') ?? false, residual: [] };
    const expected = await inProcessEngine(open(indexedDB)).window(query, 0, 100);

    const again = open(indexedDB);
    const answer = await inProcessEngine(again, { store: true }).window(query, 0, 100);
    expect(keptColumns(again, scope)).toBeUndefined();
    expect(answer).toEqual(expected);
    expect(answer.entries.every((e) => 'row' in e && typeof e.row === 'string')).toBe(true);
    expect(await storedFirstWindow(open(indexedDB), query, 0, 100)).toEqual(expected);

    // Rows stored before ties were in slot order (no `ties`) are in key order: not shown.
    const record = (await db.listCaches.get([scopeId(scope), 'first']))!;
    const { ties: _, ...keyOrdered } = record.value as FirstWindow;
    await db.listCaches.put({ ...record, value: keyOrdered });
    expect(await storedFirstWindow(open(indexedDB), query, 0, 100)).toBeNull();
    await db.listCaches.put(record);

    // A row changed since: the stored rows are not shown (they would stay on screen); the list answers as it is now, and is stored again.
    await page(db, 'p1', [1], 'Z');
    const storedBefore = (await db.listCaches.get([scopeId(scope), 'first']))!.seq;
    const later = open(indexedDB);
    const current = await inProcessEngine(open(indexedDB)).window(query, 0, 100);
    expect(current).not.toEqual(expected);
    expect(await inProcessEngine(later, { store: true, storeDelayMs: 0 }).window(query, 0, 100)).toEqual(current);
    await vi.waitFor(async () => expect((await db.listCaches.get([scopeId(scope), 'first']))!.seq).toBe((await db.revisions.get(scopeId(scope)))!.seq));
    expect((await db.listCaches.get([scopeId(scope), 'first']))!.seq).toBeGreaterThan(storedBefore);
    expect(await inProcessEngine(open(indexedDB), { store: true }).window(query, 0, 100)).toEqual(current);

    // Rows removed since (a sweep): the stored rows may name a row that is gone, so they are not shown.
    await page(db, 'p2', Array.from({ length: 20 }, (_, i) => i), 'B');
    await createDexieMirrorStore(db).finishPass({ endpoint: 'E20', scope, pass: 'p2', sweep: true, state: scopeState('E20', {}, 20) });
    expect(await loadFirstWindow(open(indexedDB), scope)).toBeNull();
    const swept = open(indexedDB);
    const afterSweep = await inProcessEngine(swept, { store: true }).window(query, 0, 100);
    expect(afterSweep.total).toBe(20);
    expect(keptColumns(swept, scope)).toBeDefined();
    db.close();
  });

  it('are read once for requests that overlap (a list\'s count and its first filter ask together)', async () => {
    const indexedDB = new IDBFactory();
    const db = open(indexedDB);
    await page(db, 'p1', Array.from({ length: 40 }, (_, i) => i), 'A');
    await inProcessEngine(db, { store: true }).remember('E20', scope);
    await vi.waitFor(async () => expect(await db.listCaches.count()).toBe(STORED_PARTS));

    const again = open(indexedDB);
    const load = vi.fn(loadColumns);
    const [a, b, c] = await Promise.all([columnsOf(again, endpoint, scope, load), columnsOf(again, endpoint, scope, load), columnsOf(again, endpoint, scope, load)]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(a.size).toBe(40);
    // Once set up, the list is kept: a later request reads nothing.
    await columnsOf(again, endpoint, scope, load);
    expect(load).toHaveBeenCalledTimes(1);
    db.close();
  });

  it('show stored rows only when no row was removed after they were stored, and as current only at the same revision', () => {
    fc.assert(
      fc.property(fc.nat(50), fc.nat(50), fc.nat(50), (stored, seq, resetAt) => {
        const fit = firstWindowFit(stored, { seq, resetAt: Math.min(resetAt, seq) });
        if (Math.min(resetAt, seq) > stored || stored > seq) expect(fit).toBeNull();
        else expect(fit).toBe(stored === seq ? 'current' : 'stale');
      }),
    );
    expect(firstWindowFit(7, { seq: 7, resetAt: 7 })).toBe('current');
    expect(firstWindowFit(7, { seq: 9, resetAt: 3 })).toBe('stale');
    expect(firstWindowFit(7, { seq: 9, resetAt: 8 })).toBeNull();
    expect(firstWindowFit(9, { seq: 7, resetAt: 0 })).toBeNull();
  });
});

describe('stored columns read in parts', () => {
  const filtered: EngineQuery = { endpoint: 'E20', scope, field: 'name', descending: true, residual: [{ field: 'description', op: 'eq', key: 'odd' }] };
  const stored = async (indexedDB: IDBFactory) => {
    const db = open(indexedDB);
    await page(db, 'p1', Array.from({ length: 150 }, (_, i) => i), 'A');
    await inProcessEngine(db, { store: true }).remember('E20', scope);
    await vi.waitFor(async () => expect(await db.listCaches.count()).toBe(STORED_PARTS));
    return db;
  };
  const fresh = (indexedDB: IDBFactory, query: EngineQuery, limit: number | null = 40) => inProcessEngine(open(indexedDB)).window(query, 0, limit);

  it('read only what a query needs, answer with the keys its rows name, and are not written again unchanged', async () => {
    const indexedDB = new IDBFactory();
    const db = await stored(indexedDB);
    const again = open(indexedDB);
    const reads = vi.spyOn(again.listCaches, 'get');
    const writes = vi.spyOn(again.listCaches, 'bulkPut');
    // Nothing read ahead while this test looks at what each request read.
    const engine = inProcessEngine(again, { store: true, storeDelayMs: 0, readAheadAfterMs: 3_600_000 });
    const answer = await engine.window(filtered, 0, 40);
    expect(answer.entries.length).toBeGreaterThan(10);
    expect(answer).toEqual(await fresh(indexedDB, filtered));
    const partsRead = () => new Set(reads.mock.calls.map(([key]) => (key as [number, string])[1]));
    expect(partsRead()).toEqual(new Set(['columns', 'field:name', 'field:description']));
    expect(keptColumns(again, scope)!.keyAt(0)).toBeUndefined();

    // Another field is read when a query first needs it; the keys when rows are not read (an export).
    await engine.counts('E20', scope, 'lastModifiedDateTime');
    expect(partsRead()).toContain('field:lastModifiedDateTime');
    const all = await engine.window(filtered, 0, null);
    expect(all).toEqual(await fresh(indexedDB, filtered, null));
    expect(partsRead()).toContain('keys');
    await new Promise((r) => setTimeout(r, 50));
    expect(writes).not.toHaveBeenCalled();

    // A change: merged, and the list is stored again (every part read for that).
    await page(db, 'p1', [3, 200], 'Z');
    const byName: EngineQuery = { ...filtered, residual: [] };
    expect(await engine.window(byName, 0, 40)).toEqual(await fresh(indexedDB, byName));
    await vi.waitFor(() => expect(writes).toHaveBeenCalled());
    db.close();
  });

  it('merge a change into the fields read so far and the keys; a field read later gets the writes it missed', async () => {
    const indexedDB = new IDBFactory();
    const db = await stored(indexedDB);
    const again = open(indexedDB);
    const reads = vi.spyOn(again.listCaches, 'get');
    const partsRead = () => reads.mock.calls.map(([key]) => (key as [number, string])[1]);
    // Neither stored again nor read ahead while the test looks at what was read.
    const engine = inProcessEngine(again, { store: true, storeDelayMs: 3_600_000, readAheadAfterMs: 3_600_000 });
    expect(await engine.window(filtered, 0, 40)).toEqual(await fresh(indexedDB, filtered));
    const before = partsRead().length;

    await page(db, 'p1', [3, 200], 'Z');
    const byName: EngineQuery = { ...filtered, residual: [] };
    expect(await engine.window(byName, 0, 40)).toEqual(await fresh(indexedDB, byName));
    // The keys, and the write of each slot's copy, a part of its own.
    expect(partsRead().slice(before)).toEqual(['keys', 'written']);

    // Row 200 is new and row 3 changed: a field read now has both.
    const created: EngineQuery = { endpoint: 'E20', scope, field: 'creationDateTime', descending: true, residual: [{ field: 'name', op: 'gte', key: 'Z' }] };
    const answer = await engine.window(created, 0, null);
    expect(answer).toEqual(await fresh(indexedDB, created, null));
    expect(answer.total).toBe(2);
    expect(partsRead().slice(before)).toEqual(['keys', 'written', 'field:creationDateTime']);
    db.close();
  });

  /** A stored list opened again by an engine that reads ahead after `readAheadAfterMs`; the parts it read so far. */
  const restored = async (readAheadAfterMs: number) => {
    const indexedDB = new IDBFactory();
    const db = await stored(indexedDB);
    const again = open(indexedDB);
    const reads = vi.spyOn(again.listCaches, 'get');
    const engine = inProcessEngine(again, { store: true, readAheadAfterMs });
    const partsRead = () => new Set(reads.mock.calls.map(([key]) => (key as [number, string])[1]));
    return { indexedDB, db, again, engine, partsRead };
  };

  it('are read ahead soon after the list is shown: every field, not the keys', async () => {
    const { indexedDB, db, again, engine, partsRead } = await restored(0);
    await engine.window(filtered, 0, 40);
    await vi.waitFor(() => expect(partsRead()).toEqual(new Set(['columns', ...indexedFields(endpoint).map((f) => `field:${f}`)])));
    const columns = keptColumns(again, scope)!;
    expect(indexedFields(endpoint).every((f) => columns.columns.has(f))).toBe(true);
    expect(columns.keyAt(0)).toBeUndefined();
    // What was read ahead answers like a list built from its chunks.
    const byDate: EngineQuery = { ...filtered, field: 'lastModifiedDateTime', residual: [] };
    expect(await engine.window(byDate, 0, 40)).toEqual(await fresh(indexedDB, byDate));
    db.close();
  });

  it('run the queries once on a made-up list of the first list shown, as soon as it is shown, also when nothing is left to read', async () => {
    const indexedDB = new IDBFactory();
    const db = await stored(indexedDB);
    const again = open(indexedDB);
    const reads = vi.spyOn(again.listCaches, 'get');
    const fieldsRead = () => reads.mock.calls.map(([key]) => (key as [number, string])[1]).filter((p) => p.startsWith('field:'));
    const warmed: { endpoint: string; fieldsReadBefore: string[] }[] = [];
    const warm = async (_db: OutpostDb, warmedEndpoint: { id: string }) => {
      warmed.push({ endpoint: warmedEndpoint.id, fieldsReadBefore: fieldsRead() });
    };
    const engine = inProcessEngine(again, { store: true, readAheadAfterMs: 50, warm });
    await engine.window(filtered, 0, 40);
    await vi.waitFor(() => expect(new Set(fieldsRead())).toEqual(new Set(indexedFields(endpoint).map((f) => `field:${f}`))));
    // Started with the window's answer: only the window's own fields were read, none ahead.
    expect(warmed.map((w) => ({ ...w, fieldsReadBefore: [...w.fieldsReadBefore].sort() }))).toEqual([{ endpoint: 'E20', fieldsReadBefore: ['field:description', 'field:name'] }]);
    await engine.window({ ...filtered, residual: [] }, 0, 40);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(warmed).toHaveLength(1);

    // A list built from its chunks has no field to read ahead: its queries are still run once.
    const built: typeof warmed = [];
    const fromChunks = inProcessEngine(open(new IDBFactory()), { store: true, readAheadAfterMs: 0, warm: async (_db, e) => void built.push({ endpoint: e.id, fieldsReadBefore: [] }) });
    await fromChunks.window(filtered, 0, 40);
    await vi.waitFor(() => expect(built.map((b) => b.endpoint)).toEqual(['E20']));
    db.close();
  });

  it('give the made-up list\'s queries a pause that waits while a request runs', async () => {
    const indexedDB = new IDBFactory();
    const db = await stored(indexedDB);
    let pause: (() => Promise<void>) | undefined;
    const engine = inProcessEngine(open(indexedDB), { store: true, readAheadAfterMs: 0, warm: async (_db, _endpoint, given) => void (pause = given) });
    await engine.window(filtered, 0, 40);
    await vi.waitFor(() => expect(pause).toBeDefined());
    const order: string[] = [];
    const byDate: EngineQuery = { ...filtered, field: 'creationDateTime', residual: [] };
    const answered = engine.window(byDate, 0, 40).then(() => order.push('answer'));
    const paused = pause!().then(() => order.push('pause'));
    await Promise.all([answered, paused]);
    expect(order).toEqual(['answer', 'pause']);
    // With no request running it waits for a turn of the thread only.
    await pause!();
    db.close();
  });

  it('are read ahead costliest first, as the stored base measured each part, so a first filter read on demand reads a cheap one', async () => {
    const { db, again, engine } = await restored(0);
    const base = (await db.listCaches.get([scopeId(scope), 'columns']))!.value as { partBytes?: Record<string, number> };
    const bytes = base.partBytes!;
    expect(Object.keys(bytes).sort()).toEqual([...indexedFields(endpoint)].sort());
    // 150 distinct ids (36 characters each) against seven names and a few dates: the ids cost most.
    expect(Math.max(...Object.values(bytes))).toBe(bytes.id);
    const reads = vi.spyOn(again.listCaches, 'get');
    await engine.window(filtered, 0, 40);
    await vi.waitFor(() => expect(indexedFields(endpoint).every((f) => keptColumns(again, scope)!.columns.has(f))).toBe(true));
    const fieldsRead = reads.mock.calls.map(([key]) => (key as [number, string])[1]).filter((p) => p.startsWith('field:')).map((p) => p.slice('field:'.length));
    // The window's own fields first, then the rest by cost (the catalogue's order puts the ids fourth).
    const rest = indexedFields(endpoint).filter((f) => f !== 'name' && f !== 'description');
    expect(fieldsRead.slice(0, 2).sort()).toEqual(['description', 'name']);
    expect(fieldsRead.slice(2)).toEqual([...rest].sort((a, b) => bytes[b]! - bytes[a]!));
    expect(fieldsRead[2]).toBe('id');
    db.close();
  });

  it('are read ahead in the catalogue order from a base stored without the cost of its parts', async () => {
    const { db, again, engine } = await restored(0);
    const record = (await db.listCaches.get([scopeId(scope), 'columns']))!;
    const { partBytes: _, ...older } = record.value as { partBytes?: Record<string, number> };
    await db.listCaches.put({ ...record, value: older });
    const reads = vi.spyOn(again.listCaches, 'get');
    await engine.window(filtered, 0, 40);
    await vi.waitFor(() => expect(indexedFields(endpoint).every((f) => keptColumns(again, scope)!.columns.has(f))).toBe(true));
    const fieldsRead = reads.mock.calls.map(([key]) => (key as [number, string])[1]).filter((p) => p.startsWith('field:')).slice(2);
    expect(fieldsRead).toEqual(indexedFields(endpoint).filter((f) => f !== 'name' && f !== 'description').map((f) => `field:${f}`));
    db.close();
  });

  it('are read ahead after a count and a remembered pass that follow the window, not only after the window', async () => {
    const { db, engine, partsRead } = await restored(30);
    await engine.window(filtered, 0, 40);
    // What a list does as it opens: its count's walk, and the pass it asked main for ends.
    await engine.walk(filtered, { chunk: 1_000 });
    await engine.remember('E20', scope);
    await vi.waitFor(() => expect([...partsRead()]).toEqual(expect.arrayContaining(indexedFields(endpoint).map((f) => `field:${f}`))));
    expect(partsRead()).not.toContain('keys');
    db.close();
  });

  it('are read ahead while requests keep coming: a request does not put the start off', async () => {
    const { db, engine, partsRead } = await restored(60);
    await engine.window(filtered, 0, 40);
    // A filter or a count every 20 ms, more often than the engine waits before reading ahead.
    const until = Date.now() + 600;
    while (Date.now() < until && !indexedFields(endpoint).every((f) => partsRead().has(`field:${f}`))) {
      await engine.walk(filtered, { chunk: 1_000 });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect([...partsRead()]).toEqual(expect.arrayContaining(indexedFields(endpoint).map((f) => `field:${f}`)));
    db.close();
  });

  it('of a query chosen a moment ago are read when it is prepared, so its window reads no part and answers like a list built from its chunks', async () => {
    const { indexedDB, db, again, engine, partsRead } = await restored(3_600_000);
    await engine.window(filtered, 0, 40);
    // Answered from its stored first rows: the list's own fields are read behind it.
    await engine.prepare(filtered);
    const byDate: EngineQuery = { ...filtered, field: 'creationDateTime', residual: [{ field: 'lastModifiedDateTime', op: 'gte', key: 0 }] };
    expect(partsRead()).not.toContain('field:creationDateTime');
    await engine.prepare(byDate);
    expect([...partsRead()]).toEqual(expect.arrayContaining(['field:creationDateTime', 'field:lastModifiedDateTime']));
    // The spy of `restored`, its calls so far forgotten.
    const reads = vi.mocked(again.listCaches.get);
    reads.mockClear();
    const answer = await engine.window(byDate, 0, 40);
    expect(reads.mock.calls.filter(([key]) => (key as [number, string])[1].startsWith('field:'))).toEqual([]);
    expect(answer).toEqual(await fresh(indexedDB, byDate));
    db.close();
  });

  it('of a list shown from its stored first rows are read when the list is prepared, before any window is asked for', async () => {
    const { db, again, engine, partsRead } = await restored(0);
    const byName: EngineQuery = { ...filtered, residual: [] };
    await engine.prepare(byName);
    // The base and the field the shown order sorts on, at once; the other fields read ahead.
    expect([...partsRead()]).toEqual(expect.arrayContaining(['columns', 'field:name']));
    await vi.waitFor(() => expect([...partsRead()]).toEqual(expect.arrayContaining(indexedFields(endpoint).map((f) => `field:${f}`))));
    expect(indexedFields(endpoint).every((f) => keptColumns(again, scope)!.columns.has(f))).toBe(true);
    expect(partsRead()).not.toContain('keys');
    db.close();
  });

  it('are read ahead one field at a time, beside the requests that come meanwhile', async () => {
    const { db, again, engine } = await restored(0);
    // Each field's read is held until released, so what is in flight can be seen.
    const held: { part: string; release: () => void }[] = [];
    const table = again.listCaches;
    const get = (key: [number, string]) => table.where({ scope: key[0], part: key[1] }).first();
    vi.spyOn(again.listCaches, 'get').mockImplementation(((key: [number, string]) => {
      if (!key[1].startsWith('field:')) return get(key);
      return new Promise((resolve) => held.push({ part: key[1], release: () => resolve(get(key)) }));
    }) as typeof again.listCaches.get);
    const release = async () => {
      await vi.waitFor(() => expect(held.length).toBeGreaterThan(0));
      held.shift()!.release();
    };
    const shown = engine.prepare({ ...filtered, residual: [] });
    await release();
    await shown;
    // The read ahead starts with one field, and asks for no other while it is read.
    await vi.waitFor(() => expect(held).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(held).toHaveLength(1);
    const ahead = held[0]!.part;
    // A filter on a field not read yet: its read starts beside the one read ahead, and no other field's waits.
    // The last field in the order the read ahead goes, so the next field read ahead is another.
    const other = keptColumns(again, scope)!.unreadFields().map((f) => `field:${f}`).findLast((p) => p !== ahead && p !== 'field:name')!;
    const count = engine.walk({ ...filtered, residual: [{ field: other.slice('field:'.length), op: 'eq', key: 'x' }] }, { chunk: 1_000 });
    await vi.waitFor(() => expect(held.map((h) => h.part)).toEqual([ahead, other]));
    // The field read ahead arrives: the next one waits while the filter still waits for its own
    // (its first reads would be answered before the rest of the filter's field).
    held.shift()!.release();
    await new Promise((r) => setTimeout(r, 20));
    expect(held.map((h) => h.part)).toEqual([other]);
    held.shift()!.release();
    await count;
    await vi.waitFor(() => expect(held).toHaveLength(1));
    expect([ahead, other]).not.toContain(held[0]!.part);
    // The rest, one at a time, until every field is read.
    const allRead = () => indexedFields(endpoint).every((f) => keptColumns(again, scope)!.columns.has(f));
    while (!allRead()) {
      await vi.waitFor(() => expect(held.length === 1 || allRead()).toBe(true));
      expect(held.length).toBeLessThanOrEqual(1);
      held.shift()?.release();
      await new Promise((r) => setTimeout(r, 0));
    }
    db.close();
  });

  it('are not put together from parts of different revisions: the list is built from its chunks', async () => {
    const indexedDB = new IDBFactory();
    const db = await stored(indexedDB);
    const part = (await db.listCaches.get([scopeId(scope), 'field:name']))!;
    await db.listCaches.put({ ...part, seq: part.seq + 1 });
    const again = open(indexedDB);
    const engine = inProcessEngine(again, { store: true, storeDelayMs: 0 });
    const byName: EngineQuery = { ...filtered, residual: [] };
    expect(await engine.window(byName, 0, 40)).toEqual(await fresh(indexedDB, byName));
    // Built again, so stored again: every part at one revision.
    await vi.waitFor(async () => expect((await db.listCaches.get([scopeId(scope), 'field:name']))!.seq).toBe(part.seq));
    db.close();
  });
});

describe('the revision an asker has read', () => {
  it('lets columns at that revision answer without reading the database, and brings older ones up to it', async () => {
    const db = open(new IDBFactory());
    await page(db, 'p1', [1, 2, 3], 'A');
    const engine = inProcessEngine(db);
    const query: EngineQuery = { endpoint: 'E20', scope, field: 'name', descending: false, residual: [] };
    const seq = async () => (await db.revisions.get(scopeId(scope)))!.seq;
    expect((await engine.window(query, 0, 10, await seq())).total).toBe(3);

    // Columns at the revision the asker read: neither the revision nor the scope's changes are read again.
    const reads = vi.spyOn(db.revisions, 'get');
    const transactions = vi.spyOn(db, 'transaction');
    const same = await seq();
    reads.mockClear();
    await engine.window(query, 0, 10, same);
    await engine.walk(query, { chunk: Number.POSITIVE_INFINITY, seen: same });
    await engine.prepare({ ...query, descending: true, residual: [{ field: 'name', op: 'gte', key: 'A' }] }, same);
    expect(reads).not.toHaveBeenCalled();
    expect(transactions.mock.calls.filter(([mode]) => mode === 'r')).toHaveLength(0);

    // The asker read a newer revision: the columns catch up to it first.
    await page(db, 'p1', [4, 5], 'B');
    const answer = await engine.window(query, 0, 10, await seq());
    expect(answer.total).toBe(5);
    expect(answer.entries.map((e) => e.key)).toEqual(expect.arrayContaining(['4', '5'].map((id) => expect.stringContaining(id))));
    // Asked without a revision: caught up as before.
    await page(db, 'p1', [6], 'B');
    expect((await engine.window(query, 0, 10)).total).toBe(6);
    // A query prepared at a revision older than the list's: the window asked next at the newer one answers it.
    const stale = await seq();
    await page(db, 'p1', [7], 'B');
    const descending = { ...query, descending: true };
    await engine.prepare(descending, stale);
    expect((await engine.window(descending, 0, 10, await seq())).total).toBe(7);
    db.close();
  });

  it('answers an asker at a revision older than a rebuild under way once the rebuild is done, not from its half', async () => {
    const db = open(new IDBFactory());
    await page(db, 'p1', [1, 2, 3, 4, 5, 6], 'A');
    const engine = inProcessEngine(db);
    const query: EngineQuery = { endpoint: 'E20', scope, field: 'name', descending: false, residual: [] };
    const seq = async () => (await db.revisions.get(scopeId(scope)))!.seq;
    const before = await seq();
    expect((await engine.window(query, 0, 10, before)).total).toBe(6);

    // Rows removed (a sweep): the columns are built again from the chunks, here chunks
    // stored without their columns (as earlier versions wrote them), whose rows are read.
    await page(db, 'p2', [1, 2, 3], 'B');
    await createDexieMirrorStore(db).finishPass({ endpoint: 'E20', scope, pass: 'p2', sweep: true, state: scopeState('E20', {}, 3) });
    await db.chunkHeads.toCollection().modify((head: { columns?: unknown }) => void delete head.columns);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const bodies = db.chunkBodies.bulkGet.bind(db.chunkBodies);
    const reading = vi.spyOn(db.chunkBodies, 'bulkGet').mockImplementation((keys) => Dexie.Promise.resolve(held).then(() => bodies(keys)));
    const rebuilt = engine.window(query, 0, 10, await seq());
    await vi.waitFor(() => expect(reading).toHaveBeenCalled());
    // An asker that has not heard of the sweep yet, while the rows are read again.
    const asked = engine.window(query, 0, 10, before);
    await new Promise((r) => setTimeout(r, 0));
    release();
    expect((await rebuilt).total).toBe(3);
    const answer = await asked;
    expect(answer.total).toBe(3);
    expect(answer.entries).toHaveLength(3);
    db.close();
  });

  /** A list of three rows whose first window the engine has stored. */
  async function withStoredFirstWindow() {
    const db = open(new IDBFactory());
    await page(db, 'p1', [1, 2, 3], 'A');
    await inProcessEngine(db, { store: true, storeDelayMs: 0 }).window({ endpoint: 'E20', scope, field: null, descending: false, residual: [] }, 0, 10);
    await vi.waitFor(async () => expect(await db.listCaches.count()).toBe(STORED_PARTS));
    return db;
  }

  it('reads a first window ahead of its page once: the page takes it, and the next load reads again', async () => {
    const db = await withStoredFirstWindow();
    prefetchFirstWindow(db, scope);
    const get = vi.spyOn(db.listCaches, 'get');
    const taken = await loadFirstWindow(db, scope);
    expect(get).not.toHaveBeenCalled();
    expect(taken?.current).toBe(true);
    expect(taken?.first.total).toBe(3);
    expect(await loadFirstWindow(db, scope)).toEqual(taken);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('is one read when asked again before the page took it (the window start asks twice)', async () => {
    const db = await withStoredFirstWindow();
    const get = vi.spyOn(db.listCaches, 'get');
    const first = prefetchFirstWindow(db, scope);
    expect(prefetchFirstWindow(db, scope)).toBe(first);
    await first;
    expect(get).toHaveBeenCalledTimes(1);
    // The page takes that read; asked after, a new one starts.
    await loadFirstWindow(db, scope);
    expect(get).toHaveBeenCalledTimes(1);
    expect(prefetchFirstWindow(db, scope)).not.toBe(first);
  });
});
