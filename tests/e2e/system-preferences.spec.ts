import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { createAxeLog } from './axe-check.js';
import { expect, test } from './fixtures.js';

/**
 * The system's wishes, by emulation: less motion, more contrast, forced colours (axe
 * stays clean under each), and text at 200% without losing content. Screenshots are
 * kept for people to look at (test-results, or UI_SCREENSHOTS).
 */
const SCREENSHOTS = process.env['UI_SCREENSHOTS'];
const go = (page: Page, route: string) => page.goto(page.url().replace(/#.*$/, `#${route}`));

type Screen = 'home' | 'training row selected' | 'user editor';

/** Visits the screens named in `which`, running `check` on each. */
async function screens(page: Page, which: readonly Screen[], check: (name: Screen) => Promise<void>): Promise<void> {
  if (which.includes('home')) {
    await go(page, '/');
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    await check('home');
  }
  if (which.includes('training row selected')) await trainingRow(page, check);
  if (which.includes('user editor')) await userEditor(page, check);
}

async function trainingRow(page: Page, check: (name: Screen) => Promise<void>): Promise<void> {
  await go(page, '/training');
  await page.getByTestId('row').first().click();
  await expect(page.getByTestId('detail-panel').locator('h2')).not.toBeEmpty();
  await check('training row selected');
}

async function userEditor(page: Page, check: (name: Screen) => Promise<void>): Promise<void> {
  await go(page, '/people');
  await page.getByTestId('edit-user').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check('user editor');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
}

test('reduced motion, more contrast and forced colours: nothing moves, axe stays clean', async ({ page, openApp }, testInfo) => {
  test.setTimeout(180_000);
  const axe = createAxeLog(testInfo);
  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS ?? testInfo.outputPath(), `${name}.png`) });
  await openApp('/');
  await go(page, '/people/groups');
  await expect(page.getByTestId('row').first()).toBeVisible({ timeout: 60_000 });

  // The focus ring on the grid's active row, for people to look at.
  const grid = page.getByRole('grid');
  await grid.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await shot('grid-focus');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  // Transitions end at once: the drawer is fully in place as soon as it shows.
  const duration = await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.style.transition = 'opacity 300ms';
    document.body.append(probe);
    const value = getComputedStyle(probe).transitionDuration;
    probe.remove();
    return value;
  });
  expect(parseFloat(duration)).toBeLessThan(0.01);
  await screens(page, ['user editor'], (name) => axe.check(page, `reduced motion ${name}`));

  await page.emulateMedia({ reducedMotion: null, contrast: 'more' });
  await screens(page, ['home', 'training row selected'], (name) => axe.check(page, `more contrast ${name}`));
  // Secondary text is as strong as body text.
  const muted = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--muted').trim());
  const body = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--text-2').trim());
  expect(muted).toBe(body);

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ contrast: null, forcedColors: 'active', colorScheme });
    await screens(page, ['home', 'training row selected', 'user editor'], async (name) => {
      await axe.check(page, `forced colours ${colorScheme} ${name}`);
      if (name === 'training row selected') await shot(`forced-colors-${colorScheme}`);
    });
  }
  expect(await axe.failures()).toEqual([]);
});

test.describe('text at 200%', () => {
  // What 200% zoom does to a 1400 × 860 window: half the CSS pixels, each drawn twice as large.
  test.use({ viewport: { width: 700, height: 430 }, deviceScaleFactor: 2 });

  test('keeps every part of a list page and its details reachable', async ({ page, openApp }, testInfo) => {
    const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS ?? testInfo.outputPath(), `${name}.png`) });
    await openApp('/training');
    await expect(page.getByTestId('row').first()).toBeVisible({ timeout: 60_000 });
    await shot('zoom-200');
    const grid = page.getByRole('grid');
    // The grid keeps room for rows: at least five of them show at once.
    expect((await grid.boundingBox())!.height).toBeGreaterThan(5 * 30);
    await grid.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const title = page.getByTestId('detail-panel').locator('h2');
    await expect(title).toBeFocused();
    for (const part of [page.getByRole('heading', { level: 1 }), page.getByRole('searchbox', { name: 'Search this list' }), grid, title, page.getByTestId('connection-state')]) {
      await part.scrollIntoViewIfNeeded();
      await expect(part).toBeInViewport({ ratio: 0.5 });
    }
    await shot('zoom-200-details');
  });
});
