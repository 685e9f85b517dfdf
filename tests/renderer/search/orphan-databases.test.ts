import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { removeOrphanDatabases } from '../../../src-renderer/stores/workspaces-store.js';
import type { WorkspaceList } from '../../../src-shared/workspaces/index.js';

function create(factory: IDBFactory, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, 1);
    request.onsuccess = () => {
      request.result.close();
      resolve();
    };
    request.onerror = () => reject(request.error);
  });
}

describe('removeOrphanDatabases', () => {
  it('keeps a listed workspace’s cache and its search index, and deletes both of a removed one', async () => {
    const factory = new IDBFactory();
    for (const name of ['outpost-ws-a', 'outpost-ws-a-search', 'outpost-ws-b', 'outpost-ws-b-search']) await create(factory, name);
    const list = { active: 'a', workspaces: [{ id: 'a', databaseName: 'outpost-ws-a' }] } as unknown as WorkspaceList;
    expect((await removeOrphanDatabases(list, factory as unknown as IDBFactory)).sort()).toEqual(['outpost-ws-b', 'outpost-ws-b-search']);
    expect((await factory.databases()).map((d) => d.name).sort()).toEqual(['outpost-ws-a', 'outpost-ws-a-search']);
  });
});
