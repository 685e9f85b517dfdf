import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../helpers/chromium.js';
import { startRig, type Rig, type RigOptions } from './rig-server.js';

export interface RigPageOptions extends Omit<RigOptions, 'rendererDir'> {
  readonly dark?: boolean;
  /**
   * A profile on disk: a throwaway context keeps IndexedDB in memory, with a quota a
   * million rows exceed.
   */
  readonly onDisk?: boolean;
}

/**
 * The built renderer on the rig in headless Chromium, for the scripts that look at it
 * or measure it: page errors are printed, and everything is closed when `run` ends.
 */
export async function withRigPage(options: RigPageOptions, run: (page: Page, rig: Rig) => Promise<void>): Promise<void> {
  const rig = await startRig({ ...options, rendererDir: resolve(import.meta.dirname, '../../../dist-renderer') });
  const profile = options.onDisk ? await mkdtemp(join(tmpdir(), 'outpost-rig-')) : null;
  const launch = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
  const page = { viewport: { width: 1400, height: 860 }, colorScheme: options.dark ? ('dark' as const) : ('light' as const) };
  const browser = profile ? null : await chromium.launch(launch);
  const context = profile ? await chromium.launchPersistentContext(profile, { ...launch, ...page }) : await browser!.newContext(page);
  try {
    const tab = context.pages()[0] ?? (await context.newPage());
    tab.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
    tab.on('pageerror', (e) => console.log('pageerror:', e.message));
    await run(tab, rig);
  } finally {
    await context.close();
    await browser?.close();
    await rig.close();
    if (profile) await rm(profile, { recursive: true, force: true });
  }
}
