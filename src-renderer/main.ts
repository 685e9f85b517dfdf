import { createPinia } from 'pinia';
import { createApp, ref, watch } from 'vue';
import type { Bridge } from '../src-shared/bridge/index.js';
import type { WorkspaceSummary } from '../src-shared/workspaces/index.js';
import App from './App.vue';
import { provideAppContext } from './app-context.js';
import { connectBridge } from './bridge.js';
import { startMirrorWriter } from './db/mirror-writer.js';
import { openRendererDatabase } from './db/open-renderer-db.js';
import { assertSchemaPresent, clearLocalCache, describeStorageError, requestPersistentStorage } from './db/storage-health.js';
import StorageFailure from './components/StorageFailure.vue';
import { prefetchFirstWindow } from './list/list-caches.js';
import { createAppRouter, openingListScope, preloadCurrentPage } from './router.js';
import { provideSearch, startSearch } from './search/search-client.js';
import { useConnectionStore } from './stores/connection-store.js';
import { useOutboxStore } from './stores/outbox-store.js';
import { useSyncStore } from './stores/sync-store.js';
import { removeOrphanDatabases, useWorkspacesStore } from './stores/workspaces-store.js';
import './styles.css';

const linked = ref(true);
const bridge = connectBridge((open) => {
  linked.value = open;
});

/** No workspace yet: the first-run screen, with no database opened. */
function startFirstRun(): void {
  const rootProps = { firstRun: true };
  const app = createApp(App, rootProps);
  app.use(createPinia());
  provideAppContext(app, {
    bridge,
    get db(): never {
      throw new Error('no workspace is open');
    },
  });
  app.use(createAppRouter());
  app.mount('#app');
}

/** The active workspace: its own database, served to main once it is open here. */
function startWorkspace(bridge: Bridge, workspace: WorkspaceSummary): void {
  const db = openRendererDatabase(workspace.databaseName);
  const search = startSearch(workspace.databaseName);
  startMirrorWriter(bridge, db, search);
  const open = () =>
    bridge.call('workspaces.open', { id: workspace.id }).then((result) => {
      // Another window switched workspaces meanwhile: follow it rather than write here.
      if (result.ok && result.data.active !== workspace.id) window.location.reload();
    });

  const router = createAppRouter();
  preloadCurrentPage(router);
  const opening = openingListScope(router);
  if (opening) prefetchFirstWindow(db, opening);
  const app = createApp(App);
  const pinia = createPinia();
  app.use(pinia);
  provideAppContext(app, { db, bridge });
  provideSearch(app, search);
  app.use(router);

  app.runWithContext(() => {
    useSyncStore(pinia).listen();
    useOutboxStore(pinia).listen();
    const connection = useConnectionStore(pinia);
    void useWorkspacesStore(pinia).refresh();
    watch(linked, (up, before) => {
      connection.setLinked(up);
      // A new link is a new peer in main: declare again which workspace this window serves.
      if (up && before === false) void open();
    }, { immediate: true });
  });
  app.mount('#app');

  // Dexie opens on first use; if the database cannot be used, replace the window's
  // content with what is wrong and the way out, never a blank or silently empty window.
  db.open().then(
    () => {
      assertSchemaPresent(db);
      void requestPersistentStorage();
      void open();
    },
  ).catch((error: unknown) => {
    app.unmount();
    createApp(StorageFailure, { problem: describeStorageError(error), clear: () => clearLocalCache(db) }).mount('#app');
  });
}

void bridge.call('workspaces.list', {}).then((result) => {
  const active = result.ok ? result.data.workspaces.find((w) => w.id === result.data.active) : undefined;
  if (result.ok) void removeOrphanDatabases(result.data);
  if (active) startWorkspace(bridge, active);
  else startFirstRun();
});
