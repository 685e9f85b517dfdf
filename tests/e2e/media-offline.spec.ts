import type { Page } from '@playwright/test';
import type { MainServices } from '../../src-main/core/services.js';
import type { RunningServer } from '../../src-server/index.js';
import type { MediaStatus } from '../../src-shared/media/index.js';
import { expect, test } from './fixtures.js';

/**
 * Media kept for offline use, in real Chromium through the harness: main fetches the
 * files the rows link to, the window shows only the local copies, and the budget
 * evicts the least recently used copy that is not pinned. The server publishes no
 * sources, so the only media are those of the posts created here (in a known order).
 */
test.use({ serverOptions: { scale: 'demo', seed: 1, publishSources: false } });

const mediaId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Queues a post with one media (its feature image) and waits until main keeps a copy of it. */
async function postWithImage(services: MainServices, server: RunningServer, title: string, n: number): Promise<string> {
  const queued = await services.handlers['outbox.queue']({
    edit: { kind: 'createPost', moduleId: server.sources.contentPosts[0]!.moduleId, body: { name: title, startDate: '2026-05-01T08:00:00', locales: [{ culture: 'en-GB', title, bodyText: 'With a photo' }], permissions: [], mediaIds: [mediaId(n)] } },
  });
  expect(queued.queued, JSON.stringify(queued)).toBe(true);
  const url = `${server.url}/files/media/${mediaId(n)}`;
  await expect.poll(async () => (await status(services, url, true)).state, { timeout: 10_000 }).toBe('stored');
  return url;
}

/**
 * Where an address stands. `want` as a view would ask (fetch a missing copy first); the
 * test only looks (`false`), or its own polling would fetch an evicted copy back.
 */
async function status(services: MainServices, url: string, want = false): Promise<MediaStatus> {
  return (await services.handlers['media.status']({ urls: [url], want }))[0]!;
}

async function openPost(page: Page, title: string): Promise<void> {
  await page.getByTestId('row').filter({ hasText: title }).click();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
}

test('with the server stopped, a post’s feature image shows from the local copy; remote images are never loaded', async ({ page, openApp, services, server, network }) => {
  const remote: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(server.url)) remote.push(request.url());
  });
  await openApp('/content/posts');
  await postWithImage(services, server, 'Canteen photo', 1);

  await server.close();
  network.offline = true;
  await page.reload();
  await openPost(page, 'Canteen photo');
  const image = page.getByTestId('media-image').first();
  await expect(image).toBeVisible();
  expect(await image.getAttribute('src')).toMatch(/^\/media\/[0-9a-f]{64}$/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(remote).toEqual([]);
});

test('a small budget evicts the oldest unpinned copy; a pinned one stays; a missing one says so', async ({ page, openApp, services, server }) => {
  await openApp('/content/posts');
  const oldest = await postWithImage(services, server, 'First photo', 11);
  const middle = await postWithImage(services, server, 'Second photo', 12);
  const newest = await postWithImage(services, server, 'Third photo', 13);

  // "Keep offline" on the oldest, from its detail panel.
  await openPost(page, 'First photo');
  await page.getByTestId('media-pin').first().check();
  await expect.poll(async () => (await status(services, oldest)).pinned).toBe(true);

  // One byte short of what the three take: exactly one copy must go, and the pinned oldest may not.
  const usage = await services.handlers['media.usage']({});
  expect(usage.files).toBe(3);
  await page.goto(page.url().replace(/#.*$/, '#/settings'));
  const budget = page.getByTestId('media-budget').locator('input');
  await budget.fill(String((usage.bytes - 1) / (1024 * 1024)));
  await budget.blur();
  await expect.poll(async () => (await status(services, middle)).state).toBe('evicted');
  expect((await status(services, oldest)).state).toBe('stored');
  expect((await status(services, newest)).state).toBe('stored');
  await expect(page.getByTestId('media-usage')).toContainText('2 files');

  // Offline, the evicted one cannot come back: its panel says "Not downloaded" instead of a broken image.
  await server.close();
  await page.goto(page.url().replace(/#.*$/, '#/content/posts'));
  await openPost(page, 'Second photo');
  await expect(page.getByTestId('media-missing').first()).toBeVisible();
  await expect(page.getByTestId('media-image')).toHaveCount(0);
  await expect(page.getByTestId('media-state').first()).toContainText('Not downloaded');
});
