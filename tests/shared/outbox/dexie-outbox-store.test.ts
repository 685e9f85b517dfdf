import { describe, expect, it } from 'vitest';
import { createDexieOutboxStore, type LocalRow, type OutboxEntry } from '../../../src-shared/outbox/index.js';
import { createDexieMirrorStore, getRow, pendingRows } from '../../../src-shared/store/index.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { categoryPatch, createBody, entryOf, GUID_A, GUID_B, MODULE, POST, TEMP, titlePatch, USER } from './fixtures.js';

const SERVER_ID = '55555555-5555-4555-8555-555555555555';

async function setup() {
  const db = openFakeDatabase();
  const store = createDexieOutboxStore(db);
  const posts = 'posts';
  const users = 'users';
  // Rows are read by scope and key; the table is named for the reader.
  const rowOf = async (_table: string, scope: string, key: string) => ((await getRow(db, scope, key)) ?? undefined) as LocalRow | undefined;
  return { db, store, posts, users, rowOf };
}

describe('the Dexie outbox store', () => {
  it('writes an entry and its pending local copy in one go, on top of the mirrored row', async () => {
    const { db, store, users, rowOf } = await setup();
    await createDexieMirrorStore(db).putRow({ endpoint: 'E19', scope: `E19:${USER}`, row: { id: USER, name: 'Ada', title: 'Old' } });
    const entry = entryOf(titlePatch(USER, 'New'));
    await store.outboxPut({ entries: [entry] });
    expect(await store.outboxList()).toEqual([entry]);
    expect(await rowOf(users, `E19:${USER}`, USER)).toMatchObject({
      row: { id: USER, name: 'Ada', title: 'New' },
      pending: 1,
      base: { id: USER, name: 'Ada', title: 'Old' },
    });
    expect((await pendingRows(db)).map((r) => r.key)).toEqual([USER]);
  });

  it('puts the server copy back when the last pending edit is discarded', async () => {
    const { db, store, users, rowOf } = await setup();
    await createDexieMirrorStore(db).putRow({ endpoint: 'E19', scope: `E19:${USER}`, row: { id: USER, title: 'Old' } });
    const a = entryOf(titlePatch(USER, 'A'));
    const b = entryOf({ kind: 'patchUser', userId: USER, ops: [{ op: 'add', path: '/initials', value: 'X' }] });
    await store.outboxPut({ entries: [a, b] });
    await store.outboxPut({ entries: [{ ...a, state: 'discarded' }] });
    expect((await rowOf(users, `E19:${USER}`, USER))?.row).toEqual({ id: USER, title: 'Old', initials: 'X' });
    await store.outboxPut({ entries: [{ ...b, state: 'discarded' }] });
    const settled = await rowOf(users, `E19:${USER}`, USER);
    expect(settled).toMatchObject({ row: { id: USER, title: 'Old' } });
    expect(settled?.pending).toBeUndefined();
    expect(settled && 'base' in settled).toBe(false);
  });

  it('shows a post created offline under its temporary id, and moves it to the server id when settled', async () => {
    const { store, posts, rowOf } = await setup();
    const create = entryOf({ kind: 'createPost', moduleId: MODULE, tempId: TEMP, body: createBody() });
    const edit = entryOf(categoryPatch(TEMP, GUID_A));
    await store.outboxPut({ entries: [create, edit] });
    expect(await rowOf(posts, `E3:${MODULE}`, TEMP)).toMatchObject({ pending: 1, row: { id: TEMP, categoryId: GUID_A, name: 'Canteen menu' }, base: null });

    const sent: OutboxEntry = { ...create, state: 'sent', serverId: SERVER_ID };
    const remapped: OutboxEntry = { ...edit, target: `post:${MODULE}/${SERVER_ID}`, edit: { ...categoryPatch(SERVER_ID, GUID_A) } };
    const serverRow = { id: SERVER_ID, categoryId: GUID_B, status: 'Published' };
    await store.outboxSettle({ entries: [sent, remapped], target: `post:${MODULE}/${SERVER_ID}`, row: serverRow });

    expect(await rowOf(posts, `E3:${MODULE}`, TEMP)).toBeUndefined();
    expect(await rowOf(posts, `E3:${MODULE}`, SERVER_ID)).toMatchObject({
      pending: 1,
      base: serverRow,
      row: { id: SERVER_ID, categoryId: GUID_A, status: 'Published' },
    });
    await store.outboxSettle({ entries: [{ ...remapped, state: 'sent' }], target: remapped.target, row: { ...serverRow, categoryId: GUID_A } });
    const final = await rowOf(posts, `E3:${MODULE}`, SERVER_ID);
    expect(final).toMatchObject({ row: { id: SERVER_ID, categoryId: GUID_A } });
    expect(final?.pending).toBeUndefined();
  });

  it('removes a post created offline when its create is discarded', async () => {
    const { store, posts, rowOf } = await setup();
    const create = entryOf({ kind: 'createPost', moduleId: MODULE, tempId: TEMP, body: createBody() });
    await store.outboxPut({ entries: [create] });
    await store.outboxPut({ entries: [{ ...create, state: 'discarded' }] });
    expect(await rowOf(posts, `E3:${MODULE}`, TEMP)).toBeUndefined();
    expect((await store.outboxList()).map((e) => e.state)).toEqual(['discarded']);
  });

  it('is idempotent by entry id and forgets removed entries', async () => {
    const { store, users, rowOf } = await setup();
    const entry = entryOf(titlePatch(USER, 'A'));
    await store.outboxPut({ entries: [entry] });
    await store.outboxPut({ entries: [entry] });
    expect(await store.outboxList()).toHaveLength(1);
    await store.outboxRemove([entry.id]);
    expect(await store.outboxList()).toEqual([]);
    expect(await rowOf(users, `E19:${USER}`, USER)).toBeUndefined();
  });

  it('lists entries in seq order', async () => {
    const { store } = await setup();
    const a = entryOf(titlePatch(USER, 'A'));
    const b = entryOf(categoryPatch(POST, GUID_A));
    await store.outboxPut({ entries: [b, a] });
    expect((await store.outboxList()).map((e) => e.id)).toEqual([a.id, b.id]);
  });
});
