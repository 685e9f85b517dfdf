import type { Page } from '@playwright/test';
import { withRigPage } from './rig-page.js';

/**
 * Measures the table on a big list in Chromium: time to first rows after a reload,
 * scroll jumps, sorting, filtering and searching.
 * `npx tsx tests/renderer/rig/measure.ts [rows]` (default 1,000,000).
 */
const rows = Number(process.argv[2] ?? 1_000_000);

/** Milliseconds until the table shows real rows at the current scroll position (no placeholders). */
async function settle(page: Page, action: string): Promise<number> {
  return page.evaluate(async (act) => {
    const table = document.querySelector('[data-testid="list-table"]') as HTMLElement;
    const t0 = performance.now();
    const before = table.querySelector('[data-testid="row"]')?.textContent ?? '';
     
    new Function('table', act)(table);
    for (;;) {
      await new Promise((r) => requestAnimationFrame(r));
      const placeholders = table.querySelectorAll('[data-testid="row-placeholder"]').length;
      const first = table.querySelector('[data-testid="row"]')?.textContent ?? '';
      if (placeholders === 0 && first && (first !== before || act.includes('noChange'))) return performance.now() - t0;
      if (performance.now() - t0 > 60_000) return -1;
    }
  }, action);
}

async function timeRoute(page: Page, hash: string): Promise<{ ms: number; count: string | null }> {
  const t0 = Date.now();
  await page.evaluate((h) => (location.hash = h), hash);
  await page.waitForFunction(() => {
    const t = document.querySelector('[data-testid="list-table"]');
    return !!t && t.getAttribute('data-settled') === 'true' && t.querySelectorAll('[data-testid="row-placeholder"]').length === 0 && (t.querySelector('[data-testid="row"]') || t.getAttribute('data-count') === '0');
  }, undefined, { timeout: 180_000, polling: 'raf' });
  return { ms: Date.now() - t0, count: await page.getByTestId('list-table').getAttribute('data-count') };
}

await withRigPage({ scale: rows, onDisk: true }, async (page, rig) => {
  await page.goto(`${rig.url}/#/settings`);
  const seeded = await rig.seeded();
  console.log(`seeded ${rows.toLocaleString()} lesson participations (+ sample lists) in ${(seeded.ms / 1000).toFixed(1)} s through the store port`);

  // Time to first rows: a cold page load straight onto the big list.
  const t0 = Date.now();
  await page.goto(`${rig.url}/#/training?sort=creationDateTime`);
  await page.reload();
  await page.getByTestId('row').first().waitFor({ timeout: 120_000 });
  const firstRows = Date.now() - t0;
  await page.waitForFunction((n) => document.querySelector('[data-testid="list-table"]')?.getAttribute('data-count') === String(n), rows, { timeout: 120_000 });
  const counted = Date.now() - t0;
  console.log(`time to first rows after reload: ${firstRows} ms (count of ${rows.toLocaleString()} shown after ${counted} ms)`);
  await page.getByTestId('list-table').evaluate((el) => (el as HTMLElement).focus());
  const results: Record<string, number[]> = {};
  const record = (name: string, ms: number) => (results[name] ??= []).push(Math.round(ms));
  // A jump before the list is counted exactly.
  record('jump to 90% before the exact count', await settle(page, 'table.scrollTop = table.scrollHeight * 0.9'));
  await settle(page, 'table.scrollTop = 0');

  for (let i = 0; i < 3; i++) {
    record('wheel scroll by one screen', await settle(page, 'table.scrollTop += 800'));
    record('jump to 50%', await settle(page, 'table.scrollTop = table.scrollHeight * 0.5'));
    record('jump to 90%', await settle(page, 'table.scrollTop = table.scrollHeight * 0.9'));
    record('jump to the end', await settle(page, 'table.scrollTop = table.scrollHeight'));
    record('back to the top', await settle(page, 'table.scrollTop = 0'));
  }
  const sorted = await timeRoute(page, '#/training?sort=-points');
  console.log(`sort by points (descending): ${sorted.ms} ms, ${sorted.count} rows`);
  const filtered = await timeRoute(page, '#/training?sort=-points&f=completionRate:gte:95');
  console.log(`filter completionRate >= 95 with sort by points: ${filtered.ms} ms, ${filtered.count} rows`);
  const filterOnly = await timeRoute(page, '#/training?f=courseLessonParticipationState:eq:Completed');
  console.log(`filter state = Completed: ${filterOnly.ms} ms, ${filterOnly.count} rows`);
  const narrow = await timeRoute(page, '#/training?f=points:eq:7&f=completionRate:lt:10');
  console.log(`two filters (points = 7, completionRate < 10): ${narrow.ms} ms, ${narrow.count} rows`);
  const searched = await timeRoute(page, '#/training?q=completed');
  console.log(`search "completed" (a scan): ${searched.ms} ms, ${searched.count} rows`);
  for (const [name, values] of Object.entries(results)) {
    const sortedValues = [...values].sort((a, b) => a - b);
    console.log(`${name}: median ${sortedValues[Math.floor(sortedValues.length / 2)]} ms (runs: ${values.join(', ')})`);
  }
});
