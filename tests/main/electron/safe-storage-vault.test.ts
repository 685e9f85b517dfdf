import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSafeStorageVault } from '../../../src-main/electron/safe-storage-vault.js';

/** safeStorage stand-in: a reversible transform, with the backend and availability a test chooses. */
function fakeSafeStorage(backend: string, available = true) {
  const state = { backend, available, keyChanged: false };
  return {
    state,
    isEncryptionAvailable: () => state.available,
    getSelectedStorageBackend: () => state.backend as never,
    encryptString: (text: string) => Buffer.from(`enc:${Buffer.from(text).toString('hex')}`),
    decryptString: (data: Buffer) => {
      if (state.keyChanged) throw new Error('Error while decrypting the ciphertext');
      return Buffer.from(data.toString().slice(4), 'hex').toString();
    },
  };
}

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
    expect(vault.isSecure()).toBe(true);
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

  it('refuses Linux’s basic_text fallback unless the user allowed it', async () => {
    let allowed = false;
    const vault = createSafeStorageVault(fakeSafeStorage('basic_text'), dir, { platform: 'linux', allowPlainText: () => allowed });
    expect(vault.isSecure()).toBe(false);
    expect(vault.backend()).toBe('basic_text');
    await expect(vault.set('workspace.token', 'abc')).rejects.toMatchObject({ name: 'InsecureStorageError', code: 'InsecureStorage', backend: 'basic_text' });
    expect(await vault.get('workspace.token')).toBeNull();
    allowed = true;
    await vault.set('workspace.token', 'abc');
    expect(await vault.get('workspace.token')).toBe('abc');
  });

  it('refuses to store anything when the OS cannot encrypt at all, even if plain text was allowed', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage('gnome_libsecret', false), dir, { platform: 'linux', allowPlainText: () => true });
    expect(vault.isSecure()).toBe(false);
    await expect(vault.set('workspace.token', 'abc')).rejects.toMatchObject({ backend: 'unavailable' });
  });

  it.each([
    ['darwin', 'keychain'],
    ['win32', 'dpapi'],
  ] as const)('is secure on %s (%s) without asking for a Linux backend', (platform, backend) => {
    const storage = fakeSafeStorage('basic_text');
    const vault = createSafeStorageVault(storage, dir, { platform });
    expect(vault.isSecure()).toBe(true);
    expect(vault.backend()).toBe(backend);
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
