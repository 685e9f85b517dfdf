import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventEmitter } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { UpdateState } from '../../../src-shared/bridge/index.js';
import { silentLogger } from '../../../src-main/core/logger.js';
import { createAppUpdates, type OutboxState, type UpdaterLike } from '../../../src-main/electron/app-updater.js';

/**
 * electron-updater itself (its NsisUpdater: the `latest.yml` feed) against a feed
 * server on 127.0.0.1, driven by our glue. Electron is mocked where electron-updater
 * asks for it: `net.request` becomes Node's http.request, and the app is a plain
 * object (electron-updater's own `AppAdapter`). What is real: the feed's parsing, the
 * download, the sha512 check, the cache, and our install decision around it.
 */
const require = createRequire(import.meta.url);
const electronPath = require.resolve('electron');
const fakeElectron = {
  session: { fromPartition: () => ({}) },
  net: { request: (options: Record<string, unknown>) => httpRequest(options) },
  autoUpdater: new EventEmitter(),
};
// electron-updater requires 'electron' lazily from plain Node: the module cache answers.
require.cache[electronPath] = { id: electronPath, filename: electronPath, loaded: true, exports: fakeElectron } as unknown as NodeJS.Module;
const { NsisUpdater } = require('electron-updater') as typeof import('electron-updater');
const { ElectronHttpExecutor } = require('electron-updater/out/electronHttpExecutor') as { ElectronHttpExecutor: new () => unknown };

const ARTEFACT = randomBytes(256 * 1024);
const sha512 = (data: Buffer) => createHash('sha512').update(data).digest('base64');
const feed = { checksum: sha512(ARTEFACT), requests: 0, channelFiles: [] as string[] };
let server: Server;
let base: string;
let dir: string;
const dirs: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    // Bounded: a test that loops stops being served.
    if (++feed.requests > 50) return void res.writeHead(429).end();
    // latest.yml, or the name electron-updater gives it on this platform (latest-linux.yml, latest-mac.yml).
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (/^\/feed\/latest(-linux|-mac)?\.yml$/.test(path)) {
      feed.channelFiles.push(path);
      res.writeHead(200, { 'content-type': 'text/yaml' });
      res.end(
        [
          'version: 1.1.0',
          'files:',
          '  - url: Outpost-Setup-1.1.0.exe',
          `    sha512: ${feed.checksum}`,
          `    size: ${ARTEFACT.length}`,
          'path: Outpost-Setup-1.1.0.exe',
          `sha512: ${feed.checksum}`,
          "releaseDate: '2026-05-01T10:00:00.000Z'",
          '',
        ].join('\n'),
      );
    } else if (path === '/feed/Outpost-Setup-1.1.0.exe') {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': ARTEFACT.length });
      res.end(ARTEFACT);
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The server stops itself even if the suite never reaches afterAll.
  setTimeout(() => server.close(), 60_000).unref();
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  delete require.cache[electronPath];
});
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function setup(options: { outbox?: () => OutboxState; final?: OutboxState } = {}) {
  dir = await mkdtemp(join(tmpdir(), 'outpost-updater-'));
  dirs.push(dir);
  await writeFile(join(dir, 'app-update.yml'), `provider: generic\nurl: ${base}/feed\nupdaterCacheDirName: outpost-updater-test\n`);
  const app = {
    version: '1.0.0',
    name: 'Outpost',
    isPackaged: true,
    appUpdateConfigPath: join(dir, 'app-update.yml'),
    userDataPath: join(dir, 'user'),
    baseCachePath: join(dir, 'cache'),
    whenReady: () => Promise.resolve(),
    relaunch: vi.fn(),
    quit: vi.fn(),
    onQuit: vi.fn(),
  };
  const updater = new NsisUpdater(null, app);
  updater.disableDifferentialDownload = true;
  // Given an app object, electron-updater leaves its HTTP executor unset (its tests' way); the app's own one goes back in.
  Object.assign(updater, { httpExecutor: new ElectronHttpExecutor() });
  const quitAndInstall = vi.spyOn(updater, 'quitAndInstall').mockImplementation(() => undefined);
  const states: UpdateState[] = [];
  let settle: (state: UpdateState) => void = () => undefined;
  const settled = new Promise<UpdateState>((resolve) => (settle = resolve));
  const stopServices = vi.fn(async () => options.final ?? { loaded: true, sending: 0, uncertain: 0 });
  const relaunch = vi.fn();
  const updates = createAppUpdates({
    updater: updater as unknown as UpdaterLike,
    channel: 'stable',
    outbox: options.outbox ?? (() => ({ loaded: true, sending: 0, uncertain: 0 })),
    stopServices,
    relaunch,
    onState: (state) => {
      states.push(state);
      if (state.status === 'ready' || state.status === 'error') settle(state);
    },
    log: silentLogger,
    setInterval: () => 1,
    clearInterval: () => undefined,
  });
  return { updater, app, quitAndInstall, states, settled, updates, stopServices, relaunch };
}

describe('updates from a generic feed on 127.0.0.1', () => {
  it('checks, downloads the artefact in the background, verifies its sha512, and is ready', async () => {
    feed.checksum = sha512(ARTEFACT);
    const h = await setup();
    h.updates.start();
    const final = await h.settled;
    expect(final).toMatchObject({ status: 'ready', version: '1.1.0' });
    expect(h.states.map((s) => s.status)).toContain('downloading');
    const cache = join(dir, 'cache', 'outpost-updater-test');
    const pending = await readdir(join(cache, 'pending'));
    const downloaded = await readFile(join(cache, 'pending', pending.find((f) => f.endsWith('.exe'))!));
    expect(sha512(downloaded)).toBe(sha512(ARTEFACT));
    // Our settings on the real updater: no install on quit behind our back, no downgrade.
    expect(h.updater.autoInstallOnAppQuit).toBe(false);
    expect(h.updater.allowDowngrade).toBe(false);
    expect(h.updater.channel).toBe('latest');
    expect(feed.channelFiles.at(-1)).toMatch(/^\/feed\/latest(-linux|-mac)?\.yml$/);
  });

  it('refuses an artefact whose checksum does not match the feed, and never offers it', async () => {
    feed.checksum = sha512(Buffer.from('another build'));
    const h = await setup();
    h.updates.start();
    const final = await h.settled;
    expect(final.status).toBe('error');
    expect(final.message).toMatch(/sha512 checksum mismatch/);
    expect(h.states.some((s) => s.status === 'ready')).toBe(false);
    expect(await h.updates.install()).toMatchObject({ installing: false });
    expect(h.quitAndInstall).not.toHaveBeenCalled();
  });

  it('does not restart while an edit is being sent; installs once the outbox is quiet', async () => {
    feed.checksum = sha512(ARTEFACT);
    let outbox: OutboxState = { loaded: true, sending: 1, uncertain: 0 };
    const h = await setup({ outbox: () => outbox });
    h.updates.start();
    await h.settled;
    expect(await h.updates.install()).toEqual({ installing: false, message: expect.stringMatching(/being sent/) });
    expect(h.quitAndInstall).not.toHaveBeenCalled();
    expect(h.stopServices).not.toHaveBeenCalled();
    outbox = { loaded: true, sending: 0, uncertain: 0 };
    expect(await h.updates.install()).toEqual({ installing: true, message: null });
    // The services (and with them the outbox and its journal) stopped before the installer ran.
    expect(h.stopServices.mock.invocationCallOrder[0]!).toBeLessThan(h.quitAndInstall.mock.invocationCallOrder[0]!);
    expect(h.quitAndInstall).toHaveBeenCalledWith(false, true);
  });

  it('never installs over an uncertain edit: not on request, and not when stopping left one uncertain (restarts instead)', async () => {
    feed.checksum = sha512(ARTEFACT);
    const h = await setup({ outbox: () => ({ loaded: true, sending: 0, uncertain: 1 }) });
    h.updates.start();
    await h.settled;
    expect(await h.updates.install()).toEqual({ installing: false, message: expect.stringMatching(/Outbox/) });
    expect(h.updates.installOnQuit({ loaded: true, sending: 0, uncertain: 1 })).toBe(false);

    const g = await setup({ final: { loaded: true, sending: 0, uncertain: 1 } });
    g.updates.start();
    await g.settled;
    expect(await g.updates.install()).toMatchObject({ installing: false });
    expect(g.stopServices).toHaveBeenCalledTimes(1);
    expect(g.relaunch).toHaveBeenCalledTimes(1);
    expect(g.quitAndInstall).not.toHaveBeenCalled();
  });

  it('installs silently on an ordinary quit once the services stopped quiet', async () => {
    feed.checksum = sha512(ARTEFACT);
    const h = await setup();
    h.updates.start();
    await h.settled;
    expect(h.updates.installOnQuit({ loaded: true, sending: 0, uncertain: 0 })).toBe(true);
    expect(h.quitAndInstall).toHaveBeenCalledWith(true, false);
  });
});
