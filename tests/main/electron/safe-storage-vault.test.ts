import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSafeStorageVault } from '../../../src-main/electron/safe-storage-vault.js';
import { fakeSafeStorage } from './fake-safe-storage.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'outpost-vault-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('safeStorage vault', () => {
  it('stores secrets encrypted, never in clear, in a file only the user can read', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage('gnome_libsecret'), dir, { platform: 'linux' });
    expect(await vault.status()).toEqual({ secure: true, backend: 'gnome_libsecret' });
    await vault.set('workspace.token', 'eyJ-secret-token');
    expect(await vault.get('workspace.token')).toBe('eyJ-secret-token');
    const file = await readFile(join(dir, 'secrets.json'), 'utf8');
    expect(file).not.toContain('eyJ-secret-token');
    expect(JSON.parse(file).secrets['workspace.token']).toEqual(expect.any(String));
    if (process.platform !== 'win32') expect((await stat(join(dir, 'secrets.json'))).mode & 0o777).toBe(0o600);
    // A second vault on the same folder (next start) reads it back.
    const again = createSafeStorageVault(fakeSafeStorage('gnome_libsecret'), dir, { platform: 'linux' });
    expect(await again.get('workspace.token')).toBe('eyJ-secret-token');
  });

  it('refuses Linux’s basic_text fallback unless the user allowed it, then opts in to its plain-text key', async () => {
    let allowed = false;
    const storage = fakeSafeStorage('basic_text');
    const vault = createSafeStorageVault(storage, dir, { platform: 'linux', allowPlainText: () => allowed });
    // The backend is read first: "basic_text" (which Settings can offer to allow), not "unavailable".
    expect(await vault.status()).toEqual({ secure: false, backend: 'basic_text' });
    await expect(vault.set('workspace.token', 'abc')).rejects.toMatchObject({ name: 'InsecureStorageError', code: 'InsecureStorage', backend: 'basic_text' });
    expect(await vault.get('workspace.token')).toBeNull();
    expect(storage.state.plainTextCalls).toEqual([]);
    allowed = true;
    await vault.set('workspace.token', 'abc');
    expect(storage.state.plainTextCalls).toEqual([true]);
    expect(await vault.get('workspace.token')).toBe('abc');
  });

  it('opts in at start when the user agreed earlier, so a stored basic_text secret is read back', async () => {
    const first = fakeSafeStorage('basic_text');
    await createSafeStorageVault(first, dir, { platform: 'linux', allowPlainText: () => true }).set('workspace.token', 'abc');
    // Next start: a fresh safeStorage, plain-text encryption off until the vault turns it on.
    const next = fakeSafeStorage('basic_text');
    const vault = createSafeStorageVault(next, dir, { platform: 'linux', allowPlainText: () => true });
    vault.prepare();
    expect(next.state.plainTextCalls).toEqual([true]);
    expect(await vault.get('workspace.token')).toBe('abc');
  });

  it('never switches a real keyring, or another OS, to the plain-text key', async () => {
    for (const [backend, platform] of [['gnome_libsecret', 'linux'], ['basic_text', 'darwin']] as const) {
      const storage = fakeSafeStorage(backend, { platform });
      createSafeStorageVault(storage, dir, { platform, allowPlainText: () => true }).prepare();
      expect(storage.state.plainTextCalls).toEqual([]);
    }
  });

  it('re-encrypts a secret when safeStorage asks for it (a rotated key)', async () => {
    const storage = fakeSafeStorage('kwallet6');
    const vault = createSafeStorageVault(storage, dir, { platform: 'linux' });
    await vault.set('workspace.token', 'abc');
    const before = JSON.parse(await readFile(join(dir, 'secrets.json'), 'utf8')).secrets['workspace.token'];
    storage.state.key = 'k2';
    expect(await vault.get('workspace.token')).toBe('abc');
    const after = JSON.parse(await readFile(join(dir, 'secrets.json'), 'utf8')).secrets['workspace.token'];
    expect(after).not.toBe(before);
    expect(Buffer.from(after, 'base64').toString()).toMatch(/^k2:/);
    expect(await vault.get('workspace.token')).toBe('abc');
  });

  it('refuses to store anything when the OS cannot encrypt at all, even if plain text was allowed', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage('gnome_libsecret', { available: false }), dir, { platform: 'linux', allowPlainText: () => true });
    expect(await vault.status()).toEqual({ secure: false, backend: 'unavailable' });
    await expect(vault.set('workspace.token', 'abc')).rejects.toMatchObject({ backend: 'unavailable' });
  });

  it.each([
    ['darwin', 'keychain'],
    ['win32', 'dpapi'],
  ] as const)('is secure on %s (%s) without asking for a Linux backend', async (platform, backend) => {
    const storage = fakeSafeStorage('basic_text', { platform });
    const vault = createSafeStorageVault(storage, dir, { platform });
    expect(await vault.status()).toEqual({ secure: true, backend });
  });

  it('deletes one secret or all of them (sign out)', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage('kwallet6'), dir, { platform: 'linux' });
    await Promise.all([vault.set('workspace.token', 'a'), vault.set('workspace.client-secret', 'b')]);
    expect(await vault.get('workspace.client-secret')).toBe('b');
    await vault.delete('workspace.token');
    expect(await vault.get('workspace.token')).toBeNull();
    expect(await vault.get('workspace.client-secret')).toBe('b');
    await vault.clear();
    expect(await vault.get('workspace.client-secret')).toBeNull();
    expect(JSON.parse(await readFile(join(dir, 'secrets.json'), 'utf8')).secrets).toEqual({});
  });

  it('treats an undecryptable or corrupt store as “no secret” instead of failing', async () => {
    const storage = fakeSafeStorage('gnome_libsecret');
    const vault = createSafeStorageVault(storage, dir, { platform: 'linux' });
    await vault.set('workspace.token', 'a');
    storage.state.keyChanged = true;
    expect(await vault.get('workspace.token')).toBeNull();
    await writeFile(join(dir, 'secrets.json'), '{not json');
    storage.state.keyChanged = false;
    expect(await vault.get('workspace.token')).toBeNull();
  });

  it('rejects secret names that could be paths or tricks', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage('gnome_libsecret'), dir, { platform: 'linux' });
    await expect(vault.set('../x', 'a')).rejects.toThrow(TypeError);
    await expect(vault.get('__proto__')).rejects.toThrow(TypeError);
  });
});
