// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { Dexie } from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import StorageFailure from '../../../src-renderer/components/StorageFailure.vue';
import { assertSchemaPresent, clearLocalCache, describeStorageError, requestPersistentStorage } from '../../../src-renderer/db/storage-health.js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { DB_NAME, openDatabase } from '../../../src-shared/store/index.js';

const domError = (name: string, message = 'it failed') => Object.assign(new Error(message), { name });

describe('describeStorageError', () => {
  it.each([
    [domError('QuotaExceededError'), 'The disk is full', true],
    [new Dexie.AbortError('aborted', domError('QuotaExceededError')), 'The disk is full', true],
    [domError('VersionError'), 'The local cache is from a newer Outpost', true],
    [domError('MissingAPIError'), 'Local storage is not available', false],
    [domError('UnknownError', 'Internal error opening backing store'), 'The local cache could not be opened', true],
    ['a string', 'The local cache could not be opened', true],
  ])('%s → %s', (error, title, clearable) => {
    const problem = describeStorageError(error);
    expect(problem.title).toBe(title);
    expect(problem.clearable).toBe(clearable);
  });

  it('quotes what IndexedDB said when it is not a known failure', () => {
    expect(describeStorageError(domError('UnknownError', 'backing store broke')).message).toContain('backing store broke');
  });
});

describe('requestPersistentStorage', () => {
  it.each([
    [undefined, 'unsupported'],
    [{ persist: async () => true, persisted: async () => false }, 'persisted'],
    [{ persist: async () => false, persisted: async () => false }, 'declined'],
    [{ persist: vi.fn(async () => true), persisted: async () => true }, 'persisted'],
    [{ persist: async () => { throw new Error('denied'); }, persisted: async () => false }, 'unsupported'],
  ])('%#: %s', async (storage, expected) => {
    expect(await requestPersistentStorage(storage as never)).toBe(expected);
  });
});

describe('clearing the local cache', () => {
  it('deletes the database and reloads', async () => {
    const indexedDB = new IDBFactory();
    const db = openDatabase({ indexedDB, IDBKeyRange });
    await db.meta.put({ key: 'k', value: 1 });
    const reload = vi.fn();
    await clearLocalCache(db, reload);
    expect(reload).toHaveBeenCalledOnce();
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(DB_NAME);
  });

  it('shows the problem instead of a blank window and offers the way out', async () => {
    const clear = vi.fn(async () => undefined);
    const wrapper = mount(StorageFailure, { props: { problem: describeStorageError(domError('QuotaExceededError')), clear } });
    expect(wrapper.text()).toContain('The disk is full');
    await wrapper.get('button').trigger('click');
    expect(clear).toHaveBeenCalledOnce();
  });

  it('offers no button when clearing would not help', () => {
    const wrapper = mount(StorageFailure, { props: { problem: describeStorageError(domError('MissingAPIError')), clear: async () => undefined } });
    expect(wrapper.find('button').exists()).toBe(false);
  });
});

describe('a cache written by a newer version', () => {
  it('is refused as a VersionError when tables this build needs are missing', async () => {
    const indexedDB = new IDBFactory();
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(DB_NAME, 999);
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    const db = openDatabase({ indexedDB, IDBKeyRange });
    await db.open();
    expect(() => assertSchemaPresent(db)).toThrow(expect.objectContaining({ name: 'VersionError' }));
    db.close();
  });

  it('passes a database this build created', async () => {
    const db = openDatabase({ indexedDB: new IDBFactory(), IDBKeyRange });
    await db.open();
    expect(() => assertSchemaPresent(db)).not.toThrow();
  });
});
