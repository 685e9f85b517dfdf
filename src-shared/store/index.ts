export * from './scope-key.js';
export * from './index-keys.js';
export * from './records.js';
export * from './schema.js';
export * from './mirror-store.js';
export * from './dexie-mirror-store.js';
export * from './scope-sync.js';
export * from './row-source.js';
export { RECORD_FILE_BYTES, storedPageOf, type StoredPage } from './chunk-writes.js';
