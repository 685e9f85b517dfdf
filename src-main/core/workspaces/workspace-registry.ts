import { join } from 'node:path';
import { COMMAND_NAMES, type AppCommandHandlers, type AppInfo, type MainPeer, type SyncStatus } from '../../../src-shared/bridge/index.js';
import { workspaceStorage, type WorkspaceSummary } from '../../../src-shared/workspaces/index.js';
import { systemClock, type Clock } from '../clock.js';
import { appInfo } from '../commands/app-info.js';
import type { StartDemoServer } from '../demo/demo-server.js';
import { silentLogger, type Logger } from '../logger.js';
import type { ConnectionConfig, MainServices, MainServicesOptions } from '../services.js';
import type { SecretStore } from './secret-store.js';
import { addWorkspace, createWorkspaceCommands } from './workspace-commands.js';
import { createWorkspaceServices, ensureWorkspaceStarted, workspaceSummary } from './workspace-services.js';
import { readWorkspaceFile, workspaceFilePath, writeWorkspaceFile, EMPTY_WORKSPACE_FILE, type WorkspaceFile, type WorkspaceRecord } from './workspace-file.js';

export interface WorkspaceRegistryOptions {
  /** Main's data folder; each workspace gets `workspaces/<id>/` below it. */
  readonly rootDir: string;
  readonly vault: SecretStore;
  readonly shell: 'electron' | 'harness';
  /**
   * The workspace a fresh profile starts with (the demo for `npm run web`, the command
   * line's connection); none = the first-run screen. `legacy` keeps a single-workspace
   * profile's database and files where they are.
   */
  readonly initial?: { readonly connection: ConnectionConfig; readonly legacy?: boolean } | null;
  readonly createServices?: (options: MainServicesOptions) => MainServices;
  readonly log?: Logger;
  /** How every workspace reaches its server (Electron: the OS's network stack). */
  readonly fetch?: typeof fetch;
  /** A renewed secret could not be stored in the vault: the shell tells the user (it is logged either way). */
  readonly onSecretNotSaved?: (error: unknown) => void;
  readonly clock?: Clock;
  readonly sleep?: MainServicesOptions['sleep'];
  readonly startDemo?: StartDemoServer;
  readonly random?: () => number;
}

/** One workspace while the app runs: its services exist once a secret is known (the demo needs none). */
export interface WorkspaceRuntime {
  readonly record: WorkspaceRecord;
  services: MainServices | null;
  starting: Promise<void> | null;
  /** The vault had no secret for it at the last start: "Sign in again". */
  secretMissing: boolean;
}

/** What the workspace commands may do to the registry's state. */
export interface RegistryState {
  file: WorkspaceFile;
  readonly runtimes: Map<string, WorkspaceRuntime>;
  readonly options: WorkspaceRegistryOptions;
  readonly clock: Clock;
  save(): Promise<void>;
  /** Starts a workspace's services if its secret is known; resolves when they run. */
  ensureStarted(id: string): Promise<MainServices | null>;
  /** Builds services for a workspace with this secret (null for the demo). */
  createFor(record: WorkspaceRecord, secret: string | null): MainServices;
  /** Detaches the window from whatever workspace it serves (switch, remove, add). */
  closeWindow(): void;
  /** Attaches the newest window to the active workspace's services. */
  openWindow(id: string): Promise<boolean>;
  summary(record: WorkspaceRecord): Promise<WorkspaceSummary>;
  dataDir(record: WorkspaceRecord): string;
}

const WORKSPACE_COMMANDS = new Set<string>(COMMAND_NAMES.filter((n) => n.startsWith('workspaces.')));

function noWorkspace(message: string): Error {
  return Object.assign(new Error(message), { code: 'SignInNeeded' });
}

const IDLE_STATUS: SyncStatus = {
  online: false, authNeeded: false, running: false, rowsMirrored: 0, rowsPerSecond: 0,
  requestsUsed: 0, requestBudget: null, lastSyncedAt: null, scopes: [],
};

/** The active workspace's services. @throws `SignInNeeded` when none is open or it lacks its secret. */
function activeServices(state: RegistryState): MainServices {
  const id = state.file.active;
  const runtime = id ? state.runtimes.get(id) : undefined;
  if (!runtime) throw noWorkspace('No workspace is open: connect one or try the demo.');
  if (!runtime.services) throw noWorkspace(`Sign in again to ${runtime.record.name} first.`);
  return runtime.services;
}

/** The app's info as the active workspace tells it, or a placeholder while none runs. */
function activeInfo(state: RegistryState): AppInfo {
  const id = state.file.active;
  const runtime = id ? state.runtimes.get(id) : undefined;
  if (runtime?.services) return { ...runtime.services.info(), workspaceName: runtime.record.name };
  // Not started yet (or no secret): what the workspace's record says, so the window
  // asking early still learns its address.
  const saved = runtime?.record.connection;
  const about = appInfo(saved?.kind === 'demo' ? 'demo' : 'remote', saved && saved.kind !== 'demo' ? saved.baseUrl : '', state.options.shell);
  return { ...about, workspaceName: runtime?.record.name ?? 'No workspace' };
}

/** Every command: the workspace ones over the registry, the rest routed to the active workspace. */
function registryHandlers(state: RegistryState): AppCommandHandlers {
  const routed = Object.fromEntries(
    COMMAND_NAMES.filter((name) => !WORKSPACE_COMMANDS.has(name)).map((name) => [
      name,
      (arg: unknown) => (activeServices(state).handlers[name] as (a: unknown) => unknown)(arg),
    ]),
  ) as Omit<AppCommandHandlers, keyof ReturnType<typeof createWorkspaceCommands>>;
  return {
    ...routed,
    'app.info': () => activeInfo(state),
    'sync.status': async (arg) => {
      const id = state.file.active;
      const runtime = id ? state.runtimes.get(id) : undefined;
      if (runtime?.services) return runtime.services.handlers['sync.status'](arg);
      // Only a missing secret asks for a sign-in: a workspace still starting (just added) does not.
      return { ...IDLE_STATUS, authNeeded: !!runtime && runtime.secretMissing };
    },
    ...createWorkspaceCommands(state),
  };
}

/**
 * Several workspaces side by side, like mail accounts: one `createMainServices` per
 * workspace, each with its own folder (settings, outbox journal, schedule) and vault
 * entries, and the window's database named after the workspace. Commands go to the
 * active workspace; only the workspace whose database the window declared open
 * (`workspaces.open`) is attached to it, so no workspace can write into another's cache
 * or replay its edits against another's server. Looks like `MainServices` to the shells.
 */
export function createWorkspaceRegistry(options: WorkspaceRegistryOptions): MainServices {
  const log = options.log ?? silentLogger;
  const clock = options.clock ?? systemClock;
  const path = workspaceFilePath(options.rootDir);
  const peers: MainPeer[] = [];
  let opened: { peer: MainPeer; id: string; services: MainServices } | null = null;

  const state: RegistryState = {
    file: EMPTY_WORKSPACE_FILE,
    runtimes: new Map(),
    options,
    clock,
    save: () => writeWorkspaceFile(path, state.file),
    dataDir: (record) => join(options.rootDir, workspaceStorage(record.id, record.legacy).folder),
    createFor: (record, secret) => createWorkspaceServices(state, record, secret),
    ensureStarted: (id) => ensureWorkspaceStarted(state, id),
    closeWindow() {
      if (!opened) return;
      opened.services.detach(opened.peer);
      opened = null;
    },
    async openWindow(id) {
      const peer = peers.at(-1);
      if (!peer || state.file.active !== id) return false;
      const services = await state.ensureStarted(id);
      if (!services || peers.at(-1) !== peer || state.file.active !== id) return false;
      if (opened?.peer === peer && opened.services === services) return true;
      state.closeWindow();
      opened = { peer, id, services };
      services.attach(peer);
      return true;
    },
    summary: (record) => workspaceSummary(state, record),
  };

  const handlers = registryHandlers(state);
  const info = () => activeInfo(state);

  return {
    handlers,
    info,
    attach(peer) {
      if (!peers.includes(peer)) peers.push(peer);
    },
    detach(peer) {
      const index = peers.indexOf(peer);
      if (index >= 0) peers.splice(index, 1);
      if (opened?.peer === peer) state.closeWindow();
    },
    async start() {
      const saved = await readWorkspaceFile(path, log);
      state.file = saved ?? EMPTY_WORKSPACE_FILE;
      for (const record of state.file.workspaces) state.runtimes.set(record.id, { record, services: null, starting: null, secretMissing: false });
      if (!saved && options.initial) await addWorkspace(state, options.initial.connection, { legacy: options.initial.legacy ?? false });
      if (state.file.active) await state.ensureStarted(state.file.active);
      log.info('workspaces ready', { count: state.file.workspaces.length, active: state.file.active });
    },
    async stop() {
      state.closeWindow();
      await Promise.all([...state.runtimes.values()].map(async (r) => {
        await r.starting?.catch(() => undefined);
        await r.services?.stop();
      }));
    },
    async whenSettled() {
      await opened?.services.whenSettled();
    },
    /** Every running workspace's outbox at once: an update installs only when none is sending. */
    outboxState() {
      const all = [...state.runtimes.values()].flatMap((r) => (r.services ? [r.services.outboxState()] : []));
      return { loaded: all.every((o) => o.loaded), sending: all.reduce((n, o) => n + o.sending, 0), uncertain: all.reduce((n, o) => n + o.uncertain, 0) };
    },
    diagnostics: () => activeServices(state).diagnostics(),
    // Only the workspace the window has open: a window never sees another workspace's media.
    mediaFile: (key) => opened?.services.mediaFile(key) ?? null,
  };
}
