import type { Page } from '@playwright/test';
import { endpoints, rowKey } from '../../src-shared/api/index.js';
import { MAX_ROW_DEPTH } from '../../src-shared/api/nesting.js';
import type { RunningServer } from '../../src-server/index.js';
import { expect, test } from './fixtures.js';

/**
 * Hostile sizes and shapes from a server: rows whose fields are a mebibyte long, one
 * unbroken run, a mebibyte of words or lines, one huge grapheme, deep or wide unknown
 * fields, and names with direction overrides. Each row arrives through the real sync
 * path and is opened in the detail panel of the real renderer in Chromium; the main
 * thread's long tasks (PerformanceObserver) from the navigation until the view settles
 * must stay under a budget, and so must "Show all".
 *
 * `HOSTILE_SIZE` (characters, default 1 MiB) and `HOSTILE_BUDGET_MS` (default 100) let
 * the same test measure smaller sizes or report without asserting (`HOSTILE_BUDGET_MS=Infinity`).
 */

const SIZE = Number(process.env.HOSTILE_SIZE ?? 1 << 20);
const BUDGET_MS = Number(process.env.HOSTILE_BUDGET_MS ?? 100);
/** Tries per shape; the least is kept (`HOSTILE_TRIES`). */
const TRIES = Number(process.env.HOSTILE_TRIES ?? 3);
const PAINT_BUDGET_MS = BUDGET_MS === Infinity ? Infinity : 3000;
/** Only the shapes whose names contain this text (to measure one at a time). */
const ONLY = process.env.HOSTILE_ONLY ?? '';

const fill = (unit: string, n: number) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
const SHAPES: Readonly<Record<string, () => Record<string, unknown>>> = {
  'description: one unbroken run': () => ({ description: fill('abcdefghijklmnopqrstuvwxyz0123456789', SIZE) }),
  'description: words': () => ({ description: fill('lorem ipsum dolor sit amet consectetur ', SIZE) }),
  'description: short lines': () => ({ description: fill('a line of text\n', SIZE) }),
  'description: one grapheme of combining marks': () => ({ description: `a${'\u0301'.repeat(Math.min(SIZE, 1 << 16))}` }),
  'description: CJK without spaces': () => ({ description: fill('漢字かな交じり文', SIZE) }),
  'name: one unbroken run': () => ({ name: fill('N', SIZE) }),
  'unknown field: wide JSON': () => ({ hostileWide: Array.from({ length: Math.ceil(SIZE / 40) }, (_, i) => ({ i, text: 'wide value' })) }),
  'unknown field: JSON as deep as stored': () => ({ hostileDeep: Array.from({ length: MAX_ROW_DEPTH - 2 }).reduce<unknown>((inner) => ({ inner }), 'bottom') }),
  'unknown field: wrong types': () => ({ hostileTypes: [null, true, 1e308, -0, '', [[]], { '': {} }], description: 'types' }),
};

interface Placed {
  readonly shape: string;
  readonly route: string;
  readonly key: string;
}

/** One user group per shape, each named so the panel can be found (except when the name is the shape). */
function placeGroups(server: RunningServer): Placed[] {
  return Object.entries(SHAPES).filter(([shape]) => shape.includes(ONLY)).map(([shape, make], i) => {
    const mark = `Hostile shape ${i + 1}`;
    const fields = { name: mark, externalId: mark, ...make() };
    const row = server.data.insert('E20', {}, fields);
    const key = rowKey(endpoints.E20, row);
    return { shape, route: `/people/groups?row=${key}`, key };
  });
}

/**
 * Main-thread time blocked since `since` (ms on the page's clock): the larger of the
 * long tasks' sum and the long animation frames' sum. Long tasks leave out rendering
 * (style, layout), which is where one long run of text costs; long animation frames
 * (same PerformanceObserver, type `long-animation-frame`) include it.
 */
async function longTaskMs(page: Page, since: number): Promise<number> {
  return page.evaluate((t0) => {
    const w = window as unknown as { __longTasks: { type: string; start: number; duration: number }[] };
    const sum = (type: string) => w.__longTasks.filter((e) => e.type === type && e.start + e.duration >= t0).reduce((total, e) => total + e.duration, 0);
    return Math.max(sum('longtask'), sum('long-animation-frame'));
  }, since);
}

const SETTLE_MS = 400;

/** Waits until the page has drawn twice and been idle a moment, so late layout is counted. */
async function settle(page: Page): Promise<void> {
  await page.evaluate((ms) => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, ms)))), SETTLE_MS);
}

const now = (page: Page) => page.evaluate(() => performance.now());

async function observeLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: { type: string; start: number; duration: number }[] };
    w.__longTasks = [];
    for (const type of ['longtask', 'long-animation-frame']) {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push({ type, start: e.startTime, duration: e.duration });
      }).observe({ type, buffered: true });
    }
  });
}

test.describe('hostile sizes and shapes', () => {
  test('each shape opens in the detail panel, and shows all, within the main-thread budget', async ({ page, server, openApp }) => {
    test.setTimeout(600_000);
    const placed = placeGroups(server);
    // An ordinary row opened between tries, so each try opens the hostile one afresh.
    const control = server.data.insert('E20', {}, { name: 'Control group', description: 'An ordinary row' });
    await observeLongTasks(page);
    const started = Date.now();
    await openApp('/people/groups');
    await expect(page.getByTestId('row').filter({ hasText: 'Hostile shape 1' })).toBeVisible({ timeout: 240_000 });
    console.log(`rows shown after ${Date.now() - started} ms`);
    // Measured once the mirror is idle: its writes are long tasks of their own.
    await expect(page.getByTestId('sync-progress')).toHaveCount(0, { timeout: 300_000 });
    await settle(page);
    const panel = page.getByTestId('detail-panel');
    const report: string[] = [];
    const controlRoute = `/people/groups?row=${rowKey(endpoints.E20, control)}`;
    for (const item of placed) {
      // The least of a few tries: other work on a busy machine only ever adds time.
      let open = Infinity;
      let shownAfter = Infinity;
      let all = Infinity;
      for (let attempt = 0; attempt < TRIES; attempt++) {
        await page.evaluate((route) => (location.hash = route), controlRoute);
        await expect(panel).toHaveAttribute('data-key', rowKey(endpoints.E20, control));
        await settle(page);
        const t0 = await now(page);
        const wall = Date.now();
        await page.evaluate((route) => (location.hash = route), item.route);
        // By key: a failed text match would print a mebibyte.
        await expect(panel, item.shape).toHaveAttribute('data-key', item.key, { timeout: 120_000 });
        await settle(page);
        shownAfter = Math.min(shownAfter, Date.now() - wall - SETTLE_MS);
        open = Math.min(open, await longTaskMs(page, t0));
        const showAll = panel.getByRole('button', { name: /^Show all/ }).first();
        if (await showAll.count()) {
          const t1 = await now(page);
          await showAll.click();
          await expect(panel.getByTestId('full-text').first()).toBeVisible();
          await settle(page);
          all = Math.min(all, await longTaskMs(page, t1));
        } else all = 0;
      }
      report.push(`${item.shape}: open ${open.toFixed(0)} ms of long tasks (drawn after ${shownAfter} ms), show all ${all.toFixed(0)} ms`);
      console.log(report.at(-1));
      expect.soft(open, `${item.shape}: long tasks opening the panel`).toBeLessThan(BUDGET_MS);
      // Painting can stall off the main thread too (a character carrying 65,536 marks took
      // 46 s to raster): the panel must have drawn within a few seconds, however busy the machine.
      expect.soft(shownAfter, `${item.shape}: drawn after`).toBeLessThan(PAINT_BUDGET_MS);
      expect.soft(all, `${item.shape}: long tasks showing all`).toBeLessThan(BUDGET_MS);
    }
    console.log(`long tasks at ${SIZE} characters:\n  ${report.join('\n  ')}`);
  });
});

test.describe('names that would pass for others', () => {
  test('direction overrides and zero-width characters show as markers in the table, the details and the comment thread; no CSP report on load', async ({ page, server, openApp }) => {
    test.setTimeout(300_000);
    const group = server.data.insert('E20', {}, { name: '\u202Eevil group', externalId: 'pay\u200Bpal', description: 'lookalike' });
    const post = server.sources.contentPosts.find((p) => p.commentsEnabled)!;
    const comment = server.data.insert('E2', { moduleId: post.moduleId, contentId: post.contentId }, {
      locales: [{ culture: 'en-GB', text: fill('c', SIZE) }],
    });
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|unsafe-eval/i.test(message.text())) violations.push(message.text().slice(0, 200));
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => console.error(`Content Security Policy report: ${e.violatedDirective} ${e.sourceFile}`));
    });
    await observeLongTasks(page);
    await openApp(`/people/groups?row=${rowKey(endpoints.E20, group)}`);
    const panel = page.getByTestId('detail-panel');
    await expect(panel, 'the row arrives').toHaveAttribute('data-key', rowKey(endpoints.E20, group), { timeout: 240_000 });
    await expect(panel.locator('h2')).toHaveText('⟨U+202E⟩evil group');
    await expect(panel.locator('h2 [data-testid="invisible-char"]')).toHaveText('⟨U+202E⟩');
    await expect(panel).toContainText('pay⟨U+200B⟩pal');
    const cell = page.getByTestId('row').filter({ hasText: 'evil group' }).getByRole('gridcell').first();
    await expect(cell).toHaveText('⟨U+202E⟩evil group');
    await expect(cell.locator('.invisible-char')).toHaveCount(1);

    const scope = `E2:${post.moduleId}/${post.contentId}`;
    await expect(page.getByTestId('sync-progress')).toHaveCount(0, { timeout: 300_000 });
    // The thread first (opening a page costs the same whatever the rows), then the comment.
    let busy = Infinity;
    for (let attempt = 0; attempt < TRIES; attempt++) {
      await page.evaluate((route) => (location.hash = route), `/content/comments?scope=${encodeURIComponent(scope)}`);
      await expect(page.getByTestId('comment-thread')).toBeVisible();
      await expect(page.getByTestId('comment').first()).toBeVisible();
      await expect(panel).not.toHaveAttribute('data-key', /./);
      await settle(page);
      const t0 = await now(page);
      await page.evaluate((route) => (location.hash = route), `/content/comments?scope=${encodeURIComponent(scope)}&row=${rowKey(endpoints.E2, comment)}`);
      await expect(panel).toHaveAttribute('data-key', rowKey(endpoints.E2, comment), { timeout: 60_000 });
      await settle(page);
      busy = Math.min(busy, await longTaskMs(page, t0));
    }
    console.log(`details of a ${SIZE}-character comment beside its thread: ${busy.toFixed(0)} ms of long tasks`);
    expect.soft(busy, 'long tasks opening the comment thread').toBeLessThan(BUDGET_MS);
    expect(violations).toEqual([]);
  });
});
