import { createPinia } from 'pinia';
import { createApp, ref, watch } from 'vue';
import type { Bridge } from '../src-shared/bridge/index.js';
import type { OutpostDb } from '../src-shared/store/index.js';
import type { WorkspaceSummary } from '../src-shared/workspaces/index.js';
import App from './App.vue';
import { provideAppContext } from './app-context.js';
import { connectBridge } from './bridge.js';
import { startMirrorWriter } from './db/mirror-writer.js';
import { openLastDatabase } from './db/early-database.js';
import { openRendererDatabase } from './db/open-renderer-db.js';
import { assertSchemaPresent, clearLocalCache, describeStorageError, requestPersistentStorage } from './db/storage-health.js';
import StorageFailure from './components/StorageFailure.vue';
import { reportActivity } from './lib/report-activity.js';
import { settledWithin } from './lib/settled-within.js';
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

// What the window opens on is known from its URL before main answers which workspace
// is active: the page's code and the last workspace's database start loading now.
const router = createAppRouter();
preloadCurrentPage(router);
const opening = openingListScope(router);
const early = openLastDatabase();
if (early.db && opening) void prefetchFirstWindow(early.db, opening);

/**
 * How long the window waits for the opening list's stored first rows before it mounts.
 * Mounted first, the mount (~80 ms at a million rows: the shell, then the list page)
 * kept the browser's reply waiting behind it: the rows came 36–125 ms after the shell.
 * Mounted with the rows in hand, the page shows them as it mounts (47–63 ms after the
 * shell, which came ~5 ms later; marks in the page, five opens each). A database slow
 * to open shows the shell after this wait, and the rows when they come.
 */
const FIRST_ROWS_WAIT_MS = 80;

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
  app.use(router);
  app.mount('#app');
}

/** The active workspace: its own database (`db`, opening already), served to main once it is open here. */
function startWorkspace(bridge: Bridge, workspace: WorkspaceSummary, db: OutpostDb): void {
  const search = startSearch(workspace.databaseName);
  startMirrorWriter(bridge, db, search);
  reportActivity(() => void bridge.call('media.userActive', {}));
  const open = () =>
    bridge.call('workspaces.open', { id: workspace.id }).then((result) => {
      // Another window switched workspaces meanwhile: follow it rather than write here.
      if (result.ok && result.data.active !== workspace.id) window.location.reload();
    });

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

void bridge.call('workspaces.list', {}).then(async (result) => {
  const active = result.ok ? result.data.workspaces.find((w) => w.id === result.data.active) : undefined;
  const opened = early.claim(result.ok ? (active?.databaseName ?? null) : undefined);
  if (result.ok) void removeOrphanDatabases(result.data);
  if (!active) return startFirstRun();
  const db = opened ?? openRendererDatabase(active.databaseName);
  // The early database's read is under way already: asking again is the same read.
  if (opening) await settledWithin(prefetchFirstWindow(db, opening), FIRST_ROWS_WAIT_MS);
  startWorkspace(bridge, active, db);
});
