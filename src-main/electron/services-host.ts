import { COMMAND_NAMES, type CommandHandlers, type Events, type MainPeer, type OutboxCount, type OutboxRefusal, type SyncStatus } from '../../src-shared/bridge/index.js';
import type { WorkspaceDiagnostics } from '../core/diagnostics/workspace-diagnostics.js';
import type { Logger } from '../core/logger.js';
import type { ConnectionConfig, MainServices } from '../core/services.js';
import { shellSyncStatus } from './sync-status-view.js';

/** The app window as the host sees it: a way to build a fresh peer, and a direct line for events. */
export interface WindowLink {
  makePeer(): MainPeer;
  emit<K extends keyof Events>(name: K, data: Events[K]): void;
}

export interface ServicesHost {
  start(connection: ConnectionConfig): Promise<void>;
  /**
   * Stops the current services and starts new ones on another connection (connect,
   * sign out). `between` runs while no services exist (clearing the cache then cannot
   * race a sync of either workspace).
   */
  switchConnection(connection: ConnectionConfig, between?: () => Promise<void>): Promise<void>;
  /** The current services' command handlers, with the OS's view folded into `sync.status`. */
  handlers(): CommandHandlers;
  /** The window started serving the store (its link) or went away (null). */
  setWindow(link: WindowLink | null): void;
  setPaused(paused: boolean, reason: string): void;
  setOsOnline(online: boolean): void;
  /** Asks the services to try the workspace now (woken from sleep, network back). */
  probe(): void;
  state(): { readonly osOnline: boolean; readonly paused: boolean };
  /** Sends an event of the shell's own (the updater's state) to the window, if one is attached. */
  emit<K extends keyof Events>(name: K, data: Events[K]): void;
  /** The open workspace's diagnostics, or null while none is open. */
  diagnostics(): Promise<WorkspaceDiagnostics | null>;
  /** The open workspace's outbox as the update decision needs it, or null while none is open. */
  outboxState(): ReturnType<MainServices['outboxState']> | null;
  /** A local media copy of the open workspace (the media protocol serves it), or null. */
  mediaFile(key: string): ReturnType<MainServices['mediaFile']>;
  stop(): Promise<void>;
  /** Stops like `stop`, and says what the outbox was left holding (null: no services were running). */
  stopAndReport(): Promise<ReturnType<MainServices['outboxState']> | null>;
}

/**
 * While no services exist (a workspace switch), every command answers `Unavailable`
 * rather than the lookup throwing: a caller always gets a result.
 */
function unavailableHandlers(): CommandHandlers {
  const unavailable = () => Promise.reject(Object.assign(new Error('the app is switching workspaces'), { code: 'Unavailable' }));
  return Object.fromEntries(COMMAND_NAMES.map((name) => [name, unavailable])) as unknown as CommandHandlers;
}

/**
 * Owns the main-side services for the Electron app and decides when they may use the
 * window's store: only while a window serves it and sync is not paused. Detaching is
 * how a pause reaches the engine (the services' own contract: detached = paused).
 * Every attachment gets its own peer, closed on detach, so a stale reply can never
 * reach the next one.
 */
export function createServicesHost(options: {
  readonly createServices: (connection: ConnectionConfig) => MainServices;
  readonly onOutboxCount: (count: OutboxCount) => void;
  readonly onRefused: (refusal: OutboxRefusal) => void;
  readonly log: Logger;
  readonly osOnline: boolean;
}): ServicesHost {
  const { createServices, onOutboxCount, onRefused, log } = options;
  let services: MainServices | null = null;
  let link: WindowLink | null = null;
  let attached: { services: MainServices; link: WindowLink; peer: MainPeer } | null = null;
  let paused = false;
  let osOnline = options.osOnline;
  let lastStatus: SyncStatus | null = null;

  const view = (status: SyncStatus) => shellSyncStatus(status, { osOnline, paused });

  const tap = (peer: MainPeer): MainPeer => ({
    store: peer.store,
    close: () => peer.close(),
    emit(name, data) {
      if (name === 'sync.status') {
        lastStatus = data as SyncStatus;
        peer.emit('sync.status', view(lastStatus));
        return;
      }
      if (name === 'outbox.count') onOutboxCount(data as OutboxCount);
      if (name === 'outbox.refused') onRefused(data as OutboxRefusal);
      peer.emit(name, data);
    },
  });

  const reconcile = () => {
    const wanted = services && link && !paused ? { services, link } : null;
    if (attached && (!wanted || attached.services !== wanted.services || attached.link !== wanted.link)) {
      attached.services.detach(attached.peer);
      attached.peer.close();
      attached = null;
    }
    if (wanted && !attached) {
      const peer = tap(wanted.link.makePeer());
      attached = { ...wanted, peer };
      wanted.services.attach(peer);
    }
  };

  const republish = () => {
    if (lastStatus && link) link.emit('sync.status', view(lastStatus));
  };

  const probe = () => {
    const current = services;
    if (!current || paused) return;
    Promise.resolve()
      .then(() => current.handlers['sync.now']({}))
      .catch((error: unknown) => log.warn('sync.now after a wake-up failed', { error: String(error) }));
  };

  return {
    async start(connection) {
      services = createServices(connection);
      await services.start();
      reconcile();
    },
    async switchConnection(connection, between) {
      const previous = services;
      services = null;
      lastStatus = null;
      reconcile();
      await previous?.stop();
      await between?.();
      services = createServices(connection);
      await services.start();
      reconcile();
    },
    handlers() {
      if (!services) return unavailableHandlers();
      const current = services.handlers;
      return {
        ...current,
        'sync.status': async (arg) => view(await current['sync.status'](arg)),
      };
    },
    setWindow(next) {
      link = next;
      reconcile();
      republish();
    },
    setPaused(next, reason) {
      if (next === paused) return;
      paused = next;
      log.info(next ? 'sync paused' : 'sync resumed', { reason });
      reconcile();
      link?.emit('notice', { level: 'info', message: next ? `Sync paused: ${reason}.` : 'Sync resumed.' });
      republish();
    },
    setOsOnline(next) {
      if (next === osOnline) return;
      osOnline = next;
      republish();
      if (next) probe();
    },
    probe,
    state: () => ({ osOnline, paused }),
    outboxState: () => services?.outboxState() ?? null,
    mediaFile: (key) => services?.mediaFile(key) ?? null,
    emit(name, data) {
      link?.emit(name, data);
    },
    diagnostics: async () => (services ? services.diagnostics() : null),
    async stop() {
      const current = services;
      services = null;
      link = null;
      reconcile();
      await current?.stop();
    },
    async stopAndReport() {
      const current = services;
      services = null;
      link = null;
      reconcile();
      await current?.stop();
      return current?.outboxState() ?? null;
    },
  };
}
