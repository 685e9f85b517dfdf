import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import {
  createDexieMirrorStore,
  DB_NAME,
  getRow,
  openDatabase,
  readScopeRows,
  SCHEMA_HISTORY,
  SCHEMA_VERSION,
  scopeId,
  scopeKey,
} from '../../../src-shared/store/index.js';

/** Versions that stored one record per row (the chunked versions are upgraded below). */
const earlier = SCHEMA_HISTORY.filter((s) => s.version < SCHEMA_VERSION && typeof s.stores['userGroups'] === 'string');
const scope = scopeKey('E20', {});

describe('database schema versions', () => {
  it('has versions in increasing order, each declaring every table of the one before (dropped ones as null)', () => {
    const versions = SCHEMA_HISTORY.map((s) => s.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
    SCHEMA_HISTORY.slice(1).forEach((step, i) => {
      const before = Object.keys(SCHEMA_HISTORY[i]!.stores).filter((t) => SCHEMA_HISTORY[i]!.stores[t] !== null);
      for (const table of before) expect(Object.keys(step.stores)).toContain(table);
    });
    const current = SCHEMA_HISTORY.at(-1)!.stores;
    expect(Object.keys(current).filter((t) => current[t] !== null).sort()).toEqual(['chunkBodies', 'chunkHeads', 'listCaches', 'meta', 'outbox', 'overlay', 'quarantine', 'revisions', 'scopes', 'sources']);
  });

  it.each(earlier.map((s) => [s.version]))('upgrades a database written at version %i without losing rows or edits', async (version) => {
    const indexedDB = new IDBFactory();
    const old = openDatabase({ indexedDB, IDBKeyRange }, DB_NAME, version);
    await old.open();
    expect(old.verno).toBe(version);
    // Before version 3 a row's scope was its scope key; a row of another list must stay apart.
    const row = { key: 'g1', pass: 'p1', row: { id: 'g1', name: 'Drivers' }, k: { name: 'Drivers' } };
    // From version 3 on, a row's scope is its scopeId and the key is kept beside it.
    const scoped = (key: string) => (version >= 3 ? { scope: scopeId(key), scopeKey: key } : { scope: key });
    await old.table('userGroups').bulkPut([
      { ...row, ...scoped(scope) },
      { ...row, ...scoped('E4:m1/c1'), key: 'g2' },
    ]);
    await old.outbox.bulkPut([
      { id: 'e2', target: 'user:u1', state: 'queued', seq: 2, createdAt: '2025-01-01T00:00:01Z' },
      { id: 'e1', target: 'user:u1', state: 'queued', seq: 1, createdAt: '2025-01-01T00:00:00Z' },
    ]);
    await old.quarantine.add({ scope, endpoint: 'E20', path: '$.data[0].id', reason: 'expected a guid', row: {}, at: '2025-01-01T00:00:00Z' });
    old.close();

    const current = openDatabase({ indexedDB, IDBKeyRange });
    await current.open();
    expect(current.verno).toBe(SCHEMA_VERSION);
    expect(await getRow(current, scope, 'g1')).toMatchObject({ scope: scopeId(scope), scopeKey: scope, pass: 'p1', row: { name: 'Drivers' }, k: { name: 'Drivers' } });
    expect((await readScopeRows(current, scope)).map((r) => r.key)).toEqual(['g1']);
    expect(await getRow(current, 'E4:m1/c1', 'g2')).toMatchObject({ scopeKey: 'E4:m1/c1' });
    expect(current.tables.map((t) => t.name)).not.toContain('userGroups');
    const ordered = await current.outbox.where('[target+seq]').between(['user:u1', -Infinity], ['user:u1', Infinity]).toArray();
    expect(ordered.map((e) => e.id)).toEqual(['e1', 'e2']);
    expect(await current.quarantine.where('[scope+at]').between([scope, ''], [scope, '\uffff']).count()).toBe(1);
    current.close();
  });
});

describe('the upgrade to chunks (version 4)', () => {
  it('moves every row of a version 3 table into chunks per scope and pass, and local copies into the overlay', async () => {
    const indexedDB = new IDBFactory();
    const old = openDatabase({ indexedDB, IDBKeyRange }, DB_NAME, 3);
    await old.open();
    const big = scopeKey('E18', {});
    const record = (key: string, pass: string) => ({ scope: scopeId(big), scopeKey: big, key, pass, row: { id: key, name: `User ${key}` }, k: {} });
    await old.table('users').bulkPut([
      ...Array.from({ length: 2300 }, (_, i) => record(`u${String(i).padStart(5, '0')}`, i < 2000 ? 'full' : 'delta')),
      { ...record('u-local', 'full'), row: { id: 'u-local', name: 'Edited' }, pending: 1, base: { id: 'u-local', name: 'Server' } },
    ]);
    old.close();

    const current = openDatabase({ indexedDB, IDBKeyRange });
    await current.open();
    const rows = await readScopeRows(current, big);
    expect(rows).toHaveLength(2301);
    expect(new Set(rows.map((r) => r.key)).size).toBe(2301);
    expect(await getRow(current, big, 'u02100')).toMatchObject({ pass: 'delta', row: { name: 'User u02100' } });
    expect(await getRow(current, big, 'u-local')).toMatchObject({ pending: 1, pass: 'full', base: { name: 'Server' }, row: { name: 'Edited' } });
    const heads = await current.chunkHeads.toArray();
    // As the mirror writes pages: chunks of at most 500 rows, per pass.
    expect(heads.map((h) => [h.pass, h.keys.length])).toEqual([...Array.from({ length: 4 }, () => ['full', 500]), ['delta', 300]]);
    expect((await current.revisions.get(scopeId(big)))?.seq).toBe(6);
    current.close();
  });
});

describe('the list caches (version 5)', () => {
  it('keeps every chunk, edit and revision of a version 4 database and starts without list caches', async () => {
    const indexedDB = new IDBFactory();
    const old = openDatabase({ indexedDB, IDBKeyRange }, DB_NAME, 4);
    await old.open();
    expect(old.tables.map((t) => t.name)).not.toContain('listCaches');
    const store = createDexieMirrorStore(old);
    const rows = [{ id: 'g1', name: 'Drivers' }, { id: 'g2', name: 'Cooks' }];
    await store.applyPage({ endpoint: 'E20', scope, pass: 'p1', rows, quarantined: [], state: { scope, endpoint: 'E20', params: {}, parent: null, status: 'idle', pass: null, lastFullAt: null, lastDeltaAt: null, highWater: { created: null, modified: null }, lastError: null, reason: null, rowCount: 2 } });
    await old.outbox.put({ id: 'e1', target: 'user:u1', state: 'queued', seq: 1, createdAt: '2025-01-01T00:00:00Z' });
    const revision = await old.revisions.get(scopeId(scope));
    old.close();

    const current = openDatabase({ indexedDB, IDBKeyRange });
    await current.open();
    expect(current.verno).toBe(SCHEMA_VERSION);
    expect((await readScopeRows(current, scope)).map((r) => r.row['name']).sort()).toEqual(['Cooks', 'Drivers']);
    expect(await current.revisions.get(scopeId(scope))).toEqual(revision);
    expect(await current.outbox.count()).toBe(1);
    expect(await current.listCaches.count()).toBe(0);
    current.close();
  });

  it('drops the caches of a list when its scope or the whole mirror is removed', async () => {
    const db = openDatabase({ indexedDB: new IDBFactory(), IDBKeyRange });
    const store = createDexieMirrorStore(db);
    const other = 'E4:m1/c1';
    const put = (key: string, part: string) => db.listCaches.put({ scope: scopeId(key), part, seq: 1, value: { part } });
    await Promise.all([put(scope, 'columns'), put(scope, 'first'), put(other, 'columns')]);
    await store.removeScopes([scope]);
    expect((await db.listCaches.toArray()).map((r) => r.scope)).toEqual([scopeId(other)]);
    await store.clearMirror();
    expect(await db.listCaches.count()).toBe(0);
    db.close();
  });
});
