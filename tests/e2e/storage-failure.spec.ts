import { expect, test } from './fixtures.js';

test('a cache written by a newer Outpost shows what is wrong, and clearing it brings the workspace back', async ({ page, harness }) => {
  // Leave behind a database at a version this build cannot read.
  await page.goto(`${harness.url}/favicon-not-there.txt`);
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open('outpost', 999);
        request.onsuccess = () => {
          request.result.close();
          resolve();
        };
        request.onerror = () => reject(request.error);
      }),
  );

  await page.goto(`${harness.url}/#/notifications`);
  const failure = page.getByTestId('storage-failure');
  await expect(failure).toContainText('The local cache is from a newer Outpost');
  await page.screenshot({ path: test.info().outputPath('storage-failure.png') });

  await failure.getByRole('button', { name: /Clear local cache/ }).click();
  await expect(page.getByTestId('connection-state')).toHaveText(/Online/);
  await expect(page.getByTestId('row')).not.toHaveCount(0);
});
