import { expect, test } from './fixtures.js';

test('mirrors user groups and channels, and shows them from the cache when the server is gone', async ({ page, server, openApp }) => {
  const groups = server.data.rows('E20', {});
  const channels = server.data.rows('E21', {});
  expect(groups.length).toBeGreaterThan(0);
  expect(channels.length).toBeGreaterThan(0);

  await openApp('/people/groups');
  await expect(page.getByTestId('connection-state')).toHaveText(/Online/);
  await expect(page.getByTestId('row')).not.toHaveCount(0);
  const firstGroup = String((groups[0] as { name: string }).name);
  await expect(page.getByTestId('list-table')).toContainText(firstGroup);

  await page.goto(page.url().replace(/#.*$/, '#/notifications'));
  const firstChannel = String((channels[0] as { name: string }).name);
  await expect(page.getByTestId('list-table')).toContainText(firstChannel);

  await server.close();
  await page.reload();
  await expect(page.getByTestId('connection-state')).toHaveText(/Offline/);
  await expect(page.getByTestId('list-table')).toContainText(firstChannel);
  await page.goto(page.url().replace(/#.*$/, '#/people/groups'));
  await expect(page.getByTestId('list-table')).toContainText(firstGroup);
});
