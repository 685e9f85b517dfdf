import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShellSettings, UpdateState } from '../../../src-shared/bridge/index.js';
import { createConnectionFile } from '../../../src-main/electron/connection-file.js';
import { createSafeStorageVault } from '../../../src-main/electron/safe-storage-vault.js';
import type { ServicesHost } from '../../../src-main/electron/services-host.js';
import { createShellCommands } from '../../../src-main/electron/shell-commands.js';
import { createWorkspaceRegistry } from '../../../src-main/core/workspaces/workspace-registry.js';
import type { AppCommandHandlers } from '../../../src-shared/bridge/index.js';
import { workspaceStorage } from '../../../src-shared/workspaces/index.js';
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
  async function setup(backend = 'gnome_libsecret') {
    const vault = vaultOn(backend);
    const registry = createWorkspaceRegistry({
      rootDir: dir,
      vault,
      shell: 'electron',
      createServices: () => ({ handlers: {} as never, info: () => ({}) as never, attach: () => undefined, detach: () => undefined, start: async () => undefined, stop: async () => undefined, whenSettled: async () => undefined, outboxState: () => ({ loaded: true, sending: 0, uncertain: 0 }), diagnostics: async () => ({}) as never, mediaFile: () => null }),
    });
    await registry.start();
    const workspaces = registry.handlers as AppCommandHandlers;
    const host = { state: () => ({ osOnline: true, paused: false }) } as unknown as ServicesHost;
    let settings: ShellSettings = { pauseOnBattery: false, allowPlainTextSecrets: false, updateChannel: 'stable', logLevel: 'info' };
    const update: UpdateState = { status: 'ready', version: '1.1.0', percent: null, message: null };
    const updates = { state: () => update, install: vi.fn(async () => ({ installing: false, message: 'An edit is being sent' })) };
    const exportDiagnostics = vi.fn(async () => '/home/u/outpost-diagnostics.zip');
    const reloadWindow = vi.fn();
    const commands = createShellCommands({
      settings: { get: () => settings, update: async (change) => (settings = { ...settings, ...change }) },
      vault,
      workspaces: () => workspaces,
      host,
      power: () => ({ onBattery: true }),
      reloadWindow,
      updates,
      exportDiagnostics,
    });
    return { commands, workspaces, vault, reloadWindow, updates, exportDiagnostics, stop: () => registry.stop() };
  }

  it('reports the open workspace without any secret in it', async () => {
    const { commands, stop } = await setup();
    expect((await commands['shell.state']({})).connection).toBeNull();
    await commands['shell.connect']({ kind: 'token', baseUrl: 'https://t.example', token: 'tok-secret' });
    const state = await commands['shell.state']({});
    expect(state).toEqual({
      settings: { pauseOnBattery: false, allowPlainTextSecrets: false, updateChannel: 'stable', logLevel: 'info' },
      vault: { secure: true, backend: 'gnome_libsecret' },
      connection: { kind: 'token', baseUrl: 'https://t.example' },
      power: { onBattery: true, syncPaused: false },
      osOnline: true,
      update: { status: 'ready', version: '1.1.0', percent: null, message: null },
    });
    expect(JSON.stringify(state)).not.toContain('tok-secret');
    await stop();
  });

  it('passes "Restart to update" and "Export diagnostics" to the updater and the exporter', async () => {
    const { commands, updates, exportDiagnostics, stop } = await setup();
    expect(await commands['shell.installUpdate']({})).toEqual({ installing: false, message: 'An edit is being sent' });
    expect(updates.install).toHaveBeenCalledTimes(1);
    expect(await commands['shell.exportDiagnostics']({})).toEqual({ path: '/home/u/outpost-diagnostics.zip' });
    expect(exportDiagnostics).toHaveBeenCalledTimes(1);
    await stop();
  });

  it('connects by adding a workspace beside the others, and reloads the window onto it', async () => {
    const { commands, workspaces, vault, reloadWindow, stop } = await setup();
    await commands['shell.connect']({ kind: 'token', baseUrl: 'https://a.example', token: 'a' });
    await commands['shell.connect']({ kind: 'client', baseUrl: 'https://b.example', clientId: 'id', clientSecret: 'sec', scopes: ['acme.api'] });
    const list = await workspaces['workspaces.list']({});
    expect(list.workspaces.map((w) => [w.kind, w.baseUrl])).toEqual([['token', 'https://a.example'], ['client', 'https://b.example']]);
    expect(list.active).toBe(list.workspaces[1]!.id);
    expect(await vault.get(workspaceStorage(list.workspaces[0]!.id).vault.token)).toBe('a');
    expect(await vault.get(workspaceStorage(list.workspaces[1]!.id).vault.clientSecret)).toBe('sec');
    expect(reloadWindow).toHaveBeenCalledTimes(2);
    // No single connection file any more: each workspace keeps its own.
    await expect(readFile(join(dir, 'connection.json'), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    await stop();
  });

  it('signs out of the open workspace only: its secret goes (or, asked to, the whole workspace), the other stays', async () => {
    const { commands, workspaces, vault, stop } = await setup();
    await commands['shell.connect']({ kind: 'token', baseUrl: 'https://a.example', token: 'a' });
    await commands['shell.connect']({ kind: 'token', baseUrl: 'https://b.example', token: 'b' });
    const [a, b] = (await workspaces['workspaces.list']({})).workspaces;
    expect(await commands['shell.signOut']({ clearCache: false })).toEqual({ signedOut: true, cacheCleared: false });
    expect(await vault.get(workspaceStorage(b!.id).vault.token)).toBeNull();
    expect(await vault.get(workspaceStorage(a!.id).vault.token)).toBe('a');
    expect((await workspaces['workspaces.list']({})).workspaces.map((w) => [w.id, w.signInNeeded])).toEqual([[a!.id, false], [b!.id, true]]);

    expect(await commands['shell.signOut']({ clearCache: true })).toEqual({ signedOut: true, cacheCleared: true });
    const after = await workspaces['workspaces.list']({});
    expect(after).toMatchObject({ active: a!.id, workspaces: [{ id: a!.id }] });
    expect(await vault.get(workspaceStorage(a!.id).vault.token)).toBe('a');
    await stop();
  });

  it('refuses to connect on a plain-text keyring until the user allows it, and adds nothing', async () => {
    const { commands, workspaces, reloadWindow, stop } = await setup('basic_text');
    await expect(commands['shell.connect']({ kind: 'token', baseUrl: 'https://t.example', token: 'a' })).rejects.toMatchObject({ name: 'InsecureStorageError' });
    expect((await workspaces['workspaces.list']({})).workspaces).toEqual([]);
    expect(reloadWindow).not.toHaveBeenCalled();
    await expect(commands['shell.signOut']({ clearCache: false })).rejects.toMatchObject({ code: 'SignInNeeded' });
    await stop();
  });
});
