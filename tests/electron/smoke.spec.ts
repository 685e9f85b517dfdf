import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Result, WireMessage, WireTransport } from '../../src-shared/bridge/index.js';

/**
 * The app in a real Electron, on the demo workspace, in a fresh profile: what the
 * mocked unit tests cannot show. Run by `npm run test:electron` on a machine that has
 * the Electron binary (the script builds `out/` first).
 */
const root = resolve(import.meta.dirname, '../..');

test.describe.configure({ mode: 'serial' });

let app: ElectronApplication;
let page: Page;
let profile: string;

/** One call over the page's `window.outpost`, the preload's transport, as the renderer's bridge makes it. */
function call(name: string, arg: unknown = {}): Promise<Result<unknown>> {
  return page.evaluate(
    ({ name, arg }) =>
      new Promise<Result<unknown>>((done) => {
        const transport = (window as unknown as { outpost: WireTransport }).outpost;
        const id = 1_000_000 + Math.floor(Math.random() * 1_000_000);
        const stop = transport.onMessage((message: WireMessage) => {
          if (message.t !== 'result' || message.id !== id) return;
          stop();
          done(message.result);
        });
        transport.send({ t: 'call', id, name, arg });
      }),
    { name, arg },
  );
}

test.beforeAll(async () => {
  profile = await mkdtemp(join(tmpdir(), 'outpost-electron-'));
  app = await electron.launch({ args: [root, '--demo'], cwd: root, env: { ...process.env, OUTPOST_PROFILE_DIR: profile } as Record<string, string> });
  page = await app.firstWindow();
});

test.afterAll(async () => {
  await app?.close().catch(() => undefined);
  await rm(profile, { recursive: true, force: true });
});

test('launches and opens its first window on the app:// document', async () => {
  await page.waitForLoadState('domcontentloaded');
  expect(page.url()).toMatch(/^app:\/\/outpost\//);
  expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
});

test('serves the document with its Content-Security-Policy header, to a sandboxed page', async () => {
  const csp = await page.evaluate(async () => (await fetch(location.href)).headers.get('content-security-policy'));
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process)).toBe('undefined');
  expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
});

test('the preload gives the page one transport and nothing raw', async () => {
  expect(await page.evaluate(() => Object.keys((window as unknown as { outpost: object }).outpost).sort())).toEqual(['onMessage', 'send']);
});

test('a command goes to main and back', async () => {
  expect(await call('app.info')).toMatchObject({ ok: true, data: { shell: 'electron', mode: 'demo' } });
  expect(await call('sync.now', { scopes: 42 })).toMatchObject({ ok: false, error: { code: 'InvalidArgument' } });
});

test('main’s store requests reach the page’s IndexedDB and are acknowledged', async () => {
  await expect
    .poll(async () => {
      const status = await call('sync.status');
      return status.ok ? (status.data as { rowsMirrored: number }).rowsMirrored : -1;
    }, { timeout: 60_000 })
    .toBeGreaterThan(0);
});

test('safeStorage: the vault reports what the OS offers, and encryption round-trips where it is available', async () => {
  const state = await call('shell.state');
  expect(state.ok).toBe(true);
  const vault = (state as { data: { vault: { secure: boolean; backend: string } } }).data.vault;
  expect(vault.backend).toMatch(/^(keychain|dpapi|gnome_libsecret|kwallet\d?|basic_text|unavailable)$/);
  expect(vault.secure).toBe(!['basic_text', 'unavailable'].includes(vault.backend));
  const roundTrip = await app.evaluate(async ({ safeStorage }) => {
    if (!(await safeStorage.isAsyncEncryptionAvailable())) return null;
    const encrypted = await safeStorage.encryptStringAsync('smoke-secret');
    return (await safeStorage.decryptStringAsync(encrypted)).result;
  });
  if (vault.secure) expect(roundTrip).toBe('smoke-secret');
});

test('quits cleanly, stopping the services within its bound', async () => {
  const exited = new Promise<number | null>((done) => app.process().once('exit', (code) => done(code)));
  await app.evaluate(({ app: electronApp }) => electronApp.quit()).catch(() => undefined);
  expect(await exited).toBe(0);
});
