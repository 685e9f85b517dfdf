import { test as base, expect } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startHarness, type RunningHarness } from '../../src-main/harness/harness.js';
import { createMainServices, type MainServices } from '../../src-main/core/services.js';
import { startServer, type RunningServer, type ServerOptions } from '../../src-server/index.js';

/**
 * One fixture for every end-to-end test: a reference server and a harness on free
 * loopback ports, connected by token, and a fresh browser context (its own profile,
 * so its own IndexedDB). Both servers stop when the test ends.
 */
export interface AppFixtures {
  serverOptions: ServerOptions;
  server: RunningServer;
  services: MainServices;
  harness: RunningHarness;
  /** Main's network: `offline` makes every request it sends fail as a refused connection. */
  network: { offline: boolean };
  /** Opens the app and waits until the shell has rendered. */
  openApp: (route?: string) => Promise<void>;
}

const rendererDir = resolve(import.meta.dirname, '../../dist-renderer');

export const test = base.extend<AppFixtures>({
  serverOptions: [{ scale: 'demo', seed: 1 }, { option: true }],
  server: async ({ serverOptions }, use) => {
    const server = await startServer({ port: 0, quiet: true, ...serverOptions });
    await use(server);
    await server.close().catch(() => undefined);
  },
  // Playwright reads a fixture's dependencies from its first parameter: this one has none.
  // eslint-disable-next-line no-empty-pattern
  network: async ({}, use) => {
    await use({ offline: false });
  },
  services: async ({ server, network }, use) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'outpost-e2e-'));
    const services = createMainServices({
      connection: { kind: 'token', baseUrl: server.url, token: server.token },
      shell: 'harness',
      dataDir,
      fetch: (input, init) =>
        network.offline
          ? Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) }))
          : fetch(input, init),
    });
    await services.start();
    await use(services);
    await services.stop();
    await rm(dataDir, { recursive: true, force: true });
  },
  harness: async ({ services }, use) => {
    const harness = await startHarness({ services, rendererDir, port: 0 });
    await use(harness);
    await harness.close();
  },
  openApp: async ({ page, harness }, use) => {
    await use(async (route = '') => {
      await page.goto(`${harness.url}/${route ? `#${route}` : ''}`);
      await expect(page.getByTestId('connection-state')).toBeVisible();
      // Every view has one h1: once it shows, the router's first navigation is over and a
      // test's next navigation cannot be undone by it (the shell opens its workspace first).
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  },
});

export { expect };
