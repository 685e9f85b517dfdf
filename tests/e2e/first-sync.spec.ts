import { AREAS } from '../../src-renderer/presentation/areas.js';
import { expect, test } from './fixtures.js';

/**
 * A first sync is something to watch: against a tenant a tenth the size of `large`
 * with its rate limit on (100 requests a minute), every area of the workspace shows
 * rows within 10 s of opening the app, a list being mirrored says so and shows what
 * it has, and nothing claims a sync that has not completed.
 */
test.use({ serverOptions: { scale: 0.1, seed: 1, rateLimit: { perMinute: 100 } } });

test('every area shows rows within 10 s of opening the app during a first sync at 10% of large', async ({ page, openApp, server }) => {
  // The server (and its generated data) is up before the clock starts: the sync begins
  // when the window opens and serves the store.
  expect(server.url).toMatch(/^http/);
  const started = Date.now();
  await openApp('/');
  const left = Math.max(1, 10_000 - (Date.now() - started));
  await expect(async () => {
    for (const area of AREAS) {
      await expect(page.getByTestId(`area-rows-${area.id}`), area.label).not.toHaveText(/^0 rows$/, { timeout: 0 });
    }
  }).toPass({ timeout: left, intervals: [250] });

  // No list has finished Training's hundred pages yet: the workspace is not "synced".
  await expect(page.getByTestId('last-synced')).toHaveText('First sync under way');
  await expect(page.getByTestId('area-sync-training')).toContainText('mirroring…');
  await expect(page.getByTestId('home-sync-overall')).toContainText('lists mirrored');

  // The status bar's bar moves at each status without easing: eased, it was always
  // mid-transition during a mirror, and the window laid out and painted every frame.
  const fill = page.getByTestId('sync-progress').locator('.n-progress-graph-line-fill');
  await expect(fill).toBeVisible();
  expect(await fill.evaluate((el) => getComputedStyle(el).transitionDuration)).toMatch(/^0s(, 0s)*$/);

  // The list on screen says it is being mirrored, and shows the rows it has.
  await page.goto(`${new URL(page.url()).origin}/#/training`);
  await expect(page.getByTestId('mirroring')).toContainText(/Mirroring… [\d,]+ rows so far/);
  await expect(page.getByTestId('row')).not.toHaveCount(0);
});
