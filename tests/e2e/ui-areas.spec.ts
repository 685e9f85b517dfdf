import { join } from 'node:path';
import { expect, test } from './fixtures.js';

/**
 * Every area of the window on the demo workspace: each route renders its page, lists
 * show rows once mirrored, a selected row fills the detail panel, and a screenshot of
 * each is kept for people to look at (test-results, or UI_SCREENSHOTS).
 */
/** Where the screenshots go: UI_SCREENSHOTS, else the test's own output folder. */
const SCREENSHOTS = process.env.UI_SCREENSHOTS;

const AREAS = [
  { route: '/', name: 'home', heading: 'Home' },
  { route: '/content', name: 'content-modules', heading: 'Content', rows: true },
  { route: '/content/posts', name: 'content-posts', heading: 'Content' },
  { route: '/content/comments', name: 'content-comments', heading: 'Content' },
  { route: '/calendars', name: 'calendars', heading: 'Calendars' },
  { route: '/forms', name: 'forms', heading: 'Service forms' },
  { route: '/forms/answer-feedback', name: 'forms-answer-feedback', heading: 'Service forms' },
  { route: '/surveys', name: 'surveys', heading: 'Surveys' },
  { route: '/tasks', name: 'tasks', heading: 'Tasks' },
  { route: '/tasks/completions', name: 'tasks-completions', heading: 'Tasks' },
  { route: '/datalists', name: 'datalists', heading: 'Data lists' },
  { route: '/people', name: 'people-users', heading: 'People' },
  { route: '/people/groups', name: 'people-groups', heading: 'People', rows: true },
  { route: '/training', name: 'training', heading: 'Training', rows: true },
  { route: '/notifications', name: 'notifications', heading: 'Notifications', rows: true },
  { route: '/outbox', name: 'outbox', heading: 'Outbox' },
  { route: '/settings', name: 'settings', heading: 'Settings' },
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
    if (area.rows) await expect(page.getByTestId('row').first()).toBeVisible();
    if ((await table.count()) > 0 && (await page.getByTestId('row').count()) > 0) {
      await page.getByTestId('row').first().click();
      await expect(page.getByTestId('detail-panel').locator('h2')).not.toBeEmpty();
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
