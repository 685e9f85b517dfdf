import type { OutpostDb } from '../../src-shared/store/index.js';

/** What the user is told when the local database cannot be used, and whether clearing it helps. */
export interface StorageProblem {
  readonly title: string;
  readonly message: string;
  /** Clearing the cache (and resyncing) is a way out; unsent edits are kept by main's journal. */
  readonly clearable: boolean;
}

/**
 * Names a failure of IndexedDB in words a user can act on. Dexie wraps the browser's
 * DOMExceptions; both carry the exception's name (directly or as `inner`).
 */
export function describeStorageError(error: unknown): StorageProblem {
  const name = nameOf(error);
  const detail = error instanceof Error ? error.message : String(error);
  switch (name) {
    case 'QuotaExceededError':
      return {
        title: 'The disk is full',
        message: 'Outpost cannot store more of the workspace on this computer. Free some disk space, or clear the local cache and let it sync again. Unsent edits are kept either way.',
        clearable: true,
      };
    case 'VersionError':
      return {
        title: 'The local cache is from a newer Outpost',
        message: 'This version cannot read it. Update Outpost, or clear the local cache to sync again with this version. Unsent edits are kept either way.',
        clearable: true,
      };
    case 'MissingAPIError':
    case 'InvalidAccessError':
      return {
        title: 'Local storage is not available',
        message: `This window cannot use IndexedDB (${detail}). Outpost needs it to keep the workspace offline.`,
        clearable: false,
      };
    default:
      return {
        title: 'The local cache could not be opened',
        message: `IndexedDB answered: ${detail}. Clearing the local cache and syncing again usually repairs it. Unsent edits are kept either way.`,
        clearable: true,
      };
  }
}

function nameOf(error: unknown): string {
  if (!error || typeof error !== 'object') return 'UnknownError';
  const inner = (error as { inner?: { name?: unknown } }).inner;
  if (inner && typeof inner.name === 'string' && inner.name !== 'Error') return inner.name;
  const name = (error as { name?: unknown }).name;
  return typeof name === 'string' ? name : 'UnknownError';
}

/**
 * Asks the browser to keep the cache under storage pressure (Electron grants it;
 * Chromium may decline). The answer changes nothing else: eviction only costs a resync.
 */
export async function requestPersistentStorage(
  storage: Pick<StorageManager, 'persist' | 'persisted'> | undefined = globalThis.navigator?.storage,
): Promise<'persisted' | 'declined' | 'unsupported'> {
  if (!storage?.persist) return 'unsupported';
  try {
    if (await storage.persisted?.()) return 'persisted';
    return (await storage.persist()) ? 'persisted' : 'declined';
  } catch {
    return 'unsupported';
  }
}

/**
 * The way out of a broken cache: delete the database and start again. Main resyncs the
 * mirror when the window serves the store again and restores unsent edits from its journal.
 */
export async function clearLocalCache(db: OutpostDb, reload: () => void = () => window.location.reload()): Promise<void> {
  db.close();
  await db.delete();
  reload();
}

/**
 * Dexie 4 opens a database whose version on disk is newer than the one declared, so a
 * cache written by a newer Outpost opens without error but may lack tables this build
 * uses. Refuse it here, as a VersionError, instead of failing silently on every read.
 * @throws Error named `VersionError` naming the missing tables.
 */
export function assertSchemaPresent(db: OutpostDb): void {
  const present = db.backendDB().objectStoreNames;
  const missing = db.tables.map((t) => t.name).filter((name) => !present.contains(name));
  if (missing.length > 0) {
    throw Object.assign(new Error(`the cache on disk lacks ${missing.join(', ')}`), { name: 'VersionError' });
  }
}
