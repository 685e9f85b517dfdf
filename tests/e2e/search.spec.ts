import { join } from 'node:path';
import { expect, test } from './fixtures.js';

/** Where screenshots of the palette and the search page go, when asked for (UI_SCREENSHOTS). */
const SCREENSHOTS = process.env.UI_SCREENSHOTS;

/**
 * Search everywhere, in real Chromium: once the demo's comments are mirrored and indexed
 * (in the search worker), Ctrl+K finds a comment by a misspelt word, marks the word it
 * matched, and Enter opens the comment in its list with the detail panel.
 */
test('Ctrl+K finds a comment by a misspelt word and Enter opens it in its list', async ({ page, openApp }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openApp('/');

  const palette = page.getByRole('dialog', { name: 'Jump to anything' });
  const comments = palette.getByTestId('search-group').filter({ has: page.getByRole('heading', { name: 'Content › Comments' }) });
  // The comments arrive with the first sync; ask again until they are indexed.
  await expect(async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+k');
    await palette.getByRole('combobox').fill('slidse');
    await expect(comments.getByTestId('search-hit').first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  const hit = comments.getByTestId('search-hit').first();
  await expect(hit.locator('mark').first()).toHaveText(/^slides$/i);
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, 'search-palette.png') });
  const placesAbove = await palette.getByRole('option').evaluateAll((options, first) => options.indexOf(first as HTMLElement), await hit.elementHandle());
  for (let i = 0; i < placesAbove; i++) await page.keyboard.press('ArrowDown');
  await expect(hit).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/#\/content\/comments\?.*row=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Content' })).toBeVisible();
  await expect(page.getByTestId('detail-panel')).toContainText(/slides/i);
  if (SCREENSHOTS) {
    await page.screenshot({ path: join(SCREENSHOTS, 'search-opened.png') });
    await page.goto(page.url().replace(/#.*$/, '#/search?q=tanks'));
    await expect(page.getByTestId('search-hit').first()).toBeVisible();
    await page.screenshot({ path: join(SCREENSHOTS, 'search-page.png') });
  }
  expect(errors).toEqual([]);
});

/**
 * People › Users is not a list page, yet a user found by search opens as any row does:
 * the user's record (cached once an edit was answered) in the detail panel beside them.
 */
test('Enter on a user found by Ctrl+K opens People › Users with the user’s details', async ({ page, openApp, server }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const users = server.data.rows('E19');
  const surname = (u: Record<string, unknown>) => String(u['name']).split(' ').pop()!;
  const user = users.find((u) => typeof u['name'] === 'string' && users.filter((o) => surname(o) === surname(u)).length === 1)!;
  const name = String(user['name']);
  await openApp('/people');
  // An answered edit brings the user's record into the cache (the API cannot list users).
  const row = page.locator(`[data-user-id="${String(user['id'])}"]`);
  await expect(row).toBeVisible({ timeout: 60_000 });
  await row.getByTestId('edit-user').click();
  await page.getByLabel('Initials').fill('QX');
  await page.getByTestId('user-save').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.goto(page.url().replace(/#.*$/, '#/'));

  const palette = page.getByRole('dialog', { name: 'Jump to anything' });
  const people = palette.getByTestId('search-group').filter({ has: page.getByRole('heading', { name: 'People › Users' }) });
  await expect(async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+k');
    await palette.getByRole('combobox').fill(surname(user));
    await expect(people.getByTestId('search-hit').first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const hit = people.getByTestId('search-hit').first();
  const placesAbove = await palette.getByRole('option').evaluateAll((options, first) => options.indexOf(first as HTMLElement), await hit.elementHandle());
  for (let i = 0; i < placesAbove; i++) await page.keyboard.press('ArrowDown');
  await expect(hit).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(new RegExp(`#/people\\?.*row=${String(user['id'])}`));
  const details = page.getByTestId('detail-panel');
  await expect(details.getByRole('heading', { level: 2 })).toContainText(name);
  await expect(details).toContainText('QX');
  await expect(page.locator(`[data-user-id="${String(user['id'])}"]`)).toHaveAttribute('aria-current', 'true');
  if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, 'search-user-opened.png') });

  // The same from the search page, and the details close as on any list.
  await page.goto(page.url().replace(/#.*$/, `#/search?q=${encodeURIComponent(surname(user))}`));
  const found = page.getByTestId('search-group').filter({ has: page.getByRole('heading', { name: 'People › Users' }) });
  await found.getByTestId('search-hit').first().click();
  await expect(page).toHaveURL(new RegExp(`#/people\\?.*row=${String(user['id'])}`));
  await expect(details.getByRole('heading', { level: 2 })).toContainText(name);
  await details.getByRole('button', { name: 'Close details' }).click();
  await expect(details).toBeHidden();
  expect(errors).toEqual([]);
});
