/**
 * Measures the reference server at `large` scale, run as `npm run server` would run
 * it (its own process): time to listen, resident memory, and pages per second of
 * full passes (limit=1000, following nextUrl) over E18 and E1.
 * Run: `npx tsx tests/server/bench/page-rate.ts [seconds-per-pass]`.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const seconds = Number(process.argv[2] ?? 10);
const cli = fileURLToPath(new URL('../../../src-server/cli.ts', import.meta.url));

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024);
};

const t0 = performance.now();
const child = spawn(process.execPath, ['--import', 'tsx', cli, '--scale', 'large'], { stdio: ['ignore', 'pipe', 'inherit'] });
let out = '';
child.stdout.setEncoding('utf8');
while (!/client_secret: \S+\n/.test(out)) out += ((await once(child.stdout, 'data')) as [string])[0];
const listening = performance.now() - t0;
const field = (name: string) => new RegExp(`^${name}: (\\S+)$`, 'm').exec(out)![1]!;
const url = field('url');
const token = field('token');
console.log(`process start to listening (tsx included): ${Math.round(listening)} ms; rss ${rssMb(child.pid!)} MB`);

const headers = { authorization: `Bearer ${token}` };
const sources = (await (await fetch(`${url}/demo/sources`)).json()) as { dataLists: { dataListId: string }[] };

async function pass(label: string, first: string): Promise<void> {
  let next: string | null = first;
  let pages = 0;
  let rows = 0;
  let bytes = 0;
  const started = performance.now();
  while (next && performance.now() - started < seconds * 1000) {
    const response: Response = await fetch(next, { headers });
    const text = await response.text();
    const body = JSON.parse(text) as { data: unknown[]; nextUrl: string | null };
    bytes += text.length;
    rows += body.data.length;
    pages++;
    next = body.nextUrl;
  }
  const elapsed = (performance.now() - started) / 1000;
  console.log(
    `${label}: ${pages} pages in ${elapsed.toFixed(1)} s = ${(pages / elapsed).toFixed(1)} pages/s ` +
      `(${Math.round(rows / elapsed)} rows/s, ${Math.round(bytes / pages / 1024)} KB/page); server rss ${rssMb(child.pid!)} MB`,
  );
}

const items = sources.dataLists[0]!.dataListId;
await pass('E18 sort=creationDateTime', `${url}/api/v1.3/training/lessons/participation?limit=1000&sort=creationDateTime`);
await pass('E1 sort=creationDateTime', `${url}/api/v1.4/dataLists/${items}/items?limit=1000&sort=creationDateTime`);
await pass('E1 default sort (sortOrder)', `${url}/api/v1.4/dataLists/${items}/items?limit=1000`);
child.kill('SIGTERM');
await once(child, 'exit');
