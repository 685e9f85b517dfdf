import { isoAt } from '../clock.js';
import type { AppCommandHandlers } from '../../../src-shared/bridge/index.js';
import { newWorkspaceId, workspaceStorage, type WorkspaceDraft, type WorkspaceCommandResults } from '../../../src-shared/workspaces/index.js';
import type { ConnectionConfig } from '../services.js';
import { defaultSyncSettings } from '../settings/sync-settings.js';
import { settingsPath, writeSettings } from '../settings/settings-file.js';
import { testConnection } from './connection-test.js';
import type { RegistryState } from './workspace-registry.js';
import { deleteWorkspaceFiles, type WorkspaceRecord } from './workspace-file.js';

type WorkspaceHandlers = Pick<AppCommandHandlers, keyof WorkspaceCommandResults>;

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

function coded(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * Saves a new workspace (secret in the vault first, then its settings, then the list)
 * and makes it the active one. The window is detached from the previous workspace at
 * once: it reloads on the new one's database.
 */
export async function addWorkspace(
  state: RegistryState,
  connection: ConnectionConfig,
  extra: { legacy?: boolean; name?: string; draft?: WorkspaceDraft } = {},
): Promise<string> {
  const taken = new Set(state.runtimes.keys());
  const baseUrl = connection.kind === 'demo' ? null : connection.baseUrl;
  const id = newWorkspaceId(baseUrl, state.options.random ?? Math.random, taken);
  const record: WorkspaceRecord = {
    id,
    name: extra.name?.trim() || (baseUrl ? hostOf(baseUrl) : 'Demo workspace'),
    connection:
      connection.kind === 'demo'
        ? { kind: 'demo' }
        : connection.kind === 'token'
          ? { kind: 'token', baseUrl: connection.baseUrl }
          : { kind: 'client', baseUrl: connection.baseUrl, clientId: connection.clientId, scopes: [...connection.scopes] },
    ...(extra.legacy ? { legacy: true } : {}),
    addedAt: isoAt(state.clock),
  };
  const keys = workspaceStorage(id, extra.legacy).vault;
  if (connection.kind === 'token') await state.options.vault.set(keys.token, connection.token);
  if (connection.kind === 'client') await state.options.vault.set(keys.clientSecret, connection.clientSecret);
  if (extra.draft) {
    const sync = { ...defaultSyncSettings('remote'), scopePrefix: extra.draft.scopePrefix, requestBudgetPerMinute: extra.draft.requestBudgetPerMinute };
    await writeSettings(settingsPath(state.dataDir(record)), { sync, dismissedSources: [] });
  }
  state.closeWindow();
  state.runtimes.set(id, { record, services: null, starting: null, secretMissing: false });
  state.file = { ...state.file, active: id, workspaces: [...state.file.workspaces, record] };
  await state.save();
  return id;
}

function connectionOf(draft: WorkspaceDraft): ConnectionConfig {
  return draft.auth.kind === 'token'
    ? { kind: 'token', baseUrl: draft.baseUrl, token: draft.auth.token }
    : { kind: 'client', baseUrl: draft.baseUrl, clientId: draft.auth.clientId, clientSecret: draft.auth.clientSecret, scopes: [draft.scopePrefix] };
}

/** What testing a connection needs. */
type TestDeps = Parameters<typeof testConnection>[1];

/** The workspace's runtime. @throws `UnknownWorkspace` when it was removed. */
function runtimeOf(state: RegistryState, id: string) {
  const runtime = state.runtimes.get(id);
  if (!runtime) throw coded('UnknownWorkspace', 'This workspace was removed.');
  return runtime;
}

/** Forgets a workspace: off the list, services stopped, secrets and files deleted; another becomes active if it was. */
async function removeWorkspace(state: RegistryState, id: string): Promise<{ databaseName: string; active: string | null }> {
  const runtime = runtimeOf(state, id);
  const { record } = runtime;
  if (state.file.active === id) state.closeWindow();
  state.runtimes.delete(id);
  const remaining = state.file.workspaces.filter((w) => w.id !== id);
  const active = state.file.active === id ? (remaining[0]?.id ?? null) : state.file.active;
  state.file = { ...state.file, active, workspaces: remaining };
  await state.save();
  await runtime.starting?.catch(() => undefined);
  await runtime.services?.stop();
  const storage = workspaceStorage(id, record.legacy);
  await state.options.vault.delete(storage.vault.token);
  await state.options.vault.delete(storage.vault.clientSecret);
  await deleteWorkspaceFiles(state.dataDir(record), record.legacy ?? false);
  return { databaseName: storage.databaseName, active };
}

/** Stops the workspace's services and deletes its secrets; its journal stays. */
async function signOut(state: RegistryState, id: string): Promise<{ signedOut: true }> {
  const runtime = runtimeOf(state, id);
  if (runtime.record.connection.kind === 'demo') throw coded('InvalidArgument', 'The demo workspace has no credentials to sign out of.');
  if (state.file.active === id) state.closeWindow();
  await runtime.starting?.catch(() => undefined);
  // Stopped before the secret goes: nothing may sync or replay with it meanwhile. The
  // journal stays, so unsent edits go out after the next sign-in.
  const services = runtime.services;
  runtime.services = null;
  runtime.secretMissing = true;
  await services?.stop();
  const keys = workspaceStorage(id, runtime.record.legacy).vault;
  await state.options.vault.delete(keys.token);
  await state.options.vault.delete(keys.clientSecret);
  return { signedOut: true };
}

/** Tests a new secret against the saved connection and, when it works, stores it and hands it to the services. */
async function signIn(state: RegistryState, testDeps: TestDeps, id: string, token: string | undefined, clientSecret: string | undefined) {
  const runtime = runtimeOf(state, id);
  const saved = runtime.record.connection;
  const secret = saved.kind === 'token' ? token : saved.kind === 'client' ? clientSecret : undefined;
  if (saved.kind === 'demo' || !secret) throw coded('InvalidArgument', saved.kind === 'token' ? 'Paste a new access token.' : 'Enter the client secret.');
  const services = runtime.services;
  const settings = services ? await services.handlers['settings.get']({}) : null;
  const draft: WorkspaceDraft = {
    baseUrl: saved.baseUrl,
    auth: saved.kind === 'token' ? { kind: 'token', token: secret } : { kind: 'client', clientId: saved.clientId, clientSecret: secret },
    scopePrefix: settings?.scopePrefix ?? (saved.kind === 'client' ? saved.scopes[0] : undefined) ?? 'svc.api',
    requestBudgetPerMinute: settings?.requestBudgetPerMinute ?? null,
  };
  const test = await testConnection(draft, testDeps);
  if (!test.ok) return { accepted: false, test };
  const keys = workspaceStorage(id, runtime.record.legacy).vault;
  await state.options.vault.set(saved.kind === 'token' ? keys.token : keys.clientSecret, secret);
  if (services) {
    // Same services: the engine and the outbox resume where they waited, no edit lost.
    await services.handlers['auth.update'](saved.kind === 'token' ? { token: secret } : { clientSecret: secret });
  } else {
    await state.ensureStarted(id);
  }
  return { accepted: true, test };
}

/** The `workspaces.*` commands over the registry's state. */
export function createWorkspaceCommands(state: RegistryState): WorkspaceHandlers {
  const { options } = state;
  const testDeps: TestDeps = { ...(options.fetch ? { fetch: options.fetch } : {}), clock: state.clock };
  return {
    async 'workspaces.list'() {
      return { active: state.file.active, workspaces: await Promise.all(state.file.workspaces.map((r) => state.summary(r))) };
    },
    'workspaces.test': ({ draft }) => testConnection(draft, testDeps),
    async 'workspaces.add'({ draft, name }) {
      return { id: await addWorkspace(state, connectionOf(draft), { draft, ...(name ? { name } : {}) }) };
    },
    async 'workspaces.addDemo'() {
      const existing = state.file.workspaces.find((w) => w.connection.kind === 'demo');
      if (!existing) return { id: await addWorkspace(state, { kind: 'demo' }) };
      state.closeWindow();
      state.file = { ...state.file, active: existing.id };
      await state.save();
      return { id: existing.id };
    },
    async 'workspaces.open'({ id }) {
      return { opened: await state.openWindow(id), active: state.file.active };
    },
    async 'workspaces.switch'({ id }) {
      const { record } = runtimeOf(state, id);
      state.closeWindow();
      state.file = { ...state.file, active: id };
      await state.save();
      return { id, databaseName: workspaceStorage(id, record.legacy).databaseName };
    },
    'workspaces.remove': ({ id }) => removeWorkspace(state, id),
    'workspaces.signOut': ({ id }) => signOut(state, id),
    'workspaces.signIn': ({ id, token, clientSecret }) => signIn(state, testDeps, id, token, clientSecret),
  };
}
