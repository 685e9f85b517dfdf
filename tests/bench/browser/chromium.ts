import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import type { DevtoolsSession } from './plain-window.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../helpers/chromium.js';

export interface BenchBrowser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/**
 * The bench's own in-page callbacks are compiled by tsx, which names functions with a
 * `__name` helper that pages do not have.
 */
const TSX_NAME_HELPER = 'globalThis.__name ??= (fn) => fn;';

/**
 * Headless Chromium with a profile on disk. Playwright's default contexts are
 * off-the-record, where IndexedDB lives in memory; the desktop app writes to disk,
 * so every figure here is taken with a persistent profile.
 */
export async function launchBenchBrowser(
  options: { readonly executablePath?: string; readonly viewport?: { width: number; height: number }; readonly extraArgs?: readonly string[] } = {},
): Promise<BenchBrowser> {
  const profile = await mkdtemp(join(tmpdir(), 'outpost-bench-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: options.executablePath ?? CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...(options.extraArgs ?? [])],
    viewport: options.viewport ?? { width: 1400, height: 860 },
  });
  await context.addInitScript({ content: TSX_NAME_HELPER });
  return {
    context,
    async close() {
      await context.close().catch(() => undefined);
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Playwright driving a browser that runs already (a plain window's, see plain-window.ts),
 * in its profile's context. Closing disconnects; the browser goes on.
 */
export async function driveBrowser(browserUrl: string): Promise<BenchBrowser> {
  const browser = await chromium.connectOverCDP(browserUrl);
  const context = browser.contexts()[0];
  if (!context) throw new Error('the browser has no context to drive');
  await context.addInitScript({ content: TSX_NAME_HELPER });
  return {
    context,
    async close() {
      await browser.close().catch(() => undefined);
    },
  };
}

/** A DevTools session of its own on a page Playwright drives. */
export async function pageDevtools(page: Page): Promise<DevtoolsSession> {
  const cdp = await page.context().newCDPSession(page);
  return {
    send: <T>(method: string, params?: Record<string, unknown>) => cdp.send(method as never, params as never) as Promise<T>,
  };
}
