import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

/**
 * The app by keyboard alone: a journey from browsing to the outbox with no mouse, the
 * list grid's keys, and dialogs that keep and give back the focus.
 */

const go = (page: Page, route: string) => page.goto(page.url().replace(/#.*$/, `#${route}`));

/** Whether the focus is on `target` or inside it. */
const hasFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/** Presses Tab until `target` has the focus, as a keyboard user would; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await hasFocus(target)) return;
    await page.keyboard.press('Tab');
  }
  expect(await hasFocus(target), `Tab never reached ${target.toString()}`).toBe(true);
}

/** Jumps with Ctrl+K to the first place matching `words`. */
async function jump(page: Page, words: string): Promise<void> {
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('combobox', { name: 'Search places' })).toBeFocused();
  await page.keyboard.type(words);
  await page.keyboard.press('Enter');
}

test('browse, filter, open a row, edit, queue and find it in the outbox with the keyboard only', async ({ page, openApp }) => {
  test.setTimeout(120_000);
  await openApp('/content/posts');
  // Set-up (with the mouse): a post of ours to edit, sent, so the list has a row.
  await page.getByTestId('new-post').click();
  await page.getByTestId('post-name').locator('input').fill('Canteen');
  await page.getByLabel('Title', { exact: true }).fill('Canteen');
  await page.getByLabel('Body').fill('Closed on Friday.');
  await page.getByTestId('post-save').click();
  await go(page, '/outbox');
  await expect(page.getByTestId('outbox-entry').filter({ hasText: 'New post' }).first()).toContainText('Sent', { timeout: 30_000 });
  // A fresh window on Home: nothing has the focus yet.
  await go(page, '/');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();

  // The first Tab stop is the skip link, visible once focused.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('skip-link')).toBeFocused();
  await expect(page.getByTestId('skip-link')).toBeInViewport();

  // Browse: Ctrl+K to the posts.
  await jump(page, 'posts');
  await expect(page).toHaveURL(/#\/content\/posts/);
  const grid = page.getByRole('grid');
  await expect(page.getByTestId('row').first()).toBeVisible();

  // Filter: the list's search box.
  const search = page.getByRole('searchbox', { name: 'Search this list' });
  await tabTo(page, search);
  await page.keyboard.type('Canteen');
  await expect(page.getByTestId('row-count')).toHaveText('1 match');

  // Open a row: into the grid, down to the row, Enter shows its details with the focus on their title.
  await tabTo(page, grid);
  await page.keyboard.press('ArrowDown');
  await expect(grid).toHaveAttribute('aria-activedescendant', /row-0$/);
  await page.keyboard.press('Enter');
  const title = page.getByTestId('detail-panel').getByRole('heading', { level: 2 });
  await expect(title).toHaveText('Canteen');
  await expect(title).toBeFocused();

  // Edit: the editor takes the focus and keeps it; Escape closes it and gives the focus back.
  const edit = page.getByTestId('edit-row');
  await tabTo(page, edit);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect.poll(() => hasFocus(dialog)).toBe(true);
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    expect(await hasFocus(dialog), `Tab ${i + 1} left the editor`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();

  // Queue: change the title, save with Enter on the save button.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  // The editor opens ready to type in its first field (the category picker), not on its close button.
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('form')?.querySelector('input') === document.activeElement)).toBe(true);
  const field = dialog.getByLabel('Title', { exact: true });
  await tabTo(page, field);
  await page.keyboard.press('Control+a');
  await page.keyboard.type('Canteen (by keyboard)');
  await tabTo(page, page.getByTestId('post-save'));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  // A screen reader hears it.
  await expect(page.getByTestId('live-announcer')).toContainText(/edit (queued|sent)|1 edit/);

  // The outbox: Ctrl+K again.
  await jump(page, 'outbox');
  await expect(page).toHaveURL(/#\/outbox/);
  await expect(page.getByTestId('outbox-entry').filter({ hasText: 'Post change' }).first()).toContainText('replace /locales');
});

test('the list grid moves its active row with Home, End, PageUp, PageDown and Ctrl+Home/End, and tells its size and position', async ({ page, openApp }) => {
  await openApp('/training');
  const grid = page.getByRole('grid');
  await expect(page.getByTestId('row').first()).toBeVisible();
  const count = Number(await grid.getAttribute('data-count'));
  expect(count).toBeGreaterThan(20);
  await expect(grid).toHaveAttribute('aria-rowcount', String(count + 1));
  await grid.focus();
  const activeRowIndex = async () => {
    const id = await grid.getAttribute('aria-activedescendant');
    return id ? Number(await page.locator(`[id="${id}"]`).getAttribute('aria-rowindex')) : null;
  };

  await page.keyboard.press('End');
  await expect.poll(activeRowIndex).toBe(count + 1);
  await page.keyboard.press('Home');
  await expect.poll(activeRowIndex).toBe(2);
  await page.keyboard.press('PageDown');
  await expect.poll(activeRowIndex).toBeGreaterThan(3);
  const afterPage = (await activeRowIndex())!;
  await page.keyboard.press('PageUp');
  await expect.poll(activeRowIndex).toBe(2);
  await page.keyboard.press('Control+End');
  await expect.poll(activeRowIndex).toBe(count + 1);
  await page.keyboard.press('ArrowUp');
  await expect.poll(activeRowIndex).toBe(count);
  await page.keyboard.press('Control+Home');
  await expect.poll(activeRowIndex).toBe(2);
  expect(afterPage).toBeLessThan(count + 1);
  // The selection followed the active row: the details show it.
  await expect(page.getByTestId('detail-panel').locator('h2')).not.toBeEmpty();
  // Escape in the details gives the focus back to the grid.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('detail-panel').locator('h2')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(grid).toBeFocused();
});
