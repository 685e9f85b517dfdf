import { expect, test } from './fixtures.js';

/** A post written in the editor goes through the outbox and shows in the list, pending until sent. */
test('a new post is queued, shown at once, and sent', async ({ page, openApp }) => {
  test.setTimeout(90_000);
  await openApp('/content/posts');
  await page.getByTestId('new-post').click();
  await page.getByTestId('post-name').locator('input').fill('Canteen closed on Friday');
  await page.getByLabel('Title', { exact: true }).fill('Canteen closed');
  await page.getByLabel('Body').fill('The canteen is **closed** on Friday.');
  await expect(page.getByTestId('markdown-preview').locator('strong')).toHaveText('closed');
  await page.getByTestId('post-save').click();
  await expect(page.getByText('Queued in the outbox')).toBeVisible();

  const row = page.getByTestId('row').filter({ hasText: 'Canteen closed' });
  await expect(row).toBeVisible();
  await page.goto(page.url().replace(/#.*$/, '#/outbox'));
  const entry = page.getByTestId('outbox-entry').first();
  await expect(entry).toContainText('New post');
  await expect(entry).toContainText('Sent', { timeout: 30_000 });
  await expect(page.getByTestId('outbox-count')).toHaveText('No edits waiting');
  // Let the passes the new post started finish: stopping the server mid-pass makes teardown slow.
  await expect(page.getByTestId('sync-progress')).toBeHidden({ timeout: 45_000 });
});
