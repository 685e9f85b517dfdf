import {
  app,
  BrowserWindow,
  crashReporter,
  dialog,
  Menu,
  nativeImage,
  net,
  Notification,
  powerMonitor,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
  Tray,
} from 'electron';
import electronUpdater from 'electron-updater';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppCommandHandlers, MenuAction, OutboxCount, ShellSettings } from '../../src-shared/bridge/index.js';
import { buildDiagnosticsArchive, diagnosticsFileName } from '../core/diagnostics/diagnostics-archive.js';
import { runtimeVersions } from '../core/diagnostics/runtime-versions.js';
import { createRedactor } from '../core/logging/redact.js';
import { createWorkspaceLogs } from '../core/logging/workspace-logs.js';
import { createMainServices, type ConnectionConfig } from '../core/services.js';
import { createWorkspaceRegistry } from '../core/workspaces/workspace-registry.js';
import { tuneMainHeap } from '../core/main-heap.js';
import { iconDir, iconFiles } from './app-icons.js';
import { createAppUpdates } from './app-updater.js';
import { startLocalCrashReports } from './crash-reports.js';
import { exportDiagnostics } from './diagnostics-export.js';
import { APP_ENTRY_URL, appOrigins as originsFor } from './app-origin.js';
import { appMenuTemplate } from './app-menu.js';
import { APP_SCHEME_PRIVILEGES, registerAppProtocol } from './app-protocol.js';
import { MEDIA_SCHEME_PRIVILEGES, registerMediaProtocol } from './media-protocol.js';
import { createConnectionFile } from './connection-file.js';
import { watchConnectivity } from './connectivity-watch.js';
import { hardenSession, hardenWebContents } from './harden-web-contents.js';
import { readJsonFile, writeJsonFile } from './json-file.js';
import { openMainWindow } from './main-window.js';
import { createNotifier } from './live-notifications.js';
import { osFetch } from './os-fetch.js';
import { createOutboxIndicator, TRAY_ICON_DATA_URL } from './outbox-indicator.js';
import { shouldPauseSync } from './power-policy.js';
import { watchBattery } from './power-watch.js';
import { refusedNotification } from './refused-notification.js';
import { createSafeStorageVault } from './safe-storage-vault.js';
import { createServicesHost, type WindowLink } from './services-host.js';
import { createShellCommands } from './shell-commands.js';
import { settleWithin } from './settle-within.js';
import { createShellSettingsFile } from './shell-settings.js';
import { windowStateSchema } from './window-state.js';

/**
 * The Electron main process: only wiring. Every decision lives in a pure module next
 * to this one; the services (sync, demo server, token handling) live in core.
 */
const development = !app.isPackaged;
const devServerUrl = development ? process.env['ELECTRON_RENDERER_URL'] : undefined;
const appOrigins = originsFor(devServerUrl);
// `npm start` passes --demo: the built-in demo workspace, in a profile of its own so
// its cache and settings never mix with a real workspace's.
const demoOnly = process.argv.includes('--demo');
if (demoOnly) app.setPath('userData', join(app.getPath('appData'), `${app.name} Demo`));
// The smoke suite (`npm run test:electron`) runs each launch in a fresh profile; a packaged app ignores this.
const profileDir = app.isPackaged ? undefined : process.env['OUTPOST_PROFILE_DIR'];
if (profileDir) app.setPath('userData', profileDir);
// One rotating log per workspace in the data folder, every line through the redactor;
// the redactor learns each token and client secret the app is given.
const redactor = createRedactor();
const logs = createWorkspaceLogs({ dir: join(app.getPath('userData'), 'logs'), level: 'info', redactor, console: development ? 'info' : false });
const log = logs.log;
process.on('unhandledRejection', (reason) => logs.uncaught(reason, 'rejection'));
// Crashpad from the start, uploads off: reports stay in the crashDumps folder.
startLocalCrashReports(crashReporter, 'Outpost');
// Windows ties notifications and the taskbar to this id: electron-builder.yml's appId.
if (process.platform === 'win32') app.setAppUserModelId('app.outpost.desktop');
/** How long quitting waits for the services to stop (journal flush, demo server). */
const QUIT_GRACE_MS = 5_000;

// Before `ready`: the app's own scheme, and every renderer sandboxed whatever its options say.
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES, MEDIA_SCHEME_PRIVILEGES]);
app.enableSandbox();

app.on('web-contents-created', (_event, contents) => {
  hardenWebContents(contents, { appOrigins, shell, log: (message) => log.warn(message) });
});

// Until main() has opened the first window, "show the window" does nothing: the window
// is on its way, and a second launch or a tray click during start must not open another.
let showWindow: () => void = () => undefined;

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // At once, not after start: a second launch during start would otherwise go unheard.
  app.on('second-instance', () => showWindow());
  // `.catch`, not a second `then` argument: that one never sees main() itself fail.
  app.whenReady().then(main).catch(fail);
}

function fail(error: unknown): void {
  log.error('Outpost could not start', { error: error instanceof Error ? error.message : String(error) });
  dialog.showErrorBox('Outpost could not start', error instanceof Error ? error.message : String(error));
  app.exit(1);
}

async function main(): Promise<void> {
  tuneMainHeap();
  const dataDir = app.getPath('userData');
  const rendererDir = join(import.meta.dirname, '../renderer');
  const preload = join(import.meta.dirname, '../preload/index.cjs');
  registerAppProtocol(protocol, net, rendererDir);
  hardenSession(session.defaultSession, appOrigins);

  const settingsFile = createShellSettingsFile(dataDir);
  let settings = await settingsFile.load();
  const vault = createSafeStorageVault(safeStorage, dataDir, { allowPlainText: () => settings.allowPlainTextSecrets });
  vault.prepare();
  const connection = createConnectionFile(dataDir, vault);

  logs.setLevel(settings.logLevel);
  const icons = iconFiles(iconDir({ packaged: app.isPackaged, resourcesPath: process.resourcesPath, appRoot: join(import.meta.dirname, '../..') }), process.platform);
  let tray: Tray | null = null;
  try {
    // The generated icon where `npm run icons` ran (always in a package); a plain dot otherwise.
    const image = existsSync(icons.tray)
      ? nativeImage.createFromPath(icons.tray).resize({ width: icons.traySize, height: icons.traySize, quality: 'best' })
      : nativeImage.createFromDataURL(TRAY_ICON_DATA_URL);
    tray = new Tray(image);
  } catch (error) {
    log.warn('no tray on this desktop', { error: String(error) });
  }
  const indicator = createOutboxIndicator({ app, tray });
  const notifier = createNotifier(Notification);
  let win: BrowserWindow | null = null;

  // Logs go to the file of the workspace started last; every secret a workspace is given is taught to the redactor.
  const openWorkspace = (config: ConnectionConfig) => {
    if (config.kind === 'token') redactor.remember(config.token);
    if (config.kind === 'client') redactor.remember(config.clientSecret);
    logs.use(config.kind === 'demo' ? 'demo' : new URL(config.baseUrl).host);
  };
  // Workspaces side by side; a fresh profile opens on the first-run screen (`--demo`: on
  // the demo), a profile from before workspaces keeps its connection, cache and journal.
  const initialWorkspace = async (config: ConnectionConfig) =>
    config.kind !== 'demo' ? { connection: config, legacy: true } : demoOnly ? { connection: config } : null;
  const initial = await initialWorkspace(demoOnly ? { kind: 'demo' } : await connection.load());
  const host = createServicesHost({
    createServices: () =>
      createWorkspaceRegistry({
        rootDir: dataDir,
        vault,
        createServices: (options) => {
          openWorkspace(options.connection);
          return createMainServices(options);
        },
        shell: 'electron',
        log,
        initial,
        // The OS's proxy, PAC and certificate store, as a browser would use them.
        fetch: osFetch(net),
        // A renewed token or secret (`auth.update`) goes to the workspace's vault entry like the first one.
        onSecretNotSaved: (error) => {
          void dialog.showMessageBox({ type: 'warning', message: 'The new token was not saved', detail: error instanceof Error ? error.message : String(error) });
        },
      }),
    onOutboxCount: (count: OutboxCount) => indicator.update(count),
    onRefused: (refusal) => notifier.show(refusedNotification(refusal), () => showWindow()),
    log,
    osOnline: net.isOnline(),
  });
  registerMediaProtocol(protocol, net, (key) => host.mediaFile(key));

  let onBattery = false;
  const applyPower = () => host.setPaused(shouldPauseSync(settings, { onBattery }), 'the computer is on battery power');
  const updateSettings = async (change: Partial<ShellSettings>) => {
    settings = { ...settings, ...change };
    await settingsFile.save(settings);
    vault.prepare();
    applyPower();
    logs.setLevel(settings.logLevel);
    if (change.updateChannel) updates?.setChannel(change.updateChannel);
    buildMenu();
    return settings;
  };
  // Packaged builds only: electron-updater reads the feed from the app-update.yml electron-builder writes.
  const updates = app.isPackaged
    ? createAppUpdates({
        updater: electronUpdater.autoUpdater,
        channel: settings.updateChannel,
        outbox: () => host.outboxState(),
        stopServices: () => host.stopAndReport(),
        relaunch: () => {
          app.relaunch();
          app.quit();
        },
        onState: (state) => host.emit('update.state', state),
        log,
        setInterval,
        clearInterval: (timer) => clearInterval(timer as NodeJS.Timeout),
      })
    : null;
  const buildDiagnostics = async () => {
    const now = new Date();
    const services = host.handlers();
    const sync = await Promise.resolve(services['settings.get']({})).catch(() => null);
    const workspace = await host.diagnostics().catch(() => null);
    const bytes = await buildDiagnosticsArchive({
      versions: { ...runtimeVersions(app.getVersion()), shell: 'electron', os: `${process.platform} ${process.getSystemVersion()}` },
      settings: { shell: settings, sync, connection: await connection.describe() },
      workspaces: workspace ? [workspace] : [],
      logFiles: logs.files(),
      crashDir: app.getPath('crashDumps'),
      redactor,
      now,
    });
    return { name: diagnosticsFileName(now), bytes };
  };
  const saveDiagnostics = () =>
    exportDiagnostics({ dialog, window: win, defaultDir: app.getPath('downloads'), build: buildDiagnostics, writeFile: (path, data) => writeFile(path, data) });
  const shellCommands = createShellCommands({
    settings: { get: () => settings, update: updateSettings },
    vault,
    // Through the registry: connect and sign out act on exactly one workspace.
    workspaces: () => host.handlers() as AppCommandHandlers,
    host,
    power: () => ({ onBattery }),
    reloadWindow: () => {
      if (win && !win.isDestroyed()) win.webContents.reload();
    },
    updates: updates ?? { state: () => ({ status: 'idle', version: null, percent: null, message: 'Updates are checked in the installed app only.' }), install: async () => ({ installing: false, message: 'Updates are installed by the installed app only.' }) },
    exportDiagnostics: saveDiagnostics,
  });

  // The menu's workspace items run the window's own flows ("Add workspace", "Remove
  // workspace" or "Sign in again"): only the window can delete one workspace's database.
  let windowLink: WindowLink | null = null;
  const menuAction = (action: MenuAction) => {
    showWindow();
    windowLink?.emit('menu.action', { action });
  };
  const buildMenu = () => {
    const template = appMenuTemplate({
      platform: process.platform,
      appName: app.name,
      pauseOnBattery: settings.pauseOnBattery,
      development,
      actions: {
        syncNow: () => host.probe(),
        togglePauseOnBattery: (checked) => void updateSettings({ pauseOnBattery: checked }),
        addWorkspace: () => menuAction('add-workspace'),
        signOut: () => menuAction('sign-out'),
        openDataFolder: () => void shell.openPath(dataDir),
        exportDiagnostics: () => void saveDiagnostics().catch((error: unknown) => dialog.showErrorBox('Diagnostics were not exported', String(error))),
      },
    });
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  };
  buildMenu();
  tray?.setContextMenu(
    Menu.buildFromTemplate([
      { label: 'Show Outpost', click: () => showWindow() },
      { label: 'Sync Now', click: () => host.probe() },
      { type: 'separator' },
      { role: 'quit' },
    ]),
  );
  tray?.on('click', () => showWindow());

  const windowStateFile = join(dataDir, 'window-state.json');
  const savedState = await readJsonFile(windowStateFile, windowStateSchema.nullable(), null);
  let lastSavedState = savedState;
  const createWindow = () =>
    openMainWindow({
      BrowserWindow,
      screen,
      appOrigins,
      entryUrl: devServerUrl ?? APP_ENTRY_URL,
      preload,
      devTools: development,
      ...(icons.window && existsSync(icons.window) ? { icon: icons.window } : {}),
      savedState: lastSavedState,
      saveState: (state) => {
        lastSavedState = state;
        void writeJsonFile(windowStateFile, state).catch(() => log.warn('could not save the window state'));
      },
      host,
      shellCommands,
      onLink: (link) => {
        windowLink = link;
      },
      onLoadFailure: ({ title, detail }) => {
        log.error(title, { detail });
        dialog.showErrorBox(title, detail);
      },
    });

  await host.start(demoOnly ? { kind: 'demo' } : await connection.load());
  watchBattery(powerMonitor, (value) => {
    onBattery = value;
    applyPower();
  });
  watchConnectivity({ net, powerMonitor, target: host, setInterval, clearInterval: (t) => clearInterval(t as NodeJS.Timeout) });
  win = createWindow();
  updates?.start();
  showWindow = () => {
    if (!win || win.isDestroyed()) win = createWindow();
    if (win.isMinimized()) win.restore();
    win.show();
    win.focus();
  };

  app.on('activate', () => showWindow());
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let stopped = false;
  app.on('will-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    updates?.stop();
    let final: Awaited<ReturnType<typeof host.stopAndReport>> = null;
    const stopping = host.stopAndReport().then((state) => void (final = state));
    void settleWithin(stopping, QUIT_GRACE_MS, setTimeout).then((outcome) => {
      if (outcome !== 'done') log.warn('quitting before the services stopped', { outcome });
      stopped = true;
      // A downloaded update installs on quit only if the services stopped with no edit on the wire or uncertain.
      if (outcome === 'done' && updates?.installOnQuit(final)) return;
      app.quit();
    });
  });
}
