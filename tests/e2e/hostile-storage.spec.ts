import { expect, test } from './fixtures.js';

/**
 * The app's IndexedDB deleted while the app runs (site data cleared, another window):
 * the cache comes back by itself, by a resync, without the user doing anything.
 */
test('the database deleted under the running app is rebuilt by a resync', async ({ page, context, server, harness, openApp }) => {
  const groups = server.data.rows('E20', {});
  const firstGroup = String((groups[0] as { name: string }).name);
  await openApp('/people/groups');
  await expect(page.getByTestId('list-table')).toContainText(firstGroup);

  // Deleted from another page of the same origin (not the app: it would open the database and the bridge).
  const other = await context.newPage();
  // A path with an extension: the harness answers 404 instead of serving the app there.
  await other.goto(`${harness.url}/not-the-app.txt`);
  const deleted = await other.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const request = indexedDB.deleteDatabase('outpost');
        request.onsuccess = () => resolve('deleted');
        request.onerror = () => resolve(`error: ${String(request.error)}`);
        request.onblocked = () => resolve('blocked');
      }),
  );
  expect(deleted).toBe('deleted');
  await other.close();

  // No reload, no click: the list fills again from a resync.
  await expect(page.getByTestId('list-table')).toContainText(firstGroup, { timeout: 20_000 });
  const stored = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('outpost');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('scopes')) return resolve(0);
          const count = db.transaction('scopes').objectStore('scopes').count();
          count.onsuccess = () => {
            resolve(count.result);
            db.close();
          };
        };
      }),
  );
  expect(stored).toBeGreaterThanOrEqual(4);
});
