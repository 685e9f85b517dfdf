/**
 * Measures the reference server at `large` scale: start time, memory, and pages per
 * second of full passes (limit=1000, sorted by creationDateTime, following nextUrl)
 * over E18 and E1. Run: `npx tsx tests/server/bench/page-rate.ts [seconds-per-list]`.
 */
import { startServer } from '../../../src-server/index.js';
import { endpoints, versionedPath, type EndpointId } from '../../../src-shared/api/index.js';

const seconds = Number(process.argv[2] ?? 10);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

const t0 = performance.now();
const server = await startServer({ scale: 'large', quiet: true });
const startMs = performance.now() - t0;
console.log(`start: ${Math.round(startMs)} ms, rss ${mb(process.memoryUsage().rss)} MB`);

async function pass(id: EndpointId, params: Record<string, string>, sort: string | null): Promise<void> {
  const query = new URLSearchParams({ limit: '1000' });
  if (sort) query.set('sort', sort);
  let url: string | null = `${server.url}${versionedPath(endpoints[id], params)}?${query}`;
  let pages = 0;
  let rows = 0;
  let bytes = 0;
  const started = performance.now();
  while (url && performance.now() - started < seconds * 1000) {
    const response = await fetch(url, { headers: { authorization: `Bearer ${server.token}` } });
    const text = await response.text();
    bytes += text.length;
    const body = JSON.parse(text) as { data: unknown[]; nextUrl: string | null };
    rows += body.data.length;
    pages++;
    url = body.nextUrl;
  }
  const elapsed = (performance.now() - started) / 1000;
  console.log(
    `${id} sort=${sort ?? '(default)'}: ${pages} pages, ${rows} rows in ${elapsed.toFixed(1)} s → ` +
      `${(pages / elapsed).toFixed(1)} pages/s, ${Math.round(rows / elapsed)} rows/s, ${mb(bytes / pages)} MB/page avg ${Math.round(bytes / pages / 1024)} KB; rss ${mb(process.memoryUsage().rss)} MB`,
  );
}

await pass('E18', {}, 'creationDateTime');
await pass('E1', { dataListId: server.sources.dataLists[0]!.dataListId }, 'creationDateTime');
await pass('E1', { dataListId: server.sources.dataLists[0]!.dataListId }, null);
console.log(`peak rss ${mb(process.memoryUsage().rss)} MB, heap ${mb(process.memoryUsage().heapUsed)} MB`);
await server.close();
