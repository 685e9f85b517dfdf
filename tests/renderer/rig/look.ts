import { withRigPage } from './rig-page.js';

/**
 * Screenshots of every area on sample data, for looking at the renderer:
 * `npx tsx tests/renderer/rig/look.ts [outDir] [scale] [dark] [paths]`.
 */
const out = process.argv[2] ?? 'screens';
const scale = Number(process.argv[3] ?? 5000);
const dark = process.argv[4] === 'dark';
const paths = process.argv[5] ? process.argv[5].split(',') : ['/', '/content', '/content/posts', '/content/comments', '/calendars', '/forms', '/forms/answer-feedback', '/surveys', '/tasks', '/tasks/subtasks', '/datalists', '/people', '/people/groups', '/training', '/notifications', '/outbox', '/settings'];
await withRigPage({ scale, dark }, async (page, rig) => {
  await page.goto(rig.url);
  console.log('seeded in', (await rig.seeded()).ms, 'ms');
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
});
