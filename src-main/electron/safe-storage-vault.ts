import type { SafeStorage } from 'electron';
import { join } from 'node:path';
import { z } from 'zod';
import { InsecureStorageError } from './insecure-storage-error.js';
import { readJsonFile, writeJsonFile } from './json-file.js';

/** Where the main process keeps secrets (tokens, client secrets). Values are never logged or sent to the renderer. */
export interface SecretVault {
  get(name: string): Promise<string | null>;
  /** @throws InsecureStorageError when the OS cannot protect the secret and the user has not accepted that. */
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
  /** Deletes every secret (sign out). */
  clear(): Promise<void>;
  /** True when secrets are encrypted with a key the OS protects (Keychain, DPAPI, a Linux keyring). */
  isSecure(): boolean;
  /** The OS backend in use, for Settings ("gnome_libsecret", "basic_text", "keychain", "dpapi"). */
  backend(): string;
}

type SafeStorageApi = Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString' | 'getSelectedStorageBackend'>;

const fileSchema = z.object({ version: z.literal(1), secrets: z.record(z.string(), z.string()) });
type VaultFile = z.infer<typeof fileSchema>;
const EMPTY: VaultFile = { version: 1, secrets: {} };
const NAME = /^[a-z][a-z0-9.-]{0,63}$/i;

function checkName(name: string): void {
  if (!NAME.test(name)) throw new TypeError(`invalid secret name`);
}

/**
 * A vault on Electron's safeStorage: each secret is encrypted by the OS key and stored
 * base64 in `secrets.json` (mode 0600) in the data folder. On Linux without a keyring
 * safeStorage falls back to `basic_text`, which is obfuscation, not encryption: the
 * vault refuses to store secrets there unless `allowPlainText()` says the user agreed.
 */
export function createSafeStorageVault(
  safeStorage: SafeStorageApi,
  dataDir: string,
  options: { readonly platform?: NodeJS.Platform; readonly allowPlainText?: () => boolean } = {},
): SecretVault {
  const path = join(dataDir, 'secrets.json');
  const platform = options.platform ?? process.platform;
  let writes: Promise<unknown> = Promise.resolve();

  const backend = (): string => {
    if (!safeStorage.isEncryptionAvailable()) return 'unavailable';
    if (platform === 'linux') return safeStorage.getSelectedStorageBackend();
    return platform === 'darwin' ? 'keychain' : platform === 'win32' ? 'dpapi' : 'os';
  };
  const isSecure = () => {
    const used = backend();
    return used !== 'unavailable' && used !== 'basic_text' && used !== 'unknown';
  };
  const load = () => readJsonFile(path, fileSchema, EMPTY);
  /** Read-modify-write, one at a time, so two quick saves cannot lose each other. */
  const update = (change: (secrets: Record<string, string>) => void) => {
    const next = writes.then(async () => {
      const file = await load();
      const secrets = { ...file.secrets };
      change(secrets);
      await writeJsonFile(path, { version: 1, secrets } satisfies VaultFile);
    });
    writes = next.catch(() => undefined);
    return next;
  };

  return {
    async get(name) {
      checkName(name);
      await writes;
      const stored = (await load()).secrets[name];
      if (stored === undefined || !safeStorage.isEncryptionAvailable()) return null;
      try {
        return safeStorage.decryptString(Buffer.from(stored, 'base64'));
      } catch {
        // The OS key changed (new keyring, copied profile): the secret is lost, ask again.
        return null;
      }
    },
    async set(name, value) {
      checkName(name);
      const used = backend();
      if (used === 'unavailable') throw new InsecureStorageError(used);
      if (!isSecure() && !(options.allowPlainText?.() ?? false)) throw new InsecureStorageError(used);
      const encrypted = safeStorage.encryptString(value).toString('base64');
      await update((secrets) => {
        secrets[name] = encrypted;
      });
    },
    async delete(name) {
      checkName(name);
      await update((secrets) => {
        delete secrets[name];
      });
    },
    async clear() {
      await update((secrets) => {
        for (const key of Object.keys(secrets)) delete secrets[key];
      });
    },
    isSecure,
    backend,
  };
}
