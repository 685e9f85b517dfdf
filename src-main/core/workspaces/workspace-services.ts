import { workspaceStorage, type WorkspaceSummary } from '../../../src-shared/workspaces/index.js';
import { silentLogger } from '../logger.js';
import { createMainServices, type ConnectionConfig, type MainServices } from '../services.js';
import type { WorkspaceRecord } from './workspace-file.js';
import type { RegistryState } from './workspace-registry.js';

/** Builds one workspace's services with this secret (null for the demo); a renewed secret goes back to the vault. */
export function createWorkspaceServices(state: RegistryState, record: WorkspaceRecord, secret: string | null): MainServices {
  const { options, clock } = state;
  const log = options.log ?? silentLogger;
  const saved = record.connection;
  const connection: ConnectionConfig =
    saved.kind === 'demo'
      ? { kind: 'demo' }
      : saved.kind === 'token'
        ? { kind: 'token', baseUrl: saved.baseUrl, token: secret ?? '' }
        : { kind: 'client', baseUrl: saved.baseUrl, clientId: saved.clientId, clientSecret: secret ?? '', scopes: saved.scopes };
  const vaultKeys = workspaceStorage(record.id, record.legacy).vault;
  return (options.createServices ?? createMainServices)({
    connection,
    shell: options.shell,
    dataDir: state.dataDir(record),
    log,
    clock,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
    ...(options.startDemo ? { startDemo: options.startDemo } : {}),
    ...(options.random ? { random: options.random } : {}),
    onSecretsChanged: (next) => {
      const name = next.kind === 'token' ? vaultKeys.token : vaultKeys.clientSecret;
      const value = next.kind === 'token' ? next.token : next.kind === 'client' ? next.clientSecret : null;
      if (!value) return;
      options.vault.set(name, value).catch((error: unknown) => {
        log.warn('the new secret was not saved', { message: String(error) });
        options.onSecretNotSaved?.(error);
      });
    },
  });
}

/** Starts a workspace's services once (concurrent calls share the start) if the vault has its secret; resolves them, or null. */
export async function ensureWorkspaceStarted(state: RegistryState, id: string): Promise<MainServices | null> {
  const runtime = state.runtimes.get(id);
  if (!runtime) return null;
  if (!runtime.services && !runtime.starting) {
    const { record } = runtime;
    runtime.starting = (async () => {
      const keys = workspaceStorage(record.id, record.legacy).vault;
      const kind = record.connection.kind;
      const secret = kind === 'demo' ? null : await state.options.vault.get(kind === 'token' ? keys.token : keys.clientSecret);
      runtime.secretMissing = kind !== 'demo' && !secret;
      if (runtime.secretMissing) return;
      const services = state.createFor(record, secret);
      await services.start();
      runtime.services = services;
    })().finally(() => {
      runtime.starting = null;
    });
  }
  await runtime.starting;
  return runtime.services;
}

/** A workspace as the workspace list shows it, with whether it needs a sign-in. */
export async function workspaceSummary(state: RegistryState, record: WorkspaceRecord): Promise<WorkspaceSummary> {
  const services = state.runtimes.get(record.id)?.services ?? null;
  const status = services ? await services.handlers['sync.status']({}) : null;
  const saved = record.connection;
  return {
    id: record.id,
    name: record.name,
    kind: saved.kind,
    baseUrl: saved.kind === 'demo' ? null : saved.baseUrl,
    databaseName: workspaceStorage(record.id, record.legacy).databaseName,
    signInNeeded: saved.kind !== 'demo' && (status ? status.authNeeded : (state.runtimes.get(record.id)?.secretMissing ?? false)),
    addedAt: record.addedAt,
  };
}
