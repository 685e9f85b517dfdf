import { withRigPage } from './rig-page.js';

/** Screenshots of the editors, the comment thread and the palette: `npx tsx tests/renderer/rig/look-editor.ts outDir`. */
const out = process.argv[2] ?? 'screens';
await withRigPage({ scale: 200 }, async (page, rig) => {
  await page.goto(`${rig.url}/#/content/comments`);
  await rig.seeded();
  await page.goto(`${rig.url}/#/content/comments`);
  await page.getByTestId('comment').first().click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/thread.png` });
  for (const [route, shot] of [['/content/posts', 'post-editor'], ['/people', 'user-editor']] as const) {
    await page.goto(`${rig.url}/#${route}`);
    await page.getByTestId('row').first().click();
    await page.getByTestId('edit-row').click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${out}/${shot}.png` });
    await page.keyboard.press('Escape');
  }
  await page.waitForTimeout(300);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('equip');
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/palette.png` });
});
