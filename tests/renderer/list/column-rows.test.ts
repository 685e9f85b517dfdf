import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../src-shared/api/index.js';
import { createDexieMirrorStore, openDatabase, scopeKey } from '../../../src-shared/store/index.js';
import { rowsAt } from '../../../src-renderer/list/column-rows.js';
import { columnsOf } from '../../../src-renderer/list/columns-registry.js';
import { scopeState } from '../helpers/renderer-context.js';
import { userGroup } from '../helpers/rows.js';

const scope = scopeKey('E20', {});

describe('rows at slots of a list', () => {
  it('reads each slot current copy, from its chunk or as a single row, in the order asked, and skips slots whose row is gone', async () => {
    const db = openDatabase({ indexedDB: new IDBFactory(), IDBKeyRange });
    const store = createDexieMirrorStore(db);
    const page = async (pass: string, ids: number[]) => {
      const rows = ids.map((i) => userGroup(i, { name: `${pass} ${i}` }));
      await store.applyPage({ endpoint: 'E20', scope, pass, rows, quarantined: [], state: scopeState('E20', {}, rows.length) });
    };
    await page('p1', [0, 1, 2, 3, 4]);
    await store.putRow({ endpoint: 'E20', scope, row: userGroup(2, { name: 'edited 2' }) });
    const columns = await columnsOf(db, endpoints.E20, scope);
    const slots = [4, 2, 0].map((i) => columns.slotOfKey(userGroup(i).id as string)!);
    const rows = await rowsAt(db, columns, slots);
    expect(rows.map((r) => r.row.name)).toEqual(['p1 4', 'edited 2', 'p1 0']);
    expect([rows[0]!.pass, rows[2]!.pass]).toEqual(['p1', 'p1']);

    // A new pass that no longer has rows 3 and 4, swept: their slots are asked for and left out.
    await page('p2', [0, 1, 2]);
    await store.finishPass({ endpoint: 'E20', scope, pass: 'p2', sweep: true, state: scopeState('E20', {}, 3) });
    const after = await columnsOf(db, endpoints.E20, scope);
    const all = Array.from({ length: after.count }, (_, slot) => slot);
    expect((await rowsAt(db, after, all)).map((r) => r.row.name).sort()).toEqual(['p2 0', 'p2 1', 'p2 2']);
    db.close();
  });
});
