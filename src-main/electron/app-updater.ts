import type { UpdateState } from '../../src-shared/bridge/index.js';
import type { Logger } from '../core/logger.js';
import {
  feedChannel,
  INSTALL_BLOCK_MESSAGES,
  mayInstallUpdate,
  UPDATE_CHECK_INTERVAL_MS,
  type InstallInput,
  type UpdateChannel,
} from '../core/updates/install-policy.js';

/** The part of electron-updater's `AppUpdater` this module drives (the real one in the app, the same class in tests). */
export interface UpdaterLike {
  channel: string | null;
  allowDowngrade: boolean;
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  logger: { info(message?: unknown): void; warn(message?: unknown): void; error(message?: unknown): void; debug?(message: string): void } | null;
  on(event: string, listener: (...args: never[]) => void): unknown;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
}

export type OutboxState = InstallInput['outbox'];

export interface AppUpdates {
  /** Sets the feed up and checks now and every `UPDATE_CHECK_INTERVAL_MS`. */
  start(): void;
  setChannel(channel: UpdateChannel): void;
  state(): UpdateState;
  /** The user's "Restart to update": installs only when `mayInstallUpdate` allows, before and after the services stop. */
  install(): Promise<{ readonly installing: boolean; readonly message: string | null }>;
  /**
   * The app is quitting and its services have stopped (`final` is the outbox as they
   * left it): installs the downloaded update silently when allowed. True when the
   * updater now owns the quit.
   */
  installOnQuit(final: OutboxState): boolean;
  stop(): void;
}

/**
 * electron-updater on the generic feed of electron-builder.yml, downloading in the
 * background. It never installs by itself on quit (`autoInstallOnAppQuit` off): every
 * install goes through `mayInstallUpdate`, so no edit on the wire or uncertain is lost
 * to a restart, and the journal is complete (the services stopped) before it runs.
 */
export function createAppUpdates(deps: {
  readonly updater: UpdaterLike;
  readonly channel: UpdateChannel;
  /** The open workspace's outbox, or null while none is open. */
  readonly outbox: () => OutboxState;
  /** Stops the services (outbox replay ended, journal written, demo server down); resolves with the outbox as they left it. */
  readonly stopServices: () => Promise<OutboxState>;
  /** The services were stopped but the update may not install: start again without it. */
  readonly relaunch: () => void;
  readonly onState: (state: UpdateState) => void;
  readonly log: Logger;
  readonly setInterval: (run: () => void, ms: number) => unknown;
  readonly clearInterval: (timer: unknown) => void;
}): AppUpdates {
  const { updater, log } = deps;
  let state: UpdateState = { status: 'idle', version: null, percent: null, message: null };
  let timer: unknown = null;
  let installing = false;
  const set = (change: Partial<UpdateState>) => {
    state = { ...state, ...change };
    deps.onState(state);
  };
  const setChannel = (channel: UpdateChannel) => {
    updater.channel = feedChannel(channel);
    // Setting a channel allows downgrades; a journal written by a newer build must never meet an older one.
    updater.allowDowngrade = false;
  };

  updater.on('checking-for-update', () => set({ status: state.status === 'ready' ? 'ready' : 'checking', message: null }));
  updater.on('update-available', (info: { version: string }) => set({ status: 'downloading', version: info.version, percent: 0 }));
  updater.on('update-not-available', () => set({ status: state.status === 'ready' ? 'ready' : 'idle', percent: null }));
  updater.on('download-progress', (progress: { percent: number }) => set({ status: 'downloading', percent: Math.round(progress.percent) }));
  updater.on('update-downloaded', (info: { version: string }) => {
    log.info('update downloaded', { version: info.version });
    set({ status: 'ready', version: info.version, percent: null, message: null });
  });
  updater.on('error', (error: Error) => {
    log.warn('update failed', { error: error.message });
    set({ status: state.status === 'ready' ? 'ready' : 'error', percent: null, message: error.message });
  });

  const check = () => {
    updater
      .checkForUpdates()
      // The background download's own promise: its failure already came as an 'error' event.
      .then((result) => (result as { downloadPromise?: Promise<unknown> } | null)?.downloadPromise?.catch(() => undefined))
      .catch((error: unknown) => log.warn('update check failed', { error: String(error) }));
  };

  return {
    start() {
      updater.autoDownload = true;
      updater.autoInstallOnAppQuit = false;
      updater.logger = { info: (m) => log.debug(String(m)), warn: (m) => log.warn(String(m)), error: (m) => log.error(String(m)), debug: (m) => log.debug(m) };
      setChannel(deps.channel);
      check();
      timer ??= deps.setInterval(check, UPDATE_CHECK_INTERVAL_MS);
    },
    setChannel(channel) {
      setChannel(channel);
      if (timer !== null) check();
    },
    state: () => state,
    async install() {
      if (installing) return { installing: true, message: null };
      const before = mayInstallUpdate({ update: state.status, outbox: deps.outbox() });
      if (!before.install) {
        const message = INSTALL_BLOCK_MESSAGES[before.reason];
        set({ message });
        return { installing: false, message };
      }
      installing = true;
      log.info('installing the update', { version: state.version });
      const final = await deps.stopServices();
      // Stopping ends the send in flight; if that left an edit uncertain, it needs the user first.
      const after = mayInstallUpdate({ update: state.status, outbox: final });
      if (!after.install) {
        log.warn('update not installed after stopping', { reason: after.reason });
        deps.relaunch();
        return { installing: false, message: INSTALL_BLOCK_MESSAGES[after.reason] };
      }
      updater.quitAndInstall(false, true);
      return { installing: true, message: null };
    },
    installOnQuit(final) {
      if (installing || !mayInstallUpdate({ update: state.status, outbox: final }).install) return false;
      installing = true;
      log.info('installing the update on quit', { version: state.version });
      updater.quitAndInstall(true, false);
      return true;
    },
    stop() {
      if (timer !== null) deps.clearInterval(timer);
      timer = null;
    },
  };
}
