import { describe, expect, it } from 'vitest';
import { createDexieMirrorStore, readScopeRows, scopeKey, type QuarantineEntry, type ScopeState } from '../../../src-shared/store/index.js';
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
  it('upserts pages, reads them with their encoded keys and sweeps rows a full pass did not see', async () => {
    const db = openFakeDatabase();
    const store = createDexieMirrorStore(db);
    await store.applyPage({ endpoint: 'E1', scope, pass: 'p1', rows: [item(1), item(2), item(3)], quarantined: [], state: state() });
    const rows = await readScopeRows(db, scope);
    const ordered = [...rows].sort((a, b) => (a.k.sortOrder as number) - (b.k.sortOrder as number));
    expect(ordered.map((r) => r.row.sortOrder)).toEqual([97, 98, 99]);
    const enabled = rows.filter((r) => r.k.isEnabled === 1);
    expect(enabled.map((r) => r.key)).toEqual([item(2).id]);

    await store.applyPage({ endpoint: 'E1', scope, pass: 'p2', rows: [item(1), item(3)], quarantined: [], state: state() });
    const { deleted } = await store.finishPass({ endpoint: 'E1', scope, pass: 'p2', sweep: true, state: state() });
    expect(deleted).toBe(1);
    expect((await readScopeRows(db, scope)).map((r) => r.key).sort()).toEqual([item(1).id, item(3).id]);
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

describe('the quarantine', () => {
  const bad = (n: number, reason: string) => ({ scope, endpoint: 'E1' as const, path: '$.data[0].sortOrder', reason, row: item(n, { sortOrder: 'ten' }), at: '2024-01-01T00:00:00Z' });
  const page = (pass: string, rows: ReturnType<typeof item>[], quarantined: QuarantineEntry[]) => ({ endpoint: 'E1' as const, scope, pass, rows, quarantined, state: state() });

  it('keeps only the latest reason for a row quarantined again', async () => {
    const db = openFakeDatabase();
    const store = createDexieMirrorStore(db);
    await store.applyPage(page('p1', [item(1)], [bad(2, 'first reason'), bad(3, 'other row')]));
    await store.applyPage(page('p2', [item(1)], [bad(2, 'second reason')]));
    await store.applyPage(page('p3', [], [bad(2, 'third reason')]));
    const entries = await db.quarantine.toArray();
    expect(entries.map((e) => [(e.row as { id: string }).id, e.reason]).sort()).toEqual([
      [item(2).id, 'third reason'],
      [item(3).id, 'other row'],
    ]);
  });

  it('drops a row’s entry once a valid copy of it arrives, and only in that list', async () => {
    const db = openFakeDatabase();
    const store = createDexieMirrorStore(db);
    const otherScope = scopeKey('E1', { dataListId: '00000000-0000-4000-8000-000000000002' });
    await store.applyPage(page('p1', [], [bad(2, 'bad'), bad(3, 'bad')]));
    await store.applyPage({ ...page('p1', [], []), scope: otherScope, quarantined: [{ ...bad(2, 'bad elsewhere'), scope: otherScope }] });
    await store.applyPage(page('p2', [item(2)], []));
    const left = await db.quarantine.toArray();
    expect(left.map((e) => [e.scope, (e.row as { id: string }).id]).sort()).toEqual([
      [scope, item(3).id],
      [otherScope, item(2).id],
    ].sort());
  });

  it('keeps every entry whose row has no readable key', async () => {
    const db = openFakeDatabase();
    const store = createDexieMirrorStore(db);
    const keyless = { ...bad(0, 'no id'), row: { sortOrder: 1 } };
    await store.applyPage(page('p1', [], [keyless, keyless]));
    await store.applyPage(page('p2', [item(1)], [keyless]));
    expect(await db.quarantine.count()).toBe(3);
  });
});
