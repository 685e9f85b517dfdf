import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { ShellCommandArg } from '../../src-shared/bridge/index.js';
import type { ConnectionConfig } from '../core/services.js';
import { readJsonFile, writeJsonFile } from './json-file.js';
import type { SecretVault } from './safe-storage-vault.js';

/** The non-secret half of a connection, kept in `connection.json`; the secret half is in the vault. */
const savedSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('demo') }),
  z.object({ kind: z.literal('token'), baseUrl: z.string() }),
  z.object({ kind: z.literal('client'), baseUrl: z.string(), clientId: z.string(), scopes: z.array(z.string()) }),
]);
type SavedConnection = z.infer<typeof savedSchema>;
const DEMO: SavedConnection = { kind: 'demo' };

const SECRET = { token: 'workspace.token', clientSecret: 'workspace.client-secret' } as const;

export interface ConnectionFile {
  /** The saved connection with its secret from the vault; the demo workspace when none is saved or its secret is gone. */
  load(): Promise<ConnectionConfig>;
  /** Stores the secret in the vault first (it may refuse), then the rest. */
  save(connection: ConnectionConfig | ShellCommandArg<'shell.connect'>): Promise<ConnectionConfig>;
  /** Sign out: deletes every secret and the saved connection. */
  forget(): Promise<void>;
  describe(): Promise<{ kind: SavedConnection['kind']; baseUrl: string | null }>;
}

export function createConnectionFile(dataDir: string, vault: SecretVault): ConnectionFile {
  const path = join(dataDir, 'connection.json');
  const read = () => readJsonFile(path, savedSchema, DEMO);
  return {
    async load() {
      const saved = await read();
      if (saved.kind === 'token') {
        const token = await vault.get(SECRET.token);
        return token ? { kind: 'token', baseUrl: saved.baseUrl, token } : { kind: 'demo' };
      }
      if (saved.kind === 'client') {
        const clientSecret = await vault.get(SECRET.clientSecret);
        return clientSecret
          ? { kind: 'client', baseUrl: saved.baseUrl, clientId: saved.clientId, clientSecret, scopes: saved.scopes }
          : { kind: 'demo' };
      }
      return { kind: 'demo' };
    },
    async save(connection) {
      if (connection.kind === 'token') {
        await vault.set(SECRET.token, connection.token);
        await vault.delete(SECRET.clientSecret);
        await writeJsonFile(path, { kind: 'token', baseUrl: connection.baseUrl } satisfies SavedConnection);
      } else if (connection.kind === 'client') {
        await vault.set(SECRET.clientSecret, connection.clientSecret);
        await vault.delete(SECRET.token);
        const { baseUrl, clientId, scopes } = connection;
        await writeJsonFile(path, { kind: 'client', baseUrl, clientId, scopes } satisfies SavedConnection);
      } else {
        await writeJsonFile(path, DEMO);
      }
      return connection;
    },
    async forget() {
      await vault.clear();
      await rm(path, { force: true });
    },
    async describe() {
      const saved = await read();
      return { kind: saved.kind, baseUrl: saved.kind === 'demo' ? null : saved.baseUrl };
    },
  };
}
