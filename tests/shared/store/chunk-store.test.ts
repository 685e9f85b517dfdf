import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createDexieOutboxStore } from '../../../src-shared/outbox/index.js';
import { endpoints } from '../../../src-shared/api/index.js';
import { createDexieMirrorStore, currentRows, currentRowsSince, getRow, onlyPass, readScopeRows, scopeKey, scopeKeyPasses, scopeRevision, storedPageOf, tableHasRows, tableScopes, type ScopeState } from '../../../src-shared/store/index.js';
import { CHUNK_PART_BYTES, chunkEnds, RECENT_CHUNKS, storedBytes } from '../../../src-shared/store/chunk-writes.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { entryOf, titlePatch, USER } from '../outbox/fixtures.js';

const scope = scopeKey('E20', {});
const other = scopeKey('E21', {});
const state = (s = scope): ScopeState => ({
  scope: s, endpoint: s === scope ? 'E20' : 'E21', params: {}, parent: null, status: 'syncing', pass: null, lastFullAt: null, lastDeltaAt: null,
  highWater: { created: null, modified: null }, lastError: null, reason: null, rowCount: 0,
});
const group = (n: number, name = `Group ${n}`) => ({ id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, name });
const keyOf = (n: number) => group(n).id;

function setup() {
  const db = openFakeDatabase();
  const store = createDexieMirrorStore(db);
  const page = (pass: string, rows: ReturnType<typeof group>[], s = scope) => store.applyPage({ endpoint: s === scope ? 'E20' : 'E21', scope: s, pass, rows, quarantined: [], state: state(s) });
  const finish = (pass: string, sweep: boolean, s = scope) => store.finishPass({ endpoint: s === scope ? 'E20' : 'E21', scope: s, pass, sweep, state: state(s) });
  const names = async (s = scope) => Object.fromEntries((await readScopeRows(db, s)).map((r) => [r.key, r.row.name]));
  return { db, store, page, finish, names };
}

type Model = Map<string, { name: string; pass: string }>;

/** A page or a single row, written to the store and to the per-row model alike. */
async function writeToBoth(
  op: { kind: 'page'; pass: number; keys: number[]; name: string } | { kind: 'put'; key: number; name: string },
  target: Pick<ReturnType<typeof setup>, 'store' | 'page'>,
  model: Model,
): Promise<void> {
  if (op.kind === 'page') {
    const rows = op.keys.map((k) => group(k, `${op.name}${k}`));
    await target.page(`p${op.pass}`, rows);
    for (const r of rows) model.set(r.id, { name: r.name, pass: `p${op.pass}` });
  } else {
    await target.store.putRow({ endpoint: 'E20', scope, row: group(op.key, op.name) });
    model.set(keyOf(op.key), { name: op.name, pass: model.get(keyOf(op.key))?.pass ?? '' });
  }
}

describe('the chunked mirror', () => {
  it('stores a page as one chunk, and the latest write of a key wins across chunks', async () => {
    const { db, page, names } = setup();
    await page('p1', [group(1), group(2)]);
    await page('p1', [group(2, 'Renamed'), group(3)]);
    expect(await db.chunkHeads.count()).toBe(2);
    expect(await names()).toEqual({ [keyOf(1)]: 'Group 1', [keyOf(2)]: 'Renamed', [keyOf(3)]: 'Group 3' });
    expect((await getRow(db, scope, keyOf(2)))?.pass).toBe('p1');
  });

  it('counts the text of a row with a character past U+00FF twice, as V8 stores it', () => {
    const one = 'x'.repeat(1000);
    const two = `${'x'.repeat(999)}ж`;
    expect([storedBytes(one), storedBytes(two), storedBytes('é'.repeat(10))]).toEqual([1000, 2000, 10]);
    expect(chunkEnds(Array<string>(10).fill(one), 500, 4000)).toEqual([4, 8, 10]);
    expect(chunkEnds(Array<string>(10).fill(two), 500, 4000)).toEqual([2, 4, 6, 8, 10]);
    expect(chunkEnds(Array<string>(10).fill('x'), 3, 4000)).toEqual([3, 6, 9, 10]);
  });

  it('splits a big page into chunks of at most 500 rows and ~160 KB, numbered in page order', async () => {
    const { db, page, finish, names } = setup();
    const rows = Array.from({ length: 600 }, (_, n) => group(n));
    // A row that alone fills a chunk's text: it starts a chunk of its own, the next row starts another.
    rows[300] = group(300, 'x'.repeat(CHUNK_PART_BYTES));
    await page('p1', rows);
    const heads = await db.chunkHeads.toArray();
    expect(heads.map((h) => h.keys.length)).toEqual([300, 1, 299]);
    expect(heads.flatMap((h) => h.keys)).toEqual(rows.map((r) => r.id));
    expect(heads.map((h) => h.chunk)).toEqual([1, 2, 3]);
    expect((await scopeRevision(db, scope)).seq).toBe(3);
    expect(Object.keys(await names())).toHaveLength(600);
    // A later page's copy wins over every part; a full pass that did not see them sweeps all parts.
    await page('p2', [group(599, 'Renamed')]);
    expect((await getRow(db, scope, keyOf(599)))?.row.name).toBe('Renamed');
    await finish('p2', true);
    expect(await names()).toEqual({ [keyOf(599)]: 'Renamed' });
    expect(await db.chunkBodies.count()).toBe(1);
  });

  it('tells when every copy of a list is of one pass, from index counts', async () => {
    const { db, page } = setup();
    expect(await onlyPass(db, scope, 'p1')).toBe(true);
    await page('p1', [group(1), group(2)]);
    await page('p1', [group(3)], other);
    expect([await onlyPass(db, scope, 'p1'), await onlyPass(db, scope, 'p0'), await onlyPass(db, scope, 'p2')]).toEqual([true, false, false]);
    // Chunks of another pass on either side of it in the index, or a single row: no longer.
    await page('p0', [group(4)]);
    expect(await onlyPass(db, scope, 'p1')).toBe(false);
    const again = setup();
    await again.page('p1', [group(1)]);
    await again.page('p2', [group(2)]);
    expect(await onlyPass(again.db, scope, 'p1')).toBe(false);
    const single = setup();
    await single.page('p1', [group(1)]);
    await single.store.putRow({ endpoint: 'E20', scope, row: group(1, 'Edited') });
    expect(await onlyPass(single.db, scope, 'p1')).toBe(false);
    expect(await onlyPass(db, other, 'p1')).toBe(true);
  });

  it('counts a list again only once something was written since its last count', async () => {
    const { db, store, page, finish } = setup();
    await page('p1', [group(1), group(2)]);
    expect(await finish('p1', true)).toEqual({ deleted: 0, rowCount: 2 });
    const headReads = vi.spyOn(db.chunkHeads, 'where');
    // A delta pass that found nothing: the count kept with the revision, no chunk head read.
    expect(await finish('d1', false)).toEqual({ deleted: 0, rowCount: 2 });
    expect(headReads).not.toHaveBeenCalled();
    // A row written on its own since, then a page that changes a row: each counted again.
    await store.putRow({ endpoint: 'E20', scope, row: group(3) });
    expect(await finish('d2', false)).toEqual({ deleted: 0, rowCount: 3 });
    expect(headReads).toHaveBeenCalled();
    await page('d3', [group(1, 'Renamed'), group(4)]);
    expect(await finish('d3', false)).toEqual({ deleted: 0, rowCount: 4 });
    // A full pass that missed rows: the sweep's count is the one kept.
    await page('p2', [group(2)]);
    expect(await finish('p2', true)).toEqual({ deleted: 3, rowCount: 1 });
    headReads.mockClear();
    expect(await finish('d4', false)).toEqual({ deleted: 0, rowCount: 1 });
    expect(headReads).not.toHaveBeenCalled();
    // Removed and cleared lists are counted again (their revisions moved on).
    await store.clearMirror();
    expect(await finish('d5', false)).toEqual({ deleted: 0, rowCount: 0 });
  });

  it('writes of a delta page only the rows that differ from the copies held, so a delta that found nothing moves no revision', async () => {
    const { db, store, page, finish, names } = setup();
    const delta = (pass: string, rows: ReturnType<typeof group>[]) =>
      store.applyPage({ endpoint: 'E20', scope, pass, rows, quarantined: [], state: { ...state(), pass: { id: pass, mode: 'delta', nextUrl: null, nextUrlIssuedAt: null, pages: 0, rows: 0, startedAt: '2026-01-01T00:00:00Z' } } });
    await page('p1', [group(1), group(2), group(3)]);
    await finish('p1', true);
    const before = await scopeRevision(db, scope);
    // Read again in the delta's overlap, unchanged: nothing written, the revision and the count stand.
    expect(await delta('d1', [group(2), group(3)])).toEqual({ written: 0 });
    expect(await scopeRevision(db, scope)).toMatchObject({ seq: before.seq });
    // A changed row and a new one are written; the unchanged one beside them is not.
    expect(await delta('d2', [group(1), group(2, 'Renamed'), group(4)])).toEqual({ written: 2 });
    expect(await names()).toMatchObject({ [keyOf(2)]: 'Renamed', [keyOf(4)]: 'Group 4' });
    expect((await getRow(db, scope, keyOf(1)))?.pass).toBe('p1');
    // A row with a copy written on its own (an optimistic edit) is written, whatever its text.
    await store.putRow({ endpoint: 'E20', scope, row: group(3, 'Edited here') });
    expect(await delta('d3', [group(3)])).toEqual({ written: 1 });
    expect(await names()).toMatchObject({ [keyOf(3)]: 'Group 3' });
    // A row held only in an older chunk than the newest few is written again, as before.
    for (let n = 10; n < 10 + RECENT_CHUNKS; n++) await page('p2', [group(n)]);
    expect(await delta('d4', [group(1), group(10 + RECENT_CHUNKS - 1)])).toEqual({ written: 1 });
    expect(await finish('d4', false)).toEqual({ deleted: 0, rowCount: 4 + RECENT_CHUNKS });
    // A page that held a key twice: its later row is the copy compared with.
    await page('p3', [group(40, 'First'), group(40, 'Second')]);
    expect(await delta('d5', [group(40, 'First')])).toEqual({ written: 1 });
    expect(await delta('d6', [group(40, 'First')])).toEqual({ written: 0 });
  });

  it('finds again, in the chunks its sweep kept as the edge, the rows a first delta after a full pass reads near its marks', async () => {
    const { db, store, page, finish, names } = setup();
    const delta = (pass: string, rows: Record<string, unknown>[]) =>
      store.applyPage({ endpoint: 'E20', scope, pass, rows, quarantined: [], state: { ...state(), pass: { id: pass, mode: 'delta', nextUrl: null, nextUrlIssuedAt: null, pages: 0, rows: 0, startedAt: '2026-01-01T00:00:00Z' } } });
    const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}T00:00:00Z`;
    const dated = (n: number, modified: string, name = `Group ${n}`) => ({ ...group(n, name), creationDateTime: day(n), lastModifiedDateTime: modified });
    // The row modified last is on the first page, the row created last on the last; more pages than a delta looks through lie between.
    await page('p1', [dated(1, '2026-06-01T12:00:00Z'), dated(2, day(2))]);
    for (let n = 3; n < 3 + RECENT_CHUNKS; n++) await page('p1', [dated(n, day(n))]);
    await page('p1', [dated(20, day(20))]);
    await finish('p1', true);
    // Read again near both marks, unchanged: found in the edge, nothing written.
    expect(await delta('d1', [dated(1, '2026-06-01T12:00:00Z'), dated(20, day(20))])).toEqual({ written: 0 });
    // A row of an edge chunk that is not near a mark is found there too; a changed one is written.
    expect(await delta('d2', [dated(2, day(2)), dated(1, '2026-06-02T00:00:00Z', 'Renamed')])).toEqual({ written: 1 });
    expect(await names()).toMatchObject({ [keyOf(1)]: 'Renamed' });
    // Once more chunks were written since the sweep than a delta reads, the edge is not used: rows are written as before.
    for (let n = 30; n < 30 + RECENT_CHUNKS; n++) await page('p2', [dated(n, day(5))]);
    expect(await delta('d3', [dated(2, day(2))])).toEqual({ written: 1 });
    expect((await db.revisions.get((await db.chunkHeads.toCollection().first())!.scope))?.edge?.chunks.length).toBeGreaterThan(0);
  });

  it('keeps out of the edge a chunk whose row a later chunk of the pass holds', async () => {
    const { store, page, finish, names } = setup();
    const delta = (pass: string, rows: Record<string, unknown>[]) =>
      store.applyPage({ endpoint: 'E20', scope, pass, rows, quarantined: [], state: { ...state(), pass: { id: pass, mode: 'delta', nextUrl: null, nextUrlIssuedAt: null, pages: 0, rows: 0, startedAt: '2026-01-01T00:00:00Z' } } });
    const row = (name: string, modified: string) => ({ ...group(1, name), creationDateTime: '2025-01-01T00:00:00Z', lastModifiedDateTime: modified });
    const filler = (n: number) => ({ ...group(n), creationDateTime: `2026-01-${String(n).padStart(2, '0')}T00:00:00Z`, lastModifiedDateTime: `2026-01-${String(n).padStart(2, '0')}T00:00:00Z` });
    // The row moved between pages during the pass: its later copy is current, though stamped earlier.
    await page('p1', [row('Old', '2026-06-01T00:00:00Z')]);
    await page('p1', [row('New', '2026-02-01T00:00:00Z')]);
    for (let n = 2; n < 2 + RECENT_CHUNKS; n++) await page('p1', [filler(n)]);
    await finish('p1', true);
    expect(await delta('d1', [row('Old', '2026-06-01T00:00:00Z')])).toEqual({ written: 1 });
    expect(await names()).toMatchObject({ [keyOf(1)]: 'Old' });
  });

  it('stamps a row put over a swept one with no pass, not the pass of the older copy the sweep deleted', async () => {
    // Found by the model below: p1 writes a key, another pass writes it again, p1's sweep
    // deletes it (its copy is not p1's), then a single row brings it back.
    const { db, store, page, finish } = setup();
    await page('p1', [group(0)]);
    await page('p0', [group(0)]);
    await finish('p1', true);
    expect(await getRow(db, scope, keyOf(0))).toBeNull();
    await store.putRow({ endpoint: 'E20', scope, row: group(0, 'Back') });
    expect((await getRow(db, scope, keyOf(0)))?.pass).toBe('');
  });

  it('reads a growing list the same when several readers extend the same kept view at once', async () => {
    const { db, page } = setup();
    await page('p1', [group(1), group(2)]);
    expect(await readScopeRows(db, scope)).toHaveLength(2);
    await page('p1', [group(2, 'Renamed'), group(3)]);
    await page('p1', [group(4)]);
    const [first, second, passes] = await Promise.all([readScopeRows(db, scope), readScopeRows(db, scope), scopeKeyPasses(db, scope)]);
    await page('p1', [group(1, 'Again')]);
    const after = await readScopeRows(db, scope);
    const names = (rows: Awaited<ReturnType<typeof readScopeRows>>) => rows.map((r) => `${r.key} ${String(r.row.name)}`).sort();
    const expected = [`${keyOf(1)} Group 1`, `${keyOf(2)} Renamed`, `${keyOf(3)} Group 3`, `${keyOf(4)} Group 4`].sort();
    expect(names(first)).toEqual(expected);
    expect(names(second)).toEqual(expected);
    expect(passes).toHaveLength(4);
    expect(names(after)).toEqual([`${keyOf(1)} Again`, ...expected.slice(1)].sort());
  });

  it('resumes an interrupted full pass from its checkpoint and sweeps only what the whole pass did not see', async () => {
    const { db, page, finish, names } = setup();
    await page('old', [group(1), group(2), group(3), group(4)]);
    await finish('old', true);
    // Pass p2 writes two pages, the window dies, the pass resumes (same id) on a new store and writes the rest.
    await page('p2', [group(1)]);
    await page('p2', [group(2)]);
    const resumed = createDexieMirrorStore(db);
    await resumed.applyPage({ endpoint: 'E20', scope, pass: 'p2', rows: [group(4, 'Four')], quarantined: [], state: state() });
    expect(await resumed.finishPass({ endpoint: 'E20', scope, pass: 'p2', sweep: true, state: state() })).toEqual({ deleted: 1, rowCount: 3 });
    expect(await names()).toEqual({ [keyOf(1)]: 'Group 1', [keyOf(2)]: 'Group 2', [keyOf(4)]: 'Four' });
  });

  it('keeps the newest copy of a row that moved between pages during a pass, and counts it once', async () => {
    const { page, finish, names } = setup();
    await page('p1', [group(1), group(2)]);
    await page('p1', [group(3), group(1, 'Moved')]);
    expect(await finish('p1', true)).toEqual({ deleted: 0, rowCount: 3 });
    expect((await names())[keyOf(1)]).toBe('Moved');
  });

  it('keeps rows a delta pass changed until a full pass misses them', async () => {
    const { page, finish, names } = setup();
    await page('full1', [group(1), group(2)]);
    await finish('full1', true);
    await page('delta1', [group(2, 'Changed'), group(3)]);
    expect(await finish('delta1', false)).toEqual({ deleted: 0, rowCount: 3 });
    await page('full2', [group(1), group(3)]);
    expect(await finish('full2', true)).toEqual({ deleted: 1, rowCount: 2 });
    expect(await names()).toEqual({ [keyOf(1)]: 'Group 1', [keyOf(3)]: 'Group 3' });
  });

  it('gives a row written on its own during a pass the stamp of the copy it replaces', async () => {
    const { store, page, finish, names } = setup();
    await page('p1', [group(1), group(2)]);
    await finish('p1', true);
    await page('p2', [group(1)]);
    // Written after the pass saw it: stamped p2, kept. Written before the pass sees it: stamped p1.
    await store.putRow({ endpoint: 'E20', scope, row: group(1, 'Refreshed') });
    await store.putRow({ endpoint: 'E20', scope, row: group(2, 'Refreshed') });
    expect(await names()).toEqual({ [keyOf(1)]: 'Refreshed', [keyOf(2)]: 'Refreshed' });
    expect(await finish('p2', true)).toEqual({ deleted: 1, rowCount: 1 });
    expect(await names()).toEqual({ [keyOf(1)]: 'Refreshed' });
  });

  it('forgets the rows of removed scopes only, and every row on clear', async () => {
    const { db, store, page, names } = setup();
    await page('p1', [group(1)]);
    await page('p1', [group(2)], other);
    await store.putRow({ endpoint: 'E21', scope: other, row: group(3) });
    const before = (await scopeRevision(db, other)).seq;
    await store.removeScopes([other]);
    expect(await names(other)).toEqual({});
    expect(await names()).toEqual({ [keyOf(1)]: 'Group 1' });
    expect((await scopeRevision(db, other)).seq).toBeGreaterThan(before);
    await store.clearMirror();
    expect(await names()).toEqual({});
    expect(await db.overlay.count()).toBe(0);
    expect(await db.chunkBodies.count()).toBe(0);
  });

  it('tells whether a table holds rows as its scopes do: chunks or single rows, none once removed', async () => {
    const { db, store, page } = setup();
    const table = endpoints.E20.table;
    const otherTable = endpoints.E21.table;
    const agree = async () => {
      for (const t of [table, otherTable]) expect(await tableHasRows(db, t)).toBe((await tableScopes(db, t)).length > 0);
    };
    await agree();
    expect(await tableHasRows(db, table)).toBe(false);
    await page('p1', [group(1)]);
    await agree();
    expect([await tableHasRows(db, table), await tableHasRows(db, otherTable)]).toEqual([true, false]);
    // A single row only (an optimistic copy, a row put on its own): the table holds rows.
    await store.putRow({ endpoint: 'E21', scope: other, row: group(3) });
    await agree();
    expect(await tableHasRows(db, otherTable)).toBe(true);
    await store.removeScopes([scope, other]);
    await agree();
    expect([await tableHasRows(db, table), await tableHasRows(db, otherTable)]).toEqual([false, false]);
  });

  it('shows an optimistic copy over the chunk, and a page arriving later replaces it', async () => {
    const db = openFakeDatabase();
    const store = createDexieMirrorStore(db);
    const outbox = createDexieOutboxStore(db);
    const users = scopeKey('E18', {});
    const user = { id: USER, name: 'Ada', title: 'Old' };
    await store.applyPage({ endpoint: 'E18', scope: users, pass: 'p1', rows: [user], quarantined: [], state: { ...state(), scope: users, endpoint: 'E18' } });
    await store.putRow({ endpoint: 'E19', scope: `E19:${USER}`, row: user });
    await outbox.outboxPut({ entries: [entryOf(titlePatch(USER, 'New'))] });
    expect(await getRow(db, `E19:${USER}`, USER)).toMatchObject({ pending: 1, row: { title: 'New' }, base: { title: 'Old' } });
    await store.applyPage({ endpoint: 'E19', scope: `E19:${USER}`, pass: 'p2', rows: [{ ...user, title: 'Server' }], quarantined: [], state: { ...state(), scope: `E19:${USER}`, endpoint: 'E19', params: { userId: USER } } });
    const after = await getRow(db, `E19:${USER}`, USER);
    expect(after?.row.title).toBe('Server');
    expect(after?.pending).toBeUndefined();
  });
});

/** The per-row design the chunks replace, as a model: one record per key with its pass stamp. */
const op = fc.oneof(
  fc.record({ kind: fc.constant('page' as const), pass: fc.integer({ min: 0, max: 2 }), keys: fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 5 }), name: fc.string({ maxLength: 3 }) }),
  fc.record({ kind: fc.constant('put' as const), key: fc.integer({ min: 0, max: 7 }), name: fc.string({ maxLength: 3 }) }),
  fc.record({ kind: fc.constant('finish' as const), pass: fc.integer({ min: 0, max: 2 }), sweep: fc.boolean() }),
);
const ops = fc.array(op, { maxLength: 14 });

describe('the chunked mirror against the per-row model', () => {
  it('reads, counts and sweeps exactly as one record per row did', async () => {
    await fc.assert(
      fc.asyncProperty(ops, async (sequence) => {
        const { store, page, finish, names } = setup();
        const model = new Map<string, { name: string; pass: string }>();
        for (const op of sequence) {
          if (op.kind !== 'finish') {
            await writeToBoth(op, { store, page }, model);
          } else {
            let deleted = 0;
            if (op.sweep) {
              for (const [key, v] of model) {
                if (v.pass === `p${op.pass}`) continue;
                model.delete(key);
                deleted++;
              }
            }
            expect(await finish(`p${op.pass}`, op.sweep)).toEqual({ deleted, rowCount: model.size });
          }
        }
        expect(await names()).toEqual(Object.fromEntries([...model].map(([k, v]) => [k, v.name])));
      }),
      { numRuns: 60 },
    );
  });

  it('reads the same after every write, so a view kept from one page to the next is never stale', async () => {
    // Readers keep a scope's resolved keys and extend them by the chunks written since;
    // reading after (almost) every step checks each extension against the model.
    await fc.assert(
      fc.asyncProperty(ops, async (sequence) => {
        const { db, store, page, finish, names } = setup();
        const model = new Map<string, { name: string; pass: string }>();
        const expectModel = async () => {
          expect(await names()).toEqual(Object.fromEntries([...model].map(([k, v]) => [k, v.name])));
          expect(Object.fromEntries(await scopeKeyPasses(db, scope))).toEqual(Object.fromEntries([...model].map(([k, v]) => [k, v.pass])));
        };
        for (const [i, op] of sequence.entries()) {
          if (op.kind !== 'finish') {
            await writeToBoth(op, { store, page }, model);
          } else {
            if (op.sweep) for (const [key, v] of model) if (v.pass !== `p${op.pass}`) model.delete(key);
            await finish(`p${op.pass}`, op.sweep);
          }
          // Read after one write, or after two (a view extended by more than one chunk).
          if (i % 3 !== 1) await expectModel();
        }
        await expectModel();
      }),
      { numRuns: 60 },
    );
  });
  it('finds no row from the chunks from a number on where a sweep left a tombstone over an older copy', async () => {
    const { db, page, finish } = setup();
    const older = [group(1, 'kept')];
    await page('p0', older);
    await page('p1', [group(1, 'newer')]);
    // The full pass p0 ends: the newer copy (of p1) goes; p0's older one stays in its chunk, under a tombstone.
    await finish('p0', true);
    expect(await currentRows(db, scope, [keyOf(1)])).toEqual([undefined]);
    expect(await currentRowsSince(db, scope, [keyOf(1)], storedPageOf(older)!.since!)).toEqual([undefined]);
  });

  it('finds a row written at a sequence number among the chunks from that number on, whatever was written, swept or removed since', async () => {
    // The rows named by a search note are read back from the list's newer chunks only;
    // they must be the rows a read of the whole list gives.
    const withDrops = fc.array(fc.oneof({ weight: 6, arbitrary: op }, { weight: 1, arbitrary: fc.constant({ kind: 'drop' as const }) }), { maxLength: 16 });
    await fc.assert(
      fc.asyncProperty(withDrops, fc.nat(), async (sequence, pick) => {
        const { db, store, page, finish } = setup();
        /** Every sequence number each key was written at. */
        const written = new Map<string, number[]>();
        const wrote = (key: string, seq: number) => written.set(key, [...(written.get(key) ?? []), seq]);
        for (const op of sequence) {
          if (op.kind === 'page') {
            const rows = op.keys.map((k) => group(k, `${op.name}${k}`));
            await page(`p${op.pass}`, rows);
            const stored = storedPageOf(rows);
            for (const key of stored?.keys ?? []) wrote(key, stored!.since!);
          } else if (op.kind === 'put') {
            await store.putRow({ endpoint: 'E20', scope, row: group(op.key, op.name) });
            wrote(keyOf(op.key), (await scopeRevision(db, scope)).seq);
          } else if (op.kind === 'finish') await finish(`p${op.pass}`, op.sweep);
          else await store.removeScopes([scope]);
        }
        const keys = [...written.keys()];
        // Each key with one of the numbers it was written at; asked together, from the lowest.
        const since = keys.map((key, i) => written.get(key)![(pick + i) % written.get(key)!.length]!);
        const whole = await currentRows(db, scope, keys);
        expect(await currentRowsSince(db, scope, keys, Math.min(...since, Number.MAX_SAFE_INTEGER))).toEqual(whole);
        for (const [i, key] of keys.entries()) expect(await currentRowsSince(db, scope, [key], since[i]!)).toEqual([whole[i]]);
      }),
      { numRuns: 80 },
    );
  });
});
