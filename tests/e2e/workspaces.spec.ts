import { test as base, expect, type Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startHarness, type RunningHarness } from '../../src-main/harness/harness.js';
import type { AppCommandHandlers } from '../../src-shared/bridge/index.js';
import type { MainServices } from '../../src-main/core/services.js';
import { createMemorySecretStore } from '../../src-main/core/workspaces/secret-store.js';
import { createWorkspaceRegistry } from '../../src-main/core/workspaces/workspace-registry.js';
import { startServer, type RunningServer } from '../../src-server/index.js';

/**
 * A "real" workspace from the app's own screens: the harness starts with no workspace
 * and no connection flags, as a fresh install; the reference server plays a tenant with
 * client credentials and its rate limit on.
 */
const rendererDir = resolve(import.meta.dirname, '../../dist-renderer');

const test = base.extend<{ tenant: RunningServer; other: RunningServer; app: { harness: RunningHarness; services: MainServices } }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern, which may not be empty.
  // 100 requests a minute, on a minute ten times shorter: the form's budget says 900.
  tenant: async ({ browserName: _ }, use) => {
    const server = await startServer({ port: 0, quiet: true, scale: 'demo', seed: 1, rateLimit: { perMinute: 100, timeScale: 10 } });
    await use(server);
    await server.close().catch(() => undefined);
  },
  other: async ({ browserName: _ }, use) => {
    const server = await startServer({ port: 0, quiet: true, scale: 'demo', seed: 7 });
    await use(server);
    await server.close().catch(() => undefined);
  },
  app: async ({ browserName: _ }, use) => {
    const rootDir = await mkdtemp(join(tmpdir(), 'outpost-e2e-workspaces-'));
    const services = createWorkspaceRegistry({ rootDir, vault: createMemorySecretStore(), shell: 'harness' });
    await services.start();
    const harness = await startHarness({ services, rendererDir, port: 0 });
    await use({ harness, services });
    await harness.close();
    await services.stop();
    await rm(rootDir, { recursive: true, force: true });
  },
});

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return `http://127.0.0.1:${port}`;
}

const field = (page: Page, id: string) => page.getByTestId(id).locator('input');

async function testConnection(page: Page) {
  await page.getByTestId('connect-test').click();
  await expect(page.getByTestId('connect-result')).toBeVisible();
}

/**
 * Opens a route once the shell is up. After a switch the window reloads, and the
 * router's first navigation can still undo this one: then it is opened again.
 */
async function open(page: Page, route: string, ready: () => Promise<void>): Promise<void> {
  await expect(page.getByTestId('connection-state')).toBeVisible();
  await expect(async () => {
    await page.goto(`${new URL(page.url()).origin}/#${route}`);
    await ready();
  }).toPass({ timeout: 30_000 });
}

async function listText(page: Page, route: string): Promise<string> {
  await open(page, route, () => expect(page.getByTestId('row')).not.toHaveCount(0, { timeout: 5_000 }));
  return page.getByTestId('list-table').innerText();
}

/** Rows per area as Home shows them from the cache: equal before and after a switch = the cache is intact. */
async function cachedRows(page: Page): Promise<string[]> {
  await open(page, '/', () => expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible({ timeout: 5_000 }));
  await expect(page.locator('.rows').first()).not.toHaveText('0 rows');
  return page.locator('.rows').allInnerTexts();
}

/**
 * Waits for the workspace's first full sync to end: every list completed once (the status
 * bar stops saying so) and nothing running. Between passes of a first sync the progress
 * can hide for a moment, so its absence alone does not say the cache is whole.
 */
async function firstSyncDone(page: Page) {
  await expect(page.getByText(/First sync under way|Not completely synced yet/)).toHaveCount(0, { timeout: 90_000 });
  await expect(page.getByTestId('sync-progress')).toBeHidden({ timeout: 60_000 });
}

/** Switches with the title bar's menu and waits for the window to open on the other workspace. */
async function switchTo(page: Page, host: string) {
  await page.getByTestId('workspace-switcher').click();
  await page.getByTestId('workspace-entry').filter({ hasText: host }).click();
  await expect(page.getByTestId('workspace-name')).toContainText(host);
}

test('first run → connect with client credentials → mirror → a second workspace beside it → offline', async ({ page, tenant, other, app }) => {
  test.setTimeout(150_000);
  // A user group each workspace has and the other has not: it shows whose cache is on screen.
  const groupsA = 'Night crew of the first workspace';
  const groupsB = 'Day crew of the second workspace';
  tenant.data.insert('E20', {}, { name: groupsA });
  other.data.insert('E20', {}, { name: groupsB });
  await page.goto(app.harness.url);
  await expect(page.getByTestId('first-run')).toBeVisible();
  await expect(page.getByTestId('choose-demo')).toBeVisible();
  await page.getByTestId('choose-connect').click();

  // A wrong secret and an address where nothing answers each say so, in words to act on.
  await field(page, 'connect-address').fill(tenant.url);
  await field(page, 'connect-client-id').fill(tenant.clientId);
  await field(page, 'connect-client-secret').fill('not-the-secret');
  await testConnection(page);
  await expect(page.getByTestId('connect-error')).toHaveAttribute('data-problem', 'wrong-secret');
  await expect(page.getByTestId('connect-error')).toContainText('The client id or secret is wrong');
  await expect(page.getByTestId('connect-save')).toBeDisabled();

  await field(page, 'connect-address').fill(await closedPortUrl());
  await field(page, 'connect-client-secret').fill(tenant.clientSecret);
  await testConnection(page);
  await expect(page.getByTestId('connect-error')).toHaveAttribute('data-problem', 'unreachable');
  await expect(page.getByTestId('connect-error')).toContainText('Nothing answers at this address');
  await expect(page.getByTestId('connect-error')).toContainText('ECONNREFUSED');

  // The right address and secret: the workspace answers, with the areas its scopes open.
  await field(page, 'connect-address').fill(tenant.url);
  await page.getByText('Advanced').click();
  await field(page, 'connect-budget').fill('900');
  await testConnection(page);
  await expect(page.getByTestId('connect-result')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('connect-open-areas')).toContainText('People');
  await expect(page.getByTestId('connect-open-areas')).toContainText('Data lists');
  await page.getByTestId('connect-save').click();

  // The app opens on the new workspace and mirrors it (its published sources included).
  await expect(page.getByTestId('workspace-name')).toContainText(new URL(tenant.url).host);
  await expect.poll(() => listText(page, '/people/groups'), { timeout: 60_000 }).toContain(groupsA);
  await firstSyncDone(page);
  const cacheA = await cachedRows(page);
  expect(tenant.data.stats().byStatus['429'] ?? 0).toBe(0);

  // A second workspace beside it, added from the switcher, with a pasted token.
  await page.getByTestId('workspace-switcher').click();
  await page.getByTestId('workspace-add').click();
  await field(page, 'connect-address').fill(other.url);
  await page.getByTestId('connect-kind-token').click();
  await field(page, 'connect-token').fill(other.token);
  await testConnection(page);
  await expect(page.getByTestId('connect-result')).toHaveAttribute('data-ok', 'true');
  await page.getByTestId('connect-save').click();
  await expect(page.getByTestId('workspace-name')).toContainText(new URL(other.url).host);
  await expect.poll(() => listText(page, '/people/groups'), { timeout: 60_000 }).toContain(groupsB);
  await firstSyncDone(page);
  const cacheB = await cachedRows(page);

  // Back and forth: each workspace shows its own cache, at once and untouched.
  await switchTo(page, new URL(tenant.url).host);
  expect(await listText(page, '/people/groups')).toContain(groupsA);
  expect(await listText(page, '/people/groups')).not.toContain(groupsB);
  expect(await cachedRows(page)).toEqual(cacheA);

  await page.keyboard.press('Control+K');
  await page.getByRole('combobox', { name: 'Search places' }).fill('switch');
  await page.getByRole('option').filter({ hasText: new URL(other.url).host }).click();
  await expect(page.getByTestId('workspace-name')).toContainText(new URL(other.url).host);
  expect(await listText(page, '/people/groups')).toContain(groupsB);
  expect(await listText(page, '/people/groups')).not.toContain(groupsA);
  expect(await cachedRows(page)).toEqual(cacheB);

  // The tenant goes away: its workspace is still there to browse.
  await tenant.close();
  await switchTo(page, new URL(tenant.url).host);
  await expect(page.getByTestId('connection-state')).toHaveText(/Offline/, { timeout: 30_000 });
  expect(await listText(page, '/people/groups')).toContain(groupsA);
  expect(await cachedRows(page)).toEqual(cacheA);
});

test('removing a workspace asks first, then deletes its data only', async ({ page, other, app }) => {
  test.setTimeout(90_000);
  await page.goto(app.harness.url);
  await page.getByTestId('choose-demo').click();
  await expect(page.getByTestId('workspace-name')).toContainText('Demo workspace');
  await expect(page.getByTestId('sync-progress')).toBeHidden({ timeout: 60_000 });

  await page.getByTestId('workspace-switcher').click();
  await page.getByTestId('workspace-add').click();
  await page.getByTestId('connect-kind-token').click();
  await field(page, 'connect-address').fill(other.url);
  await field(page, 'connect-token').fill(other.token);
  await testConnection(page);
  await page.getByTestId('connect-save').click();
  await expect(page.getByTestId('workspace-name')).toContainText(new URL(other.url).host);
  await expect(page.getByTestId('sync-progress')).toBeHidden({ timeout: 60_000 });
  const databases = async () => (await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''))).filter((n) => n.startsWith('outpost-ws-')).sort();
  // Each workspace has its cache and, beside it, its search index (`<cache>-search`).
  await expect.poll(databases).toHaveLength(4);

  await page.getByTestId('workspace-switcher').click();
  await page.getByTestId('workspace-remove').click();
  await expect(page.getByRole('dialog')).toContainText('edits not yet sent are deleted');
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect(await databases()).toHaveLength(4);

  await page.getByTestId('workspace-switcher').click();
  await page.getByTestId('workspace-remove').click();
  await page.getByRole('button', { name: 'Remove workspace' }).click();
  await expect(page.getByTestId('workspace-name')).toContainText('Demo workspace');
  // Nothing of the removed workspace is left: only the demo's cache and its index.
  const demo = (await databases()).find((n) => !n.endsWith('-search') && n.includes('-demo-'));
  expect(demo).toBeDefined();
  await expect.poll(databases).toEqual([demo, `${demo}-search`]);
  const list = await (app.services.handlers as AppCommandHandlers)['workspaces.list']({});
  expect(list.workspaces.map((w) => w.kind)).toEqual(['demo']);
});

test('first run → connect → add what the API cannot list: a pasted link, a wrong one, a suggestion → rows mirrored', async ({ page, app }) => {
  test.setTimeout(150_000);
  // A tenant as a real one is: it publishes no sources, and its rate limit is on.
  const tenant = await startServer({ port: 0, quiet: true, scale: 'demo', seed: 5, publishSources: false, rateLimit: { perMinute: 100, timeScale: 10 } });
  try {
    const task = tenant.sources.tasks[0]!;
    const subtasks = tenant.data.rows('E13', task).length;
    const categories = tenant.data.rows('E14', { moduleId: task.moduleId }).length;
    expect(subtasks).toBeGreaterThan(0);
    expect(categories).toBeGreaterThan(0);
    const calendar = tenant.sources.calendars[0]!;

    await page.goto(app.harness.url);
    await page.getByTestId('choose-connect').click();
    await field(page, 'connect-address').fill(tenant.url);
    await field(page, 'connect-client-id').fill(tenant.clientId);
    await field(page, 'connect-client-secret').fill(tenant.clientSecret);
    await page.getByText('Advanced').click();
    await field(page, 'connect-budget').fill('900');
    await testConnection(page);
    await expect(page.getByTestId('connect-result')).toHaveAttribute('data-ok', 'true');
    await page.getByTestId('connect-save').click();

    // The window opens on the new workspace, at the sources step, with the link forms of each kind.
    await expect(page.getByTestId('sources-page')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('sources-page')).toContainText('one more step');
    const step = (kind: string) => page.locator(`[data-testid="source-step"][data-kind="${kind}"]`);
    await expect(step('calendar').getByTestId('source-example').first()).toContainText('/calendarmodules/<moduleId>/calendars/<calendarId>');
    await expect(page.getByTestId('source-suggestion')).toHaveCount(0);
    await page.screenshot({ path: join(tmpdir(), 'outpost-sources-first.png') });

    // A task by its pasted portal link: found, with its rows counted by the workspace.
    await step('task').getByTestId('source-link').locator('input').fill(`https://portal.example/taskmanagementmodules/${task.moduleId}/tasks/${task.taskId}`);
    await step('task').getByTestId('source-check').click();
    const found = step('task').getByTestId('source-answer').first();
    await expect(found).toHaveAttribute('data-status', 'found');
    await expect(found).toContainText(`Found: Task ${task.taskId.slice(0, 8)}, ${subtasks} subtask`);
    await found.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(tmpdir(), 'outpost-sources-found.png') });

    // A calendar whose link names a calendar of no such module: not found, and not added.
    const wrong = '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f';
    await step('calendar').getByTestId('source-link').locator('input').fill(`https://portal.example/#/calendar?moduleId=${wrong}&calendarId=${calendar.calendarId}`);
    await step('calendar').getByTestId('source-check').click();
    await expect(step('calendar').getByTestId('source-answer').first()).toHaveAttribute('data-status', 'not-found');
    await expect(step('calendar').getByTestId('source-answer').first()).toContainText('Not found');
    await expect(step('calendar').getByTestId('source-added')).toHaveCount(0);
    await step('calendar').getByTestId('source-answer').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(tmpdir(), 'outpost-sources-not-found.png') });

    // The task's rows name its module: offered once, added with one click, never typed.
    const suggestion = step('taskModule').getByTestId('source-suggestion');
    await expect(suggestion).toHaveCount(1, { timeout: 30_000 });
    await suggestion.click();
    await expect(step('taskModule').getByTestId('source-answer').first()).toContainText(`${categories} categor`);
    await expect(step('taskModule').getByTestId('source-suggestion')).toHaveCount(0);

    // Both are mirrored, row for row.
    await expect(step('task').getByTestId('source-mirrored')).toHaveText(`${subtasks} rows mirrored`, { timeout: 60_000 });
    await expect(step('taskModule').getByTestId('source-mirrored')).toHaveText(`${categories} rows mirrored`, { timeout: 60_000 });
    await step('taskModule').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(tmpdir(), 'outpost-sources-mirrored.png') });
    await page.getByTestId('sources-done').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    expect(tenant.data.stats().byStatus['429'] ?? 0).toBe(0);
  } finally {
    await tenant.close();
  }
});
