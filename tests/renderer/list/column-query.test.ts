import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endpoints, type Filter } from '../../../src-shared/api/index.js';
import { createDexieMirrorStore, NULL_KEY, readScopeRows, scopeId, scopeKey, type OutpostDb, type StoredRow } from '../../../src-shared/store/index.js';
import { compareKeys, matchingSlots, orderOf, queryWindow } from '../../../src-renderer/list/column-query.js';
import { columnsOf } from '../../../src-renderer/list/columns-registry.js';
import type { Residual } from '../../../src-renderer/list/list-query.js';
import type { ListQuery } from '../../../src-renderer/list/list-query.js';
import { countRows, readRows } from '../../../src-renderer/list/run-list-query.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { scopeState } from '../helpers/renderer-context.js';
import { userGroup } from '../helpers/rows.js';

const scope = scopeKey('E20', {});
const base: ListQuery = { endpoint: endpoints.E20, scope, sort: null, filters: [], search: '' };

/**
 * Each key's place in a list with no sort: where it first appears among the writes the
 * store holds (chunks by number, their rows in order; single rows by their write
 * number), which is the order the API gave the rows. Deleted rows take no place.
 */
async function firstWritten(db: OutpostDb): Promise<Map<string, number>> {
  const id = scopeId(scope);
  const heads = await db.chunkHeads.where('[scope+chunk]').between([id, -Infinity], [id, Infinity]).toArray();
  const overlay = await db.overlay.where('[scope+key]').between([id, ''], [id, '\uffff']).toArray();
  const writes = [...heads.map((h) => ({ seq: h.chunk, keys: h.keys })), ...overlay.filter((e) => e.row !== null).map((e) => ({ seq: e.seq, keys: [e.key] }))];
  const places = new Map<string, number>();
  for (const write of writes.sort((a, b) => a.seq - b.seq)) for (const key of write.keys) if (!places.has(key)) places.set(key, places.size);
  return places;
}

/** The answer of the per-row indexes with ties in first-written order instead of by key: encoded keys in IndexedDB order, descending = all reversed. */
function expected(rows: StoredRow[], query: ListQuery, firstAt: ReadonlyMap<string, number>): string[] {
  const passes = (r: StoredRow) =>
    query.filters.every((f) => {
      const v = r.k[f.field]!;
      const key = rows.length > 0 ? encodeLike(f) : 0;
      const c = compareKeys(v, key);
      // The API's backend: a range lets no unset value through.
      if (f.op !== 'eq' && f.op !== 'ne' && v === NULL_KEY) return false;
      return f.op === 'eq' ? c === 0 : f.op === 'ne' ? c !== 0 : f.op === 'lt' ? c < 0 : f.op === 'lte' ? c <= 0 : f.op === 'gt' ? c > 0 : c >= 0;
    });
  const field = query.sort?.field ?? null;
  const sorted = rows.filter(passes).sort((a, b) => (field ? compareKeys(a.k[field]!, b.k[field]!) : 0) || firstAt.get(a.key)! - firstAt.get(b.key)!);
  if (query.sort?.descending) sorted.reverse();
  return sorted.map((r) => r.key);
}
const encodeLike = (f: Filter) => (f.field === 'lastModifiedDateTime' || f.field === 'creationDateTime' ? Date.parse(f.value) : f.value);

describe('list queries on columns', () => {
  it('sorts both ways with nulls first ascending and ties in the order rows were first written, filters every op, and follows deltas and sweeps', async () => {
    const ops = fc.array(
      fc.record({
        rows: fc.array(fc.record({ i: fc.integer({ min: 0, max: 30 }), name: fc.constantFrom('a', 'b', 'c'), modified: fc.option(fc.constantFrom('2025-01-01T00:00:00Z', '2025-02-01T00:00:00Z'), { nil: null }) }), { maxLength: 12 }),
        pass: fc.constantFrom('p1', 'p2'),
        sweep: fc.boolean(),
      }),
      { minLength: 1, maxLength: 6 },
    );
    await fc.assert(
      fc.asyncProperty(ops, async (steps) => {
        const db = openFakeDatabase();
        const store = createDexieMirrorStore(db);
        for (const step of steps) {
          const rows = step.rows.map((r) => userGroup(r.i, { name: r.name, lastModifiedDateTime: r.modified }));
          await store.applyPage({ endpoint: 'E20', scope, pass: step.pass, rows, quarantined: [], state: scopeState('E20', {}, rows.length) });
          if (step.sweep) await store.finishPass({ endpoint: 'E20', scope, pass: step.pass, sweep: true, state: scopeState('E20', {}, 0) });
          const all = await readScopeRows(db, scope);
          const firstAt = await firstWritten(db);
          const queries: ListQuery[] = [
            base,
            ...['name', 'lastModifiedDateTime', 'description'].flatMap((field) => [false, true].map((descending) => ({ ...base, sort: { field, descending } }))),
            ...(['eq', 'ne', 'lt', 'lte', 'gt', 'gte'] as const).map((op) => ({ ...base, sort: { field: 'name', descending: true }, filters: [{ field: 'name', op, value: 'b' }] })),
            // Ranges over a field with unset values: no range lets them through.
            ...(['lt', 'lte', 'gt', 'gte'] as const).map((op) => ({ ...base, sort: { field: 'name', descending: false }, filters: [{ field: 'lastModifiedDateTime', op, value: '2025-02-01T00:00:00Z' }] })),
          ];
          for (const query of queries) {
            expect((await readRows(db, query, 0, null)).map((r) => r.key)).toEqual(expected(all, query, firstAt));
            expect(await countRows(db, query)).toBe(expected(all, query, firstAt).length);
          }
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);

  it('reads a window from the middle of a long list with its current values', async () => {
    const db = openFakeDatabase();
    const store = createDexieMirrorStore(db);
    const rows = Array.from({ length: 2500 }, (_, i) => userGroup(i));
    for (let i = 0; i < rows.length; i += 1000) await store.applyPage({ endpoint: 'E20', scope, pass: 'p1', rows: rows.slice(i, i + 1000), quarantined: [], state: scopeState('E20', {}, i + 1000) });
    const query = { ...base, sort: { field: 'name', descending: true } };
    const names = rows.map((r) => r.name).sort().reverse();
    const window = names.slice(1200, 1203);
    expect((await readRows(db, query, 1200, 3)).map((r) => r.row.name)).toEqual(window);
    // A rename that keeps the row's place in the order: the window shows the new value.
    const middle = rows.find((r) => r.name === window[1])!;
    await store.putRow({ endpoint: 'E20', scope, row: { ...middle, name: `${middle.name} ` } });
    expect((await readRows(db, query, 1200, 3)).map((r) => r.row.name)).toEqual([window[0], `${window[1]} `, window[2]]);
  });

  it('picks a window near either end of an order without building it, exactly as the whole order cuts it', async () => {
    const residual = fc.array(
      fc.oneof(
        fc.record({ field: fc.constant('name'), op: fc.constantFrom('eq', 'ne', 'lt', 'lte', 'gt', 'gte' as const), key: fc.constantFrom('a', 'b', 'c', 'zz') }),
        fc.record({ field: fc.constant('lastModifiedDateTime'), op: fc.constantFrom('eq', 'gte', 'lt' as const), key: fc.constantFrom(-Infinity, Date.parse('2025-02-01T00:00:00Z')) }),
      ),
      { maxLength: 2 },
    );
    const queries = fc.array(
      fc.record({ field: fc.constantFrom(null, 'name', 'lastModifiedDateTime', 'description'), descending: fc.boolean(), residual, offset: fc.nat(45), limit: fc.option(fc.integer({ min: 0, max: 12 }), { nil: null }), built: fc.boolean() }),
      { minLength: 1, maxLength: 8 },
    );
    const rowsOf = fc.array(fc.record({ i: fc.integer({ min: 0, max: 40 }), name: fc.constantFrom('a', 'b', 'c'), modified: fc.option(fc.constant('2025-02-01T00:00:00Z'), { nil: null }) }), { minLength: 1, maxLength: 40 });
    await fc.assert(
      fc.asyncProperty(rowsOf, rowsOf, fc.boolean(), queries, fc.integer({ min: 1, max: 20 }), async (first, second, sweep, asked, pickLimit) => {
        const db = openFakeDatabase();
        const store = createDexieMirrorStore(db);
        const write = (pass: string, rows: typeof first) => {
          const groups = rows.map((r) => userGroup(r.i, { name: r.name, lastModifiedDateTime: r.modified }));
          return store.applyPage({ endpoint: 'E20', scope, pass, rows: groups, quarantined: [], state: scopeState('E20', {}, groups.length) });
        };
        await write('p1', first);
        // A second pass that sweeps leaves slots of removed rows dead; one row written on its own is a local slot.
        await write('p2', second);
        if (sweep) await store.finishPass({ endpoint: 'E20', scope, pass: 'p2', sweep: true, state: scopeState('E20', {}, 0) });
        await store.putRow({ endpoint: 'E20', scope, row: userGroup(second[0]!.i, { name: 'b' }) });
        const columns = await columnsOf(db, endpoints.E20, scope);
        for (const q of asked) {
          const residualOf: Residual[] = q.residual.map((r) => ({ field: r.field, op: r.op, key: r.key }));
          if (q.built) orderOf(columns, q.field);
          const answer = queryWindow(columns, q.field, q.descending, residualOf, q.offset, q.limit, pickLimit);
          // Computed without the cache of whole answers the first call may have filled.
          const whole = matchingSlots(columns, q.field, q.descending, residualOf);
          expect(answer.total).toBe(whole.length);
          expect([...answer.slots]).toEqual([...(q.limit === null ? whole.subarray(q.offset) : whole.subarray(q.offset, q.offset + q.limit))]);
        }
      }),
      { numRuns: 150 },
    );
  });
});
