import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../helpers/chromium.js';

export interface BenchBrowser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

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
  // The bench's own in-page callbacks are compiled by tsx, which names functions
  // with a `__name` helper that pages do not have.
  await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
  return {
    context,
    async close() {
      await context.close().catch(() => undefined);
      await rm(profile, { recursive: true, force: true });
    },
  };
}
