import { browser } from './browser-globals.js';

/** Deletes this origin's IndexedDB databases whose names start with `prefix`; resolves how many. */
export async function deleteDatabases(prefix: string): Promise<number> {
  const names = (await browser.indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.startsWith(prefix));
  await Promise.all(
    names.map(
      (name) =>
        new Promise<void>((resolve) => {
          const request = browser.indexedDB.deleteDatabase(name) as { onsuccess: (() => void) | null; onerror: (() => void) | null; onblocked: (() => void) | null };
          request.onsuccess = request.onerror = request.onblocked = () => resolve();
        }),
    ),
  );
  return names.length;
}
