import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { startRig } from './rig-server.js';

/**
 * Screenshots of every area on sample data, for looking at the renderer:
 * `npx tsx tests/renderer/rig/look.ts [outDir] [scale] [dark]`.
 */
const out = process.argv[2] ?? 'screens';
const scale = Number(process.argv[3] ?? 5000);
const dark = process.argv[4] === 'dark';
const rig = await startRig({ rendererDir: resolve(import.meta.dirname, '../../../dist-renderer'), scale });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 860 }, colorScheme: dark ? 'dark' : 'light' });
  page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  await page.goto(rig.url);
  console.log('seeded in', (await rig.seeded()).ms, 'ms');
  const paths = process.argv[5] ? process.argv[5].split(',') : ['/', '/content', '/content/posts', '/content/comments', '/calendars', '/forms', '/forms/answer-feedback', '/surveys', '/tasks', '/tasks/subtasks', '/datalists', '/people', '/people/groups', '/training', '/notifications', '/outbox', '/settings'];
  for (const p of paths) {
    await page.goto(`${rig.url}/#${p}`);
    await page.waitForTimeout(900);
    const row = page.getByTestId('row').first();
    if (await row.count()) {
      await row.click();
      await page.waitForTimeout(400);
    }
    await page.screenshot({ path: `${out}/${p === '/' ? 'home' : p.slice(1).replace(/\//g, '_')}${dark ? '-dark' : ''}.png` });
  }
} finally {
  await browser.close();
  await rig.close();
}
