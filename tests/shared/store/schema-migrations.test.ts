import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import {
  DB_NAME,
  mirrorKey,
  mirrorTable,
  openDatabase,
  SCHEMA_HISTORY,
  SCHEMA_VERSION,
  scopeId,
  scopeKey,
  scopeRowsOf,
} from '../../../src-shared/store/index.js';

const earlier = SCHEMA_HISTORY.filter((s) => s.version < SCHEMA_VERSION);
const scope = scopeKey('E20', {});

describe('database schema versions', () => {
  it('has versions in increasing order, each declaring every table', () => {
    const versions = SCHEMA_HISTORY.map((s) => s.version);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(versions.length);
    const current = Object.keys(SCHEMA_HISTORY.at(-1)!.stores);
    for (const step of SCHEMA_HISTORY) expect(Object.keys(step.stores).sort()).toEqual([...current].sort());
  });

  it.each(earlier.map((s) => [s.version]))('upgrades a database written at version %i without losing rows or edits', async (version) => {
    const indexedDB = new IDBFactory();
    const old = openDatabase({ indexedDB, IDBKeyRange }, DB_NAME, version);
    await old.open();
    expect(old.verno).toBe(version);
    // Before version 3 a row's scope was its scope key; a row of another list must stay apart.
    const row = { key: 'g1', pass: 'p1', row: { id: 'g1', name: 'Drivers' }, k: { name: 'Drivers' } };
    await old.table('userGroups').bulkPut([
      { ...row, scope },
      { ...row, scope: 'E4:m1/c1', key: 'g2' },
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
    expect(await mirrorTable(current, 'userGroups').get(mirrorKey(scope, 'g1'))).toMatchObject({ scope: scopeId(scope), scopeKey: scope, row: { name: 'Drivers' } });
    expect((await scopeRowsOf(current, 'userGroups', scope).toArray()).map((r) => r.key)).toEqual(['g1']);
    expect(await mirrorTable(current, 'userGroups').get(mirrorKey('E4:m1/c1', 'g2'))).toMatchObject({ scopeKey: 'E4:m1/c1' });
    expect(await current.table('userGroups').where('[scope+k.name]').between([scopeId(scope), ''], [scopeId(scope), '\uffff']).count()).toBeGreaterThan(0);
    const ordered = await current.outbox.where('[target+seq]').between(['user:u1', -Infinity], ['user:u1', Infinity]).toArray();
    expect(ordered.map((e) => e.id)).toEqual(['e1', 'e2']);
    expect(await current.quarantine.where('[scope+at]').between([scope, ''], [scope, '\uffff']).count()).toBe(1);
    current.close();
  });
});
