import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createDexieMirrorStore, openDatabase, scopeKey } from '../../../src-shared/store/index.js';
import { distinctValues, valueCounts } from '../../../src-renderer/list/column-values.js';
import { firstRowsBy } from '../../../src-renderer/list/run-list-query.js';
import { scopeState } from '../helpers/renderer-context.js';
import { userGroup } from '../helpers/rows.js';

const scope = scopeKey('E20', {});

function setup() {
  const db = openDatabase({ indexedDB: new IDBFactory(), IDBKeyRange });
  const store = createDexieMirrorStore(db);
  const page = async (pass: string, rows: ReturnType<typeof userGroup>[]) => {
    await store.applyPage({ endpoint: 'E20', scope, pass, rows, quarantined: [], state: scopeState('E20', {}, rows.length) });
  };
  return { db, store, page };
}

describe('whole-list answers of a field, from the list engine', () => {
  it('reads the first rows in the order of a field, each row current copy, and leaves out rows a sweep removed', async () => {
    const { db, store, page } = setup();
    await page('p1', [0, 1, 2, 3, 4].map((i) => userGroup(i, { name: `Group ${9 - i}` })));
    await store.putRow({ endpoint: 'E20', scope, row: userGroup(2, { name: 'Group 0 edited' }) });
    expect((await firstRowsBy(db, scope, 'name', 3)).map((r) => r.row.name)).toEqual(['Group 0 edited', 'Group 5', 'Group 6']);

    // A new pass without rows 3 and 4, swept: they are gone from the order.
    await page('p2', [0, 1, 2].map((i) => userGroup(i, { name: `Group ${9 - i}` })));
    await store.finishPass({ endpoint: 'E20', scope, pass: 'p2', sweep: true, state: scopeState('E20', {}, 3) });
    expect((await firstRowsBy(db, scope, 'name', 5)).map((r) => [r.row.name, r.pass])).toEqual([['Group 7', 'p2'], ['Group 8', 'p2'], ['Group 9', 'p2']]);
    // A field that is no column of the list has no order.
    expect(await firstRowsBy(db, scope, 'url', 5)).toEqual([]);
    db.close();
  });

  it('counts live rows per value, following edits and removals, and lists distinct values without nulls', async () => {
    const { db, store, page } = setup();
    await page('p1', [0, 1, 2, 3].map((i) => userGroup(i, { description: i < 3 ? 'kept' : null })));
    expect([...(await valueCounts(db, scope, 'description'))].sort()).toEqual([[-Infinity, 1], ['kept', 3]]);
    await store.putRow({ endpoint: 'E20', scope, row: userGroup(0, { description: 'edited' }) });
    await page('p2', [0, 1].map((i) => userGroup(i, { description: i === 0 ? 'edited' : 'kept' })));
    await store.finishPass({ endpoint: 'E20', scope, pass: 'p2', sweep: true, state: scopeState('E20', {}, 2) });
    expect([...(await valueCounts(db, scope, 'description'))].sort()).toEqual([['edited', 1], ['kept', 1]]);
    expect((await distinctValues(db, 'userGroups', 'description')).sort()).toEqual(['edited', 'kept']);
    db.close();
  });

  it('counts only the rows that pass filters, when given them, as the list shows them', async () => {
    const { db, page } = setup();
    await page('p1', [0, 1, 2, 3, 4, 5].map((i) => userGroup(i, { description: i % 2 === 0 ? 'even' : 'odd', name: `Group ${i}` })));
    const byName = (op: 'lt' | 'gte' | 'eq', value: string) => [{ field: 'name', op, key: value }] as const;
    expect([...(await valueCounts(db, scope, 'description', byName('lt', 'Group 3')))].sort()).toEqual([['even', 2], ['odd', 1]]);
    expect([...(await valueCounts(db, scope, 'description', byName('gte', 'Group 3')))].sort()).toEqual([['even', 1], ['odd', 2]]);
    // A value no row has: nothing counted.
    expect([...(await valueCounts(db, scope, 'description', byName('eq', 'Group 9')))]).toEqual([]);
    // Without filters, every live row.
    expect([...(await valueCounts(db, scope, 'description'))].sort()).toEqual([['even', 3], ['odd', 3]]);
    db.close();
  });
});
