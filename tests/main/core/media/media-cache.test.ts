import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { realSleep, systemClock } from '../../../../src-main/core/clock.js';
import { createApiClient } from '../../../../src-main/core/http/api-client.js';
import { createRequestGate } from '../../../../src-main/core/http/request-gate.js';
import { silentLogger } from '../../../../src-main/core/logger.js';
import { createMediaCache, type MediaCache } from '../../../../src-main/core/media/media-cache.js';
import { diagramPng } from '../../../../src-server/http/media-files.js';

const TOKEN = 'secret-token-of-the-workspace';

interface Host {
  readonly url: string;
  readonly seen: { path: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/** A file host on its own port (its own origin): PNGs of `size` bytes by name, a redirect, HTML where an image is promised. */
async function host(redirectTo?: () => string): Promise<Host> {
  const seen: Host['seen'] = [];
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    seen.push({ path, headers: req.headers });
    if (path.startsWith('/redirect/') && redirectTo) {
      res.writeHead(302, { location: `${redirectTo()}/img/${path.slice('/redirect/'.length)}` }).end();
    } else if (path.startsWith('/img/')) {
      const png = diagramPng(path.length);
      const size = Number(new URL(path, 'http://x').searchParams.get('size') ?? png.length);
      res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.concat([png, Buffer.alloc(Math.max(0, size - png.length))]));
    } else if (path.startsWith('/html/')) {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits (real time, bounded) until `check` passes. */
async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await realSleep(10);
  }
}

describe('the media cache', () => {
  let dir: string;
  let api: Host;
  let files: Host;
  let budget: number;
  let caches: MediaCache[];

  let headroom: boolean;
  let clockMs: number | null;
  const open = (limits?: { fileBytes: number; indexEntries: number }) => {
    const client = createApiClient({ baseUrl: `${api.url}/api`, getToken: async () => TOKEN });
    const cache = createMediaCache({
      dir,
      download: { fetchMedia: client.fetchMedia, gate: createRequestGate({ clock: systemClock, sleep: realSleep, budget: null }), priority: -10, apiBaseUrl: () => `${api.url}/tenant` },
      budgetBytes: () => budget,
      busy: () => false,
      apiHeadroom: () => headroom,
      clock: { now: () => clockMs ?? systemClock.now() },
      sleep: realSleep,
      log: silentLogger,
      ...(limits ? { limits } : {}),
    });
    caches.push(cache);
    return cache;
  };
  const ref = (url: string, contentType: string | null = 'image/png') => ({ url, contentType, fileName: null });
  const state = (cache: MediaCache, url: string) => cache.status([url])[0]!;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'outpost-media-'));
    files = await host();
    api = await host(() => files.url);
    budget = 10 * 1024 * 1024;
    headroom = true;
    clockMs = null;
    caches = [];
  });
  afterEach(async () => {
    for (const cache of caches) await cache.stop();
    await Promise.all([api.close(), files.close()]);
    await rm(dir, { recursive: true, force: true });
  });

  it('sends the token to the API origin only: never to a media host, not even through a redirect', async () => {
    const cache = open();
    await cache.start();
    const urls = [`${api.url}/img/own.png`, `${files.url}/img/other.png`, `${api.url}/redirect/moved.png`];
    cache.note(urls.map((u) => ref(u)));
    await until(() => urls.every((u) => state(cache, u).state === 'stored'), 'all are stored');
    expect(api.seen.map((s) => `${s.path} ${s.headers.authorization}`).sort()).toEqual([`/img/own.png Bearer ${TOKEN}`, `/redirect/moved.png Bearer ${TOKEN}`]);
    expect(files.seen.map((s) => s.path).sort()).toEqual(['/img/moved.png', '/img/other.png']);
    expect(files.seen.every((s) => s.headers.authorization === undefined)).toBe(true);
    expect(JSON.stringify(files.seen)).not.toContain(TOKEN);
  });

  it('refuses a file of another type than declared, one over the size bound, and a video, keeping none of them', async () => {
    const cache = open({ fileBytes: 4096, indexEntries: 100 });
    await cache.start();
    const html = `${files.url}/html/fake.png`;
    const big = `${files.url}/img/big.png?size=5000`;
    const video = `${files.url}/img/clip.mp4`;
    cache.note([ref(html), ref(big), ref(video, 'video/mp4')]);
    await until(() => [html, big].every((u) => state(cache, u).state === 'refused'), 'both are refused');
    expect(state(cache, html).reason).toBe('the server sent text/html, which is not kept offline');
    expect(state(cache, big).reason).toBe('the file is over the 0 MB one file may have');
    expect(state(cache, video)).toMatchObject({ state: 'refused', reason: 'video/mp4 is not kept offline' });
    // The video was never asked for.
    expect(files.seen.some((s) => s.path.includes('clip'))).toBe(false);
    expect((await readdir(join(dir, 'files'))).filter((f) => !f.endsWith('.part'))).toEqual([]);
  });

  it('evicts the least recently used unpinned copy when over the budget; a pinned one stays; a raised budget fetches nothing evicted until it is looked at', async () => {
    const cache = open();
    await cache.start();
    const urls = ['a', 'b', 'c'].map((n) => `${files.url}/img/${n}.png?size=1000`);
    for (const url of urls) {
      cache.note([ref(url)]);
      await until(() => state(cache, url).state === 'stored', `${url} is stored`);
      await realSleep(5); // distinct last-used times
    }
    await cache.pin(urls[0]!, true);
    budget = 2000;
    cache.budgetChanged();
    await until(() => state(cache, urls[1]!).state === 'evicted', 'b is evicted');
    expect(cache.status(urls).map((s) => s.state)).toEqual(['stored', 'evicted', 'stored']);
    expect(cache.usage()).toMatchObject({ bytes: 2000, files: 2, pinnedBytes: 1000, budgetBytes: 2000 });

    budget = 0;
    cache.budgetChanged();
    await until(() => state(cache, urls[2]!).state === 'evicted', 'c is evicted');
    expect(state(cache, urls[0]!)).toMatchObject({ state: 'stored', pinned: true });

    budget = 10_000;
    cache.budgetChanged();
    const asked = files.seen.length;
    await realSleep(100);
    expect(files.seen.length).toBe(asked);
    cache.status([urls[1]!], true);
    await until(() => state(cache, urls[1]!).state === 'stored', 'b is back once looked at');
  });

  it('marks a file whose server cannot be reached as failed, in words a user reads', async () => {
    const cache = open();
    await cache.start();
    const gone = await host();
    await gone.close();
    const url = `${gone.url}/img/offline.png`;
    cache.note([ref(url)]);
    await until(() => state(cache, url).state === 'failed', 'it failed');
    expect(state(cache, url).reason).toBe('the file’s server could not be reached');
    expect(state(cache, url).key).toBeNull();
  });

  it('leaves the API origin alone in the background while its request budget is short, but fetches what the user looks at', async () => {
    headroom = false;
    const cache = open();
    await cache.start();
    const own = `${api.url}/img/own.png`;
    const other = `${files.url}/img/other.png`;
    cache.note([ref(own), ref(other)]);
    await until(() => state(cache, other).state === 'stored', 'the other host’s file is stored');
    await realSleep(50);
    expect(state(cache, own).state).toBe('queued');
    expect(api.seen).toEqual([]);
    cache.status([own], true);
    await until(() => state(cache, own).state === 'stored', 'the looked-at file is stored');
  });

  it('fetches nothing in the background while the user acts in the window, only what they look at, and goes on once they are quiet', async () => {
    clockMs = 1_000_000;
    const cache = open();
    await cache.start();
    cache.userActive();
    const background = `${files.url}/img/background.png`;
    const looked = `${files.url}/img/looked.png`;
    cache.note([ref(background), ref(looked)]);
    cache.status([looked], true);
    await until(() => state(cache, looked).state === 'stored', 'the looked-at file is stored');
    await realSleep(100);
    expect(state(cache, background).state).toBe('queued');
    // Still acting a second later: the wait starts again.
    clockMs += 1_000;
    cache.userActive();
    clockMs += 1_000;
    cache.note([ref(`${files.url}/img/wake.png`)]);
    await realSleep(100);
    expect(state(cache, background).state).toBe('queued');
    clockMs += 1_000;
    cache.note([ref(`${files.url}/img/wake-again.png`)]);
    await until(() => state(cache, background).state === 'stored', 'it is fetched once the user is quiet');
    expect(files.seen.map((r) => r.path).indexOf('/img/looked.png')).toBeLessThan(files.seen.map((r) => r.path).indexOf('/img/background.png'));
  });

  it('waits 30 s in the background after a server could not be reached (offline), instead of trying every file', async () => {
    clockMs = 1_000_000;
    const cache = open();
    await cache.start();
    const gone = await host();
    await gone.close();
    cache.note([ref(`${gone.url}/img/a.png`)]);
    await until(() => state(cache, `${gone.url}/img/a.png`).state === 'failed', 'it failed');
    const next = `${files.url}/img/later.png`;
    cache.note([ref(next)]);
    await realSleep(100);
    expect(state(cache, next).state).toBe('queued');
    clockMs += 30_000;
    cache.note([ref(`${files.url}/img/wake.png`)]);
    await until(() => state(cache, next).state === 'stored', 'it is fetched after the pause');
  });

  it('keeps its copies and pins across a restart, and drops files its index does not know', async () => {
    const first = open();
    await first.start();
    const url = `${files.url}/img/kept.png`;
    first.note([ref(url)]);
    await until(() => state(first, url).state === 'stored', 'stored');
    first.pin(url, true);
    await first.stop();
    caches = [];
    // A file the index does not know (a quit before the index was written) is dropped at start.
    await writeFile(join(dir, 'files', 'e'.repeat(64)), 'orphan');
    const second = open();
    await second.start();
    expect(state(second, url)).toMatchObject({ state: 'stored', pinned: true });
    expect(await readdir(join(dir, 'files'))).toEqual([state(second, url).key]);
    const file = second.open(state(second, url).key!);
    expect(file?.contentType).toBe('image/png');
    expect(second.open('f'.repeat(64))).toBeNull();
  });
});
