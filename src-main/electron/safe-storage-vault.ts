import type { SafeStorage } from 'electron';
import { join } from 'node:path';
import { z } from 'zod';
import { InsecureStorageError } from './insecure-storage-error.js';
import { readJsonFile, writeJsonFile } from './json-file.js';

/** How the vault protects secrets on this machine, for Settings. */
export interface VaultStatus {
  /** True when secrets are encrypted with a key the OS protects (Keychain, DPAPI, a Linux keyring). */
  readonly secure: boolean;
  /** "gnome_libsecret", "kwallet6", "basic_text", "keychain", "dpapi", or "unavailable". */
  readonly backend: string;
}

/** Where the main process keeps secrets (tokens, client secrets). Values are never logged or sent to the renderer. */
export interface SecretVault {
  get(name: string): Promise<string | null>;
  /** @throws InsecureStorageError when the OS cannot protect the secret and the user has not accepted that. */
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
  /** Deletes every secret (sign out). */
  clear(): Promise<void>;
  status(): Promise<VaultStatus>;
  /**
   * Switches Linux's `basic_text` backend to its plain-text key once the user has
   * agreed; without it that backend encrypts nothing. Called at start and whenever
   * the choice changes; a no-op elsewhere.
   */
  prepare(): void;
}

type SafeStorageApi = Pick<
  SafeStorage,
  'isAsyncEncryptionAvailable' | 'encryptStringAsync' | 'decryptStringAsync' | 'getSelectedStorageBackend' | 'setUsePlainTextEncryption'
>;

const fileSchema = z.object({ version: z.literal(1), secrets: z.record(z.string(), z.string()) });
type VaultFile = z.infer<typeof fileSchema>;
const EMPTY: VaultFile = { version: 1, secrets: {} };
const NAME = /^[a-z][a-z0-9.-]{0,63}$/i;

function checkName(name: string): void {
  if (!NAME.test(name)) throw new TypeError(`invalid secret name`);
}

/**
 * A vault on Electron's safeStorage (its asynchronous API; the synchronous one is
 * deprecated): each secret is encrypted by the OS key and stored base64 in
 * `secrets.json` (mode 0600) in the data folder. On Linux without a keyring
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
  const allowPlainText = () => options.allowPlainText?.() ?? false;
  let plainTextKey = false;
  let writes: Promise<unknown> = Promise.resolve();

  const prepare = () => {
    if (plainTextKey || platform !== 'linux' || !allowPlainText()) return;
    if (safeStorage.getSelectedStorageBackend() !== 'basic_text') return;
    safeStorage.setUsePlainTextEncryption(true);
    plainTextKey = true;
  };
  /** The backend is read first: on `basic_text` encryption is "unavailable" until the opt-in, which Settings must offer. */
  const status = async (): Promise<VaultStatus & { available: boolean }> => {
    prepare();
    const linux = platform === 'linux' ? safeStorage.getSelectedStorageBackend() : null;
    const available = await safeStorage.isAsyncEncryptionAvailable();
    if (linux === 'basic_text' || linux === 'unknown') return { secure: false, backend: linux, available };
    if (!available) return { secure: false, backend: 'unavailable', available };
    return { secure: true, backend: linux ?? (platform === 'darwin' ? 'keychain' : platform === 'win32' ? 'dpapi' : 'os'), available };
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
  /** safeStorage asks for it when the OS key was rotated; failing to is harmless (the old copy still decrypts). */
  const reEncrypt = async (name: string, stored: string, value: string) => {
    const again = (await safeStorage.encryptStringAsync(value)).toString('base64');
    await update((secrets) => {
      if (secrets[name] === stored) secrets[name] = again;
    });
  };

  return {
    async get(name) {
      checkName(name);
      await writes;
      const stored = (await load()).secrets[name];
      if (stored === undefined) return null;
      prepare();
      if (!(await safeStorage.isAsyncEncryptionAvailable())) return null;
      try {
        const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(Buffer.from(stored, 'base64'));
        if (shouldReEncrypt) await reEncrypt(name, stored, result).catch(() => undefined);
        return result;
      } catch {
        // The OS key changed (new keyring, copied profile): the secret is lost, ask again.
        return null;
      }
    },
    async set(name, value) {
      checkName(name);
      const { secure, backend, available } = await status();
      if (backend === 'unavailable') throw new InsecureStorageError(backend);
      if (!secure && !allowPlainText()) throw new InsecureStorageError(backend);
      if (!available) throw new InsecureStorageError('unavailable');
      const encrypted = (await safeStorage.encryptStringAsync(value)).toString('base64');
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
    async status() {
      const { secure, backend } = await status();
      return { secure, backend };
    },
    prepare,
  };
}
