import { scopeId } from '../../src-shared/store/index.js';
import { expect, test } from './fixtures.js';

/**
 * A post whose body carries script, event-handler and javascript: URL payloads is
 * shown in the real browser, its link clicked: nothing runs. The row is written into
 * the page's own IndexedDB, where the mirror would put it (a chunk of one row).
 */
const PAYLOAD = [
  '<p>Visible text</p>',
  '<script>window.__xss = "script"</script>',
  '<img src="x" onerror="window.__xss = \'onerror\'">',
  '<svg onload="window.__xss = \'svg\'"><circle r="4"></circle></svg>',
  '<details open ontoggle="window.__xss = \'ontoggle\'"><summary>s</summary></details>',
  '<iframe srcdoc="<script>parent.__xss = \'iframe\'</script>"></iframe>',
  '<a id="bad-link" href="javascript:window.__xss = \'href\'">click me</a>',
  '<a href="  java\tscript:window.__xss = \'spaced\'">spaced</a>',
  '<form action="javascript:window.__xss = \'form\'"><button>go</button></form>',
  '<p style="background:url(javascript:window.__xss=\'css\')" onmouseover="window.__xss = \'hover\'">hover me</p>',
].join('');

test('a post body with script, handler and javascript: URL payloads executes nothing', async ({ page, openApp }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await openApp('/content/posts');
  const postId = '00000000-0000-4000-8000-00000000ba5e';
  const scope = 'E3:00000000-0000-4000-8000-000000000001';
  await page.evaluate(
    async ({ id, body, scope, sid }) => {
      const open = indexedDB.open('outpost');
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = db.transaction(['chunkHeads', 'chunkBodies', 'revisions'], 'readwrite');
      tx.objectStore('chunkHeads').put({ scope: sid, chunk: 1, scopeKey: scope, table: 'posts', pass: '', keys: [id] });
      tx.objectStore('chunkBodies').put({ scope: sid, chunk: 1, rows: [{ id, status: 'Published', locales: [{ culture: 'en-GB', title: 'Hostile post', bodyText: body }] }] });
      tx.objectStore('revisions').put({ scope: sid, seq: 1, resetAt: 0 });
      await new Promise((resolve) => (tx.oncomplete = resolve));
      db.close();
    },
    { id: postId, body: PAYLOAD, scope, sid: scopeId(scope) },
  );
  await page.reload();
  await page.getByTestId('row').filter({ hasText: 'Hostile post' }).click();
  const body = page.getByTestId('safe-html');
  await expect(body).toContainText('Visible text');
  await body.getByText('hover me').hover();
  // The link stays, its text intact, without the javascript: address.
  const link = body.getByText('click me');
  await expect(link).toHaveCount(1);
  await expect(link).not.toHaveAttribute('href', /./);
  // Wait for the click itself (seen at the window, capturing, before any handler of the
  // app's could stop it), then for the tasks it and the hover queued (a navigation, a
  // handler) to have run: two frames and a timer task in the page.
  await link.evaluate((a) => {
    window.addEventListener('click', (e) => a.contains(e.target as Node) && ((window as unknown as { __clicked: boolean }).__clicked = true), { capture: true });
  });
  await link.click({ force: true });
  await page.waitForFunction(() => (window as unknown as { __clicked?: boolean }).__clicked === true);
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  const html = await body.innerHTML();
  expect(html).not.toMatch(/<script|<iframe|<svg|<form|on\w+=|javascript:/i);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
