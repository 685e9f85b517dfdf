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
import { useConnectionStore } from './stores/connection-store.js';
import { useOutboxStore } from './stores/outbox-store.js';
import { useSyncStore } from './stores/sync-store.js';
import './styles.css';

const linked = ref(true);
const bridge = connectBridge((open) => {
  linked.value = open;
});
const db = openRendererDatabase();
startMirrorWriter(bridge, db);

const app = createApp(App);
const pinia = createPinia();
app.use(pinia);
provideAppContext(app, { db, bridge });
app.use(createAppRouter());

app.runWithContext(() => {
  useSyncStore(pinia).listen();
  useOutboxStore(pinia).listen();
  const connection = useConnectionStore(pinia);
  watch(linked, (open) => connection.setLinked(open), { immediate: true });
});
app.mount('#app');

// Dexie opens on first use; if the database cannot be used, replace the window's
// content with what is wrong and the way out, never a blank or silently empty window.
db.open().then(
  () => {
    assertSchemaPresent(db);
    void requestPersistentStorage();
  },
).catch((error: unknown) => {
  app.unmount();
  createApp(StorageFailure, { problem: describeStorageError(error), clear: () => clearLocalCache(db) }).mount('#app');
});
