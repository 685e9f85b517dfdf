import { describe, expect, it } from 'vitest';
import { createDexieMirrorStore, mirrorTable, scopeId, scopeKey, type ScopeState } from '../../../src-shared/store/index.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';

const scope = scopeKey('E1', { dataListId: '00000000-0000-4000-8000-000000000001' });

function state(): ScopeState {
  return {
    scope, endpoint: 'E1', params: { dataListId: '00000000-0000-4000-8000-000000000001' }, parent: null,
    status: 'syncing', pass: null, lastFullAt: null, lastDeltaAt: null,
    highWater: { created: null, modified: null }, lastError: null, reason: null, rowCount: 0,
  };
}

const item = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  sortOrder: 100 - n,
  isEnabled: n % 2 === 0,
  creationDateTime: `2024-01-0${(n % 9) + 1}T10:00:00Z`,
  ...extra,
});

describe('dexie mirror store', () => {
  it('upserts pages, reads them in index order and sweeps rows a full pass did not see', async () => {
    const db = openFakeDatabase();
    const store = createDexieMirrorStore(db);
    await store.applyPage({ endpoint: 'E1', scope, pass: 'p1', rows: [item(1), item(2), item(3)], quarantined: [], state: state() });
    const table = mirrorTable(db, 'dataListItems');
    const ordered = await table.where('[scope+k.sortOrder]').between([scopeId(scope), -Infinity], [scopeId(scope), Infinity]).toArray();
    expect(ordered.map((r) => r.row.sortOrder)).toEqual([97, 98, 99]);
    const enabled = await table.where('[scope+k.isEnabled]').equals([scopeId(scope), 1]).toArray();
    expect(enabled.map((r) => r.key)).toEqual([item(2).id]);

    await store.applyPage({ endpoint: 'E1', scope, pass: 'p2', rows: [item(1), item(3)], quarantined: [], state: state() });
    const { deleted } = await store.finishPass({ endpoint: 'E1', scope, pass: 'p2', sweep: true, state: state() });
    expect(deleted).toBe(1);
    expect((await table.toArray()).map((r) => r.key).sort()).toEqual([item(1).id, item(3).id]);
    expect((await db.scopes.get(scope))?.rowCount).toBe(2);
  });

  it('stores the page, its quarantined rows and the checkpoint together', async () => {
    const db = openFakeDatabase();
    const store = createDexieMirrorStore(db);
    await store.applyPage({
      endpoint: 'E1', scope, pass: 'p1', rows: [item(1)],
      quarantined: [{ scope, endpoint: 'E1', path: '$.data[1].id', reason: 'expected a guid', row: { id: 'x' }, at: '2024-01-01T00:00:00Z' }],
      state: { ...state(), pass: { id: 'p1', mode: 'full', nextUrl: 'http://x/next', nextUrlIssuedAt: null, pages: 1, rows: 1, startedAt: 'now' } },
    });
    expect(await db.quarantine.count()).toBe(1);
    expect((await db.scopes.get(scope))?.pass?.nextUrl).toBe('http://x/next');
  });
});
