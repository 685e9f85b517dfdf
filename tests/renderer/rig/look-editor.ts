import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { startRig } from './rig-server.js';

/** Screenshots of the editors, the comment thread and the palette: `npx tsx tests/renderer/rig/look-editor.ts outDir`. */
const out = process.argv[2] ?? 'screens';
const rig = await startRig({ rendererDir: resolve(import.meta.dirname, '../../../dist-renderer'), scale: 200 });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  page.on('pageerror', (e) => console.log('pageerror:', e.message));
  await page.goto(`${rig.url}/#/content/comments`);
  await rig.seeded();
  await page.goto(`${rig.url}/#/content/comments`);
  await page.getByTestId('comment').first().click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/thread.png` });
  await page.goto(`${rig.url}/#/content/posts`);
  await page.getByTestId('row').first().click();
  await page.getByTestId('edit-row').click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/post-editor.png` });
  await page.keyboard.press('Escape');
  await page.goto(`${rig.url}/#/people`);
  await page.getByTestId('row').first().click();
  await page.getByTestId('edit-row').click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/user-editor.png` });
  await page.keyboard.press('Escape');
  await page.waitForTimeout(300);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('equip');
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/palette.png` });
} finally {
  await browser.close();
  await rig.close();
}
