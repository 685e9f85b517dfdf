import { defineStore } from 'pinia';
import { computed, shallowRef } from 'vue';
import type { ConnectionTestResult, WorkspaceDraft, WorkspaceList, WorkspaceSummary } from '../../src-shared/workspaces/index.js';
import type { MenuAction } from '../../src-shared/bridge/index.js';
import { useAppContext } from '../app-context.js';
import { searchDatabaseName } from '../search/search-store.js';

/** Deletes a workspace's IndexedDB database (closed first when it is this window's). */
export function deleteDatabase(name: string, indexedDB: IDBFactory = window.indexedDB): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error(`could not delete ${name}`));
  });
}

/**
 * Deletes the databases of workspaces main no longer lists (removed while this window
 * was closed, or a removal cut short), so a removed workspace leaves no cache behind.
 */
export async function removeOrphanDatabases(list: WorkspaceList, indexedDB: IDBFactory = window.indexedDB): Promise<string[]> {
  // A workspace's search index lives beside its cache (`<database>-search`).
  const known = new Set(list.workspaces.flatMap((w) => [w.databaseName, searchDatabaseName(w.databaseName)]));
  const present = (await indexedDB.databases?.()) ?? [];
  const orphans = present.map((d) => d.name ?? '').filter((name) => name.startsWith('outpost-ws-') && !known.has(name));
  await Promise.all(orphans.map((name) => deleteDatabase(name, indexedDB).catch(() => undefined)));
  return orphans;
}

/** Where the window opens after a workspace is connected: the sources walkthrough. */
export const AFTER_CONNECT_ROUTE = '/sources?first=1';

/**
 * The workspaces, like a mail client's accounts: which exist, which one this window
 * shows, and the ways to add, switch, remove and sign in again. Switching reloads the
 * window on the other workspace's database: every cache stays where it is.
 */
export const useWorkspacesStore = defineStore('workspaces', () => {
  const { bridge } = useAppContext();
  const list = shallowRef<WorkspaceList | null>(null);
  /** Replaced in tests; the window restarts on the active workspace's database. */
  let reload = () => window.location.reload();
  /** Reloads on a route of the new workspace's window. */
  const openAt = (route: string) => {
    window.location.hash = `#${route}`;
    reload();
  };

  const workspaces = computed<readonly WorkspaceSummary[]>(() => list.value?.workspaces ?? []);
  const current = computed(() => workspaces.value.find((w) => w.id === list.value?.active) ?? null);

  async function refresh(): Promise<WorkspaceList | null> {
    const result = await bridge.call('workspaces.list', {});
    if (result.ok) list.value = result.data;
    return result.ok ? result.data : null;
  }

  async function test(draft: WorkspaceDraft): Promise<ConnectionTestResult> {
    const result = await bridge.call('workspaces.test', { draft });
    if (result.ok) return result.data;
    return { ok: false, problem: 'unreachable', title: 'The app could not run the test', message: result.error.message, detail: null, scopes: null };
  }

  async function add(draft: WorkspaceDraft, name?: string): Promise<string | null> {
    const result = await bridge.call('workspaces.add', name ? { draft, name } : { draft });
    if (!result.ok) return result.error.message;
    // A real workspace publishes no sources: the window opens on the step that adds them.
    openAt(AFTER_CONNECT_ROUTE);
    return null;
  }

  async function addDemo(): Promise<string | null> {
    const result = await bridge.call('workspaces.addDemo', {});
    if (!result.ok) return result.error.message;
    reload();
    return null;
  }

  async function switchTo(id: string): Promise<string | null> {
    if (id === list.value?.active) return null;
    const result = await bridge.call('workspaces.switch', { id });
    if (!result.ok) return result.error.message;
    reload();
    return null;
  }

  /** Removes a workspace and its database; `closeOpen` closes this window's database when it is that one. */
  async function remove(id: string, closeOpen: () => void): Promise<string | null> {
    const wasOpen = id === list.value?.active;
    const result = await bridge.call('workspaces.remove', { id });
    if (!result.ok) return result.error.message;
    if (wasOpen) closeOpen();
    await deleteDatabase(result.data.databaseName).catch(() => undefined);
    // Another workspace's search index is open nowhere: it goes now. The open one's is held
    // by the search worker until the reload below, after which the start-up sweep deletes it.
    if (!wasOpen) await deleteDatabase(searchDatabaseName(result.data.databaseName)).catch(() => undefined);
    if (wasOpen) reload();
    else await refresh();
    return null;
  }

  async function signIn(id: string, secret: { token?: string; clientSecret?: string }): Promise<ConnectionTestResult | string> {
    const result = await bridge.call('workspaces.signIn', { id, ...secret });
    if (!result.ok) return result.error.message;
    if (result.data.accepted) {
      // Main may have started this workspace's services only now: attach this window to them.
      await bridge.call('workspaces.open', { id });
      await refresh();
    }
    return result.data.test;
  }

  function setReload(next: () => void) {
    reload = next;
  }

  /** What the application menu asks of the window (Add Workspace…, Sign Out…); returns the unsubscribe function. */
  function onMenuAction(handler: (action: MenuAction) => void): () => void {
    return bridge.on('menu.action', ({ action }) => handler(action));
  }

  return { list, workspaces, current, refresh, test, add, addDemo, switchTo, remove, signIn, setReload, onMenuAction };
});
