import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConnectionFile } from '../../../src-main/electron/connection-file.js';
import { createSafeStorageVault } from '../../../src-main/electron/safe-storage-vault.js';
import type { ServicesHost } from '../../../src-main/electron/services-host.js';
import { createShellCommands } from '../../../src-main/electron/shell-commands.js';
import { fakeSafeStorage } from './fake-safe-storage.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-connection-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function vaultOn(backend: string, allowPlainText = false) {
  return createSafeStorageVault(fakeSafeStorage(backend), dir, { platform: 'linux', allowPlainText: () => allowPlainText });
}

describe('connection file', () => {
  it('is the demo workspace until something is saved', async () => {
    const file = createConnectionFile(dir, vaultOn('gnome_libsecret'));
    expect(await file.load()).toEqual({ kind: 'demo' });
    expect(await file.describe()).toEqual({ kind: 'demo', baseUrl: null });
  });

  it('keeps the token in the vault and only the address on disk', async () => {
    const file = createConnectionFile(dir, vaultOn('gnome_libsecret'));
    await file.save({ kind: 'token', baseUrl: 'https://tenant.example/api', token: 'tok-123456' });
    const onDisk = await readFile(join(dir, 'connection.json'), 'utf8');
    expect(onDisk).not.toContain('tok-123456');
    expect(JSON.parse(onDisk)).toEqual({ kind: 'token', baseUrl: 'https://tenant.example/api' });
    expect(await readFile(join(dir, 'secrets.json'), 'utf8')).not.toContain('tok-123456');
    expect(await createConnectionFile(dir, vaultOn('gnome_libsecret')).load()).toEqual({ kind: 'token', baseUrl: 'https://tenant.example/api', token: 'tok-123456' });
  });

  it('keeps client credentials the same way, and falls back to demo when the secret is gone', async () => {
    const vault = vaultOn('kwallet5');
    const file = createConnectionFile(dir, vault);
    await file.save({ kind: 'client', baseUrl: 'https://t.example', clientId: 'id', clientSecret: 'sec-987', scopes: ['svc.api.read'] });
    expect(await file.load()).toEqual({ kind: 'client', baseUrl: 'https://t.example', clientId: 'id', clientSecret: 'sec-987', scopes: ['svc.api.read'] });
    await vault.clear();
    expect(await file.load()).toEqual({ kind: 'demo' });
  });

  it('saves nothing when the vault refuses the secret', async () => {
    const file = createConnectionFile(dir, vaultOn('basic_text'));
    await expect(file.save({ kind: 'token', baseUrl: 'https://t.example', token: 'tok' })).rejects.toMatchObject({ code: 'InsecureStorage' });
    expect(await file.describe()).toEqual({ kind: 'demo', baseUrl: null });
  });

  it('forgets everything on sign out', async () => {
    const file = createConnectionFile(dir, vaultOn('gnome_libsecret'));
    await file.save({ kind: 'token', baseUrl: 'https://t.example', token: 'tok' });
    await file.forget();
    expect(await file.load()).toEqual({ kind: 'demo' });
    expect(JSON.parse(await readFile(join(dir, 'secrets.json'), 'utf8')).secrets).toEqual({});
  });
});

describe('shell commands', () => {
  function setup(backend = 'gnome_libsecret') {
    const vault = vaultOn(backend);
    const connection = createConnectionFile(dir, vault);
    const order: string[] = [];
    const host = {
      switchConnection: vi.fn(async (config: { kind: string }, between?: () => Promise<void>) => {
        order.push(`switch:${config.kind}`);
        await between?.();
      }),
      state: () => ({ osOnline: true, paused: false }),
    } as unknown as ServicesHost;
    let settings = { pauseOnBattery: false, allowPlainTextSecrets: false };
    const clearLocalCache = vi.fn(async () => void order.push('clear'));
    const commands = createShellCommands({
      settings: { get: () => settings, update: async (change) => (settings = { ...settings, ...change }) },
      vault,
      connection,
      host,
      power: () => ({ onBattery: true }),
      clearLocalCache,
    });
    return { commands, order, clearLocalCache };
  }

  it('reports state without any secret in it', async () => {
    const { commands } = setup();
    await commands['shell.connect']({ kind: 'token', baseUrl: 'https://t.example', token: 'tok-secret' });
    const state = await commands['shell.state']({});
    expect(state).toEqual({
      settings: { pauseOnBattery: false, allowPlainTextSecrets: false },
      vault: { secure: true, backend: 'gnome_libsecret' },
      connection: { kind: 'token', baseUrl: 'https://t.example' },
      power: { onBattery: true, syncPaused: false },
      osOnline: true,
    });
    expect(JSON.stringify(state)).not.toContain('tok-secret');
  });

  it('clears the cache while switching to another workspace, not when renewing the same one', async () => {
    const { commands, order } = setup();
    await commands['shell.connect']({ kind: 'token', baseUrl: 'https://t.example', token: 'a' });
    await commands['shell.connect']({ kind: 'token', baseUrl: 'https://t.example', token: 'b' });
    expect(order).toEqual(['switch:token', 'clear', 'switch:token']);
  });

  it('signs out to the demo workspace, clearing the cache only on request', async () => {
    const { commands, order } = setup();
    expect(await commands['shell.signOut']({ clearCache: false })).toEqual({ signedOut: true, cacheCleared: false });
    expect(await commands['shell.signOut']({ clearCache: true })).toEqual({ signedOut: true, cacheCleared: true });
    expect(order).toEqual(['switch:demo', 'switch:demo', 'clear']);
  });

  it('refuses to connect on a plain-text keyring until the user allows it, and then does', async () => {
    const { commands, order } = setup('basic_text');
    await expect(commands['shell.connect']({ kind: 'token', baseUrl: 'https://t.example', token: 'a' })).rejects.toMatchObject({ name: 'InsecureStorageError' });
    expect(order).toEqual([]);
  });
});
