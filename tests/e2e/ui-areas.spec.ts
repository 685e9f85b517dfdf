import { join } from 'node:path';
import { expect, test } from './fixtures.js';

/**
 * Every area of the window on the demo workspace: each route renders its page, lists
 * show rows once mirrored, a selected row fills the detail panel, and a screenshot of
 * each is kept for people to look at (test-results, or UI_SCREENSHOTS).
 */
/** Where the screenshots go: UI_SCREENSHOTS, else the test's own output folder. */
const SCREENSHOTS = process.env.UI_SCREENSHOTS;

/**
 * What each area's list shows on a fresh profile of the demo workspace: rows (waited for,
 * as the first passes land), an empty table (posts and users cannot be listed by the
 * API: they appear only when created, edited or looked up), or no table at all.
 */
type ListShown = 'rows' | 'empty' | 'none';
const AREAS: { route: string; name: string; heading: string; list: ListShown }[] = [
  { route: '/', name: 'home', heading: 'Home', list: 'none' },
  { route: '/content', name: 'content-modules', heading: 'Content', list: 'rows' },
  { route: '/content/posts', name: 'content-posts', heading: 'Content', list: 'empty' },
  { route: '/content/comments', name: 'content-comments', heading: 'Content', list: 'none' },
  { route: '/calendars', name: 'calendars', heading: 'Calendars', list: 'rows' },
  { route: '/forms', name: 'forms', heading: 'Service forms', list: 'rows' },
  { route: '/forms/answer-feedback', name: 'forms-answer-feedback', heading: 'Service forms', list: 'rows' },
  { route: '/surveys', name: 'surveys', heading: 'Surveys', list: 'rows' },
  { route: '/tasks', name: 'tasks', heading: 'Tasks', list: 'rows' },
  { route: '/tasks/completions', name: 'tasks-completions', heading: 'Tasks', list: 'rows' },
  { route: '/datalists', name: 'datalists', heading: 'Data lists', list: 'rows' },
  // Users are not listed by the API: their page is a directory of everyone mentioned, not the generic table.
  { route: '/people', name: 'people-users', heading: 'People', list: 'none' },
  { route: '/people/groups', name: 'people-groups', heading: 'People', list: 'rows' },
  { route: '/training', name: 'training', heading: 'Training', list: 'rows' },
  { route: '/notifications', name: 'notifications', heading: 'Notifications', list: 'rows' },
  { route: '/outbox', name: 'outbox', heading: 'Outbox', list: 'none' },
  { route: '/settings', name: 'settings', heading: 'Settings', list: 'none' },
];

test('every area renders on the demo workspace, with rows and details where the demo has them', async ({ page, openApp }, testInfo) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await openApp('/');
  // The router's first navigation must have finished, or it can undo the next one.
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  // Let the first passes land, so lists are not all empty.
  await page.goto(page.url().replace(/#.*$/, '#/people/groups'));
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  await expect(page.getByTestId('row').first()).toBeVisible();

  for (const area of AREAS) {
    await page.goto(page.url().replace(/#.*$/, `#${area.route}`));
    await expect(page.getByRole('heading', { level: 1, name: area.heading })).toBeVisible();
    const table = page.getByTestId('list-table');
    const rows = page.getByTestId('row');
    await expect(table).toHaveCount(area.list === 'none' ? 0 : 1);
    if (area.list === 'rows') {
      await expect(rows.first()).toBeVisible();
      await rows.first().click();
      await expect(page.getByTestId('detail-panel').locator('h2')).not.toBeEmpty();
    } else {
      await expect(rows).toHaveCount(0);
    }
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SCREENSHOTS ?? testInfo.outputPath(), `${area.name}.png`) });
  }
  // Deep links survive a reload.
  await page.goto(page.url().replace(/#.*$/, '#/notifications'));
  await page.getByTestId('row').first().click();
  const selected = page.url();
  await page.reload();
  expect(page.url()).toBe(selected);
  await expect(page.getByTestId('detail-panel').locator('h2')).not.toBeEmpty();
  expect(errors).toEqual([]);
});

test('the command palette jumps anywhere from the keyboard', async ({ page, openApp }) => {
  await openApp('/');
  await page.keyboard.press('Control+k');
  const search = page.getByRole('combobox', { name: 'Search places' });
  await expect(search).toBeFocused();
  await search.fill('user groups');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/people\/groups/);
  await expect(page.getByTestId('row').first()).toBeVisible();
  await page.getByTestId('list-table').focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('detail-panel').locator('h2')).not.toBeEmpty();
});

test('a list exports what its filter shows, as CSV and JSON', async ({ page, openApp }) => {
  await openApp('/notifications');
  await expect(page.getByTestId('row').first()).toBeVisible();
  const count = Number((await page.getByTestId('list-table').getAttribute('data-count')) ?? '0');
  await page.getByTestId('export').click();
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByText('Export CSV').click()]);
  const text = await (await csv.createReadStream()).toArray();
  const lines = Buffer.concat(text).toString('utf8').trim().split(/\r?\n/);
  expect(lines[0]).toContain('name');
  expect(lines).toHaveLength(count + 1);
  await page.getByTestId('export').click();
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByText('Export JSON').click()]);
  const rows = JSON.parse(Buffer.concat(await (await json.createReadStream()).toArray()).toString('utf8')) as unknown[];
  expect(rows).toHaveLength(count);
});

test('a list is sorted and filtered by the list worker, off the main thread', async ({ page, openApp }) => {
  await openApp('/notifications');
  await expect(page.getByTestId('row').first()).toBeVisible();
  const worker = page.workers().find((w) => w.url().includes('list-worker'));
  expect(worker).toBeDefined();
  // The rows on screen were named by the worker, not by a fallback on this thread.
  expect(await worker!.evaluate(() => (globalThis as { outpostListAnswers?: number }).outpostListAnswers ?? 0)).toBeGreaterThan(0);
});
