import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { publishedUserIds, rememberUsers, userIdOfInput } from '../../../../src-main/core/sources/known-users.js';
import { startServer } from '../../../../src-server/index.js';
import { createDexieMirrorStore, getRow, openDatabase, scopeKey, type MirrorStore } from '../../../../src-shared/store/index.js';

const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const B = 'BBBBBBBB-BBBB-4BBB-8BBB-BBBBBBBBBBBB';

describe('known users', () => {
  it('reads the user ids a published sources document lists', async () => {
    expect(publishedUserIds({ users: [A, B, 'nope', 7] })).toEqual([A, B.toLowerCase()]);
    expect(publishedUserIds({ calendars: [] })).toEqual([]);
    expect(publishedUserIds(null)).toEqual([]);
    const server = await startServer({ quiet: true, seed: 1 });
    try {
      const body = await (await fetch(`${server.url}/demo/sources`)).json();
      expect(server.sources.users.length).toBeGreaterThan(0);
      expect(publishedUserIds(body)).toEqual(server.sources.users);
    } finally {
      await server.close();
    }
  });

  it.each([
    [A, A],
    [`https://portal.acme.example/users/${B}/profile`, B.toLowerCase()],
    [`${A} ${B}`, null],
    ['no id here', null],
  ])('finds the one user id in %s', (input, expected) => {
    expect(userIdOfInput(input)).toBe(expected);
  });

  it('adds a row { id } only for users without one', async () => {
    const db = openDatabase({ indexedDB: new IDBFactory(), IDBKeyRange });
    const store = createDexieMirrorStore(db);
    await store.putRow({ endpoint: 'E19', scope: scopeKey('E19', { userId: A }), row: { id: A, name: 'Ann' } });
    expect(await rememberUsers(store, [A, B.toLowerCase()])).toBe(1);
    expect((await getRow(db, scopeKey('E19', { userId: A }), A))?.row).toEqual({ id: A, name: 'Ann' });
    expect((await getRow(db, scopeKey('E19', { userId: B.toLowerCase() }), B.toLowerCase()))?.row).toEqual({ id: B.toLowerCase() });
    expect(await rememberUsers(store, [A, B.toLowerCase()])).toBe(0);
    db.close();
  });

  it('looks at every id side by side, each once, not one round trip to the store after another', async () => {
    const rows = new Map<string, Record<string, unknown>[]>();
    let inFlight = 0;
    let most = 0;
    const later = async <T>(work: () => T): Promise<T> => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight -= 1;
      return work();
    };
    const looked: string[] = [];
    const store: Pick<MirrorStore, 'scopeRows' | 'putRow'> = {
      scopeRows: (_endpoint, scope) => later(() => (looked.push(scope), rows.get(scope) ?? [])),
      putRow: ({ scope, row }) => later(() => void rows.set(scope, [row])),
    };
    const ids = Array.from({ length: 12 }, (_, i) => `${String(i).padStart(8, '0')}-aaaa-4aaa-8aaa-aaaaaaaaaaaa`);
    expect(await rememberUsers(store, [...ids, ids[0]!])).toBe(12);
    expect(most).toBe(12);
    expect(looked).toHaveLength(12);
    expect(rows.size).toBe(12);
  });
});
