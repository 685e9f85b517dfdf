import { createPinia } from 'pinia';
import { createApp, ref, watch } from 'vue';
import App from './App.vue';
import { provideAppContext } from './app-context.js';
import { connectBridge } from './bridge.js';
import { startMirrorWriter } from './db/mirror-writer.js';
import { openRendererDatabase } from './db/open-renderer-db.js';
import { assertSchemaPresent, clearLocalCache, describeStorageError, requestPersistentStorage } from './db/storage-health.js';
import StorageFailure from './components/StorageFailure.vue';
import { createAppRouter } from './router.js';
import { useSyncStore } from './stores/sync-store.js';
import './styles.css';

async function boot(): Promise<void> {
  const db = openRendererDatabase();
  try {
    await db.open();
    assertSchemaPresent(db);
  } catch (error) {
    // Never a blank window: say what is wrong and offer the way out.
    createApp(StorageFailure, { problem: describeStorageError(error), clear: () => clearLocalCache(db) }).mount('#app');
    return;
  }
  void requestPersistentStorage();

  const linked = ref(true);
  const bridge = connectBridge((open) => {
    linked.value = open;
  });
  startMirrorWriter(bridge, db);

  const app = createApp(App);
  const pinia = createPinia();
  app.use(pinia);
  provideAppContext(app, { db, bridge });
  app.use(createAppRouter());

  app.runWithContext(() => {
    const sync = useSyncStore(pinia);
    sync.listen();
    watch(linked, (open) => sync.setLinked(open), { immediate: true });
  });
  app.mount('#app');
}

void boot();
