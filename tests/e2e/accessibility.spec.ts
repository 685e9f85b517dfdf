import { test as base, type Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startHarness, type RunningHarness } from '../../src-main/harness/harness.js';
import type { MainServices } from '../../src-main/core/services.js';
import { createMemorySecretStore } from '../../src-main/core/workspaces/secret-store.js';
import { createWorkspaceRegistry } from '../../src-main/core/workspaces/workspace-registry.js';
import { endpoints, versionedPath } from '../../src-shared/api/index.js';
import type { RunningServer } from '../../src-server/index.js';
import { createAxeLog } from './axe-check.js';
import { expect, test } from './fixtures.js';

/**
 * WCAG 2.1 A and AA, checked by axe-core on every screen of the app against the
 * reference server: each route in light and dark, a selected row with its detail, each
 * editor, the palette, the connect form, the outbox holding an entry in every state
 * the app can be brought to (waiting, sent, refused, conflict, uncertain) and the
 * first-run screen. One app start; the screens are visited in turn.
 */

const ROUTES = [
  '/',
  '/content',
  '/content/posts',
  '/content/comments',
  '/calendars',
  '/forms',
  '/forms/answer-feedback',
  '/surveys',
  '/tasks',
  '/tasks/completions',
  '/datalists',
  '/people',
  '/people/groups',
  '/training',
  '/notifications',
  '/outbox',
  '/sync-issues',
  '/settings',
  '/sources',
  '/about',
  '/welcome',
];
/** Lists whose first row is opened in the detail panel on their own screen. */
const WITH_ROW = new Set(['/content', '/calendars', '/people/groups', '/training', '/notifications', '/tasks']);

type Row = Record<string, unknown>;
const userOf = (server: RunningServer, id: string): Row => server.data.rows('E19').find((u) => u['id'] === id)!;
const go = (page: Page, route: string) => page.goto(page.url().replace(/#.*$/, `#${route}`));
const entry = (page: Page, text: string) => page.getByTestId('outbox-entry').filter({ hasText: text });

async function someoneElse(server: RunningServer, userId: string, title: string): Promise<void> {
  const response = await fetch(`${server.url}${versionedPath(endpoints.E19, { userId })}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json-patch+json' },
    body: JSON.stringify([{ op: 'replace', path: '/title', value: title }]),
  });
  expect(response.status).toBe(200);
}

/** Closes the notices in the corner, which would cover the buttons under them. */
async function closeNotices(page: Page): Promise<void> {
  const close = page.locator('.n-notification .n-base-close');
  // Leaving notices stay in the page while they fade: click each once, then wait for all to go.
  for (const button of await close.all()) await button.dispatchEvent('click');
  await expect(close).toHaveCount(0);
}

async function editUser(page: Page, userId: string, label: string, value: string): Promise<void> {
  await go(page, '/people');
  await closeNotices(page);
  await page.locator(`[data-user-id="${userId}"]`).getByTestId('edit-user').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.getByLabel(label).fill(value);
  await page.getByTestId('user-save').click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

async function newPost(page: Page, title: string): Promise<void> {
  await go(page, '/content/posts');
  await page.getByTestId('new-post').click();
  await page.getByTestId('post-name').locator('input').fill(title);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Body').fill(`About ${title}.`);
  await page.getByTestId('post-save').click();
  await expect(page.getByRole('dialog')).toBeHidden();
}

/**
 * Brings the outbox to hold every state a user can meet: sent edits, a create whose
 * answer was lost (uncertain), a refused phone number with a title waiting behind it,
 * and a title someone else changed meanwhile (conflict).
 */
async function fillOutbox(page: Page, server: RunningServer, services: MainServices, network: { offline: boolean }): Promise<void> {
  const [a, b] = server.sources.users.filter((id) => userOf(server, id)['phoneNumber']);
  await go(page, '/people');
  await expect(page.locator(`[data-user-id="${b}"]`)).toBeVisible({ timeout: 60_000 });
  // Online edits bring each user's record (needed to see a conflict) and a post to edit later.
  for (const id of [a!, b!]) {
    await editUser(page, id, 'Initials', 'ZZ');
    await expect.poll(() => userOf(server, id)['initials']).toBe('ZZ');
  }
  await newPost(page, 'Canteen');
  await services.whenSettled();

  network.offline = true;
  for (const id of [a!, b!]) {
    await editUser(page, id, 'Phone number', 'call me');
    await editUser(page, id, 'Title (clear to remove)', `Mine ${id.slice(0, 4)}`);
  }
  await someoneElse(server, b!, 'Theirs');
  await newPost(page, 'Lost answer');
  // Answers cut short: the create may have been carried out, so it becomes uncertain.
  server.faults.set({ truncateRate: 1 });
  network.offline = false;
  await services.handlers['sync.now']({});
  await go(page, '/outbox');
  // Every answer is cut short, so the edits before it are retried with backoff (up to 30 s a wait, DEFAULT_BACKOFF) before it is sent.
  await expect(entry(page, 'Lost answer').first()).toContainText('Uncertain', { timeout: 120_000 });
  server.faults.reset();
  await services.handlers['sync.now']({});
  await expect(entry(page, 'Refused')).toHaveCount(2, { timeout: 60_000 });
  await closeNotices(page);
  // Fixing b's phone brings back the server's copy with their title: b's title stops as a conflict.
  await entry(page, `user:${b}`).filter({ hasText: 'Refused' }).getByTestId('fix-in-editor').click();
  await page.getByLabel('Phone number').fill('555 0100');
  await page.getByTestId('user-save').click();
  await expect(page.getByTestId('conflict-view')).toHaveCount(1, { timeout: 60_000 });
  await expect(entry(page, 'Waiting')).not.toHaveCount(0);
}

/** Every route (with a row opened on lists that have rows), each editor and the palette, in one theme. */
/**
 * Switches the system's theme (and asks for less motion), then waits for the app to
 * follow it: the app hears of the change a frame or more later (~30 ms idle, longer on
 * a busy machine), and a check in between reads the previous theme's text colour over
 * the new background.
 */
async function systemTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  const shown = () =>
    page.evaluate(() => {
      const [r = 0, g = 0, b = 0] = (getComputedStyle(document.querySelector('.shell')!).backgroundColor.match(/\d+/g) ?? []).map(Number);
      return (r + g + b) / 3 < 128 ? 'dark' : 'light';
    });
  await expect.poll(shown).toBe(theme);
}

async function everyScreen(page: Page, theme: 'light' | 'dark', check: (screen: string) => Promise<void>): Promise<void> {
  // Reduced motion: drawers and fades finish at once, so each screen is checked as it ends up.
  await systemTheme(page, theme);
  for (const route of ROUTES) {
    await go(page, route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await check(route);
    if (WITH_ROW.has(route)) {
      await page.getByTestId('row').first().click();
      await expect(page.getByTestId('detail-panel').locator('h2')).not.toBeEmpty();
      await check(`${route} row selected`);
    }
  }
  await go(page, '/people');
  await closeNotices(page);
  await page.getByTestId('edit-user').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check('user editor');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await go(page, '/content/posts');
  await page.getByTestId('new-post').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check('new post editor');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByTestId('row').filter({ hasText: 'Canteen' }).first().click();
  await page.getByTestId('edit-row').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check('post editor');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.keyboard.press('Control+k');
  await expect(page.getByRole('combobox', { name: 'Search places' })).toBeFocused();
  await check('command palette');
  await page.keyboard.press('Escape');
}

// One test per theme, so the two run side by side; the outbox's states have their own test.
for (const theme of ['light', 'dark'] as const) {
  test(`every screen meets WCAG 2.1 A and AA in the ${theme} theme`, async ({ page, openApp, services }, testInfo) => {
    test.setTimeout(300_000);
    const axe = createAxeLog(testInfo);
    await openApp('/');
    // A post of ours, so the posts list has a row to edit.
    await newPost(page, 'Canteen');
    await go(page, '/outbox');
    await expect(entry(page, 'New post').first()).toContainText('Sent', { timeout: 30_000 });
    await services.whenSettled();
    await everyScreen(page, theme, (screen) => axe.check(page, `${theme} ${screen}`));
    expect(await axe.failures()).toEqual([]);
  });
}

test('the outbox with an edit in every state, and the screens that count them, meet WCAG 2.1 A and AA in both themes', async ({ page, openApp, server, services, network }, testInfo) => {
  test.setTimeout(300_000);
  const axe = createAxeLog(testInfo);
  await openApp('/');
  await fillOutbox(page, server, services, network);
  for (const theme of ['light', 'dark'] as const) {
    await systemTheme(page, theme);
    for (const route of ['/outbox', '/', '/sync-issues', '/content/posts']) {
      await go(page, route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await axe.check(page, `${theme} ${route} (outbox in every state)`);
    }
    // A refused edit reopened in its editor, with the server's objection beside the field.
    await go(page, '/outbox');
    await closeNotices(page);
    await entry(page, 'Refused').first().getByTestId('fix-in-editor').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await axe.check(page, `${theme} refused edit in its editor`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  }
  expect(await axe.failures()).toEqual([]);
});

/** A fresh install: no workspace, the first-run screen and its connect form. */
const firstRun = base.extend<{ app: { harness: RunningHarness } }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern, which may not be empty.
  app: async ({ browserName: _ }, use) => {
    const rootDir = await mkdtemp(join(tmpdir(), 'outpost-e2e-a11y-'));
    const services = createWorkspaceRegistry({ rootDir, vault: createMemorySecretStore(), shell: 'harness' });
    await services.start();
    const harness = await startHarness({ services, rendererDir: resolve(import.meta.dirname, '../../dist-renderer'), port: 0 });
    await use({ harness });
    await harness.close();
    await services.stop();
    await rm(rootDir, { recursive: true, force: true });
  },
});

firstRun('the first-run and connect screens meet WCAG 2.1 A and AA in both themes', async ({ page, app }, testInfo) => {
  const axe = createAxeLog(testInfo);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await page.goto(`${app.harness.url}/`);
    await expect(page.getByTestId('first-run')).toBeVisible();
    await axe.check(page, `${theme} first run`);
    await page.getByTestId('choose-connect').click();
    await expect(page.getByTestId('connect-form')).toBeVisible();
    // Asking too early shows the form's own objections: they must be readable too.
    await page.getByTestId('connect-test').click();
    await axe.check(page, `${theme} connect form`);
  }
  expect(await axe.failures()).toEqual([]);
});
