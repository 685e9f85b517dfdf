import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWireBridge } from '../../../src-shared/bridge/index.js';
import { IPC_CHANNELS } from '../../../src-main/preload/ipc-channels.js';
import { createPreloadTransport } from '../../../src-main/preload/preload-transport.js';
import { createFakeIpc } from './fake-ipc.js';
import { fakeSafeStorage } from './fake-safe-storage.js';

/**
 * The Electron entry point against a mocked `electron` module and stand-in services:
 * what it does before `ready`, the window it opens, the guards it installs.
 */
const h = vi.hoisted(() => ({ electron: {} as Record<string, unknown>, services: [] as unknown[], createMainServices: null as unknown }));

vi.mock('electron', () => h.electron);
vi.mock('../../../src-main/core/services.js', () => ({ createMainServices: (...args: unknown[]) => (h.createMainServices as (...a: unknown[]) => unknown)(...args) }));

let userData: string;
type FakeWindowControls = Record<'show' | 'focus' | 'restore', ReturnType<typeof vi.fn>> & { minimized: boolean };
const windows: { options: Record<string, unknown>; loaded: string[]; ipc: ReturnType<typeof createFakeIpc>; controls: FakeWindowControls; win: Record<string, any> }[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any

function fakeElectron(options: { singleInstance: boolean; whenReady?: () => Promise<void>; loadURL?: (url: string) => Promise<void> }) {
  const app = Object.assign(new EventEmitter(), {
    isPackaged: false,
    name: 'Outpost',
    getPath: vi.fn(() => userData),
    setPath: vi.fn(),
    enableSandbox: vi.fn(),
    requestSingleInstanceLock: vi.fn(() => options.singleInstance),
    whenReady: vi.fn(options.whenReady ?? (() => Promise.resolve())),
    setAppUserModelId: vi.fn(),
    quit: vi.fn(),
    exit: vi.fn(),
    setBadgeCount: vi.fn(),
  });
  class BrowserWindow extends EventEmitter {
    webContents: object;
    constructor(windowOptions: Record<string, unknown>) {
      super();
      const ipc = createFakeIpc();
      const controls: FakeWindowControls = { show: vi.fn(), focus: vi.fn(), restore: vi.fn(), minimized: false };
      const record = { options: windowOptions, loaded: [] as string[], ipc, controls, win: this as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
      windows.push(record);
      this.webContents = Object.assign(new EventEmitter(), { ipc: ipc.mainIpc, send: ipc.contents.send, isDestroyed: () => false, reload: vi.fn() });
      Object.assign(this, {
        loadURL: vi.fn(async (url: string) => {
          record.loaded.push(url);
          await options.loadURL?.(url);
        }),
        maximize: vi.fn(),
        show: controls.show,
        focus: controls.focus,
        restore: controls.restore,
        isMinimized: () => controls.minimized,
        isDestroyed: () => false,
        isMaximized: () => false,
        getNormalBounds: () => ({ x: 0, y: 0, width: 1280, height: 800 }),
      });
    }
  }
  const session = {
    defaultSession: {
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
      setDevicePermissionHandler: vi.fn(),
      clearStorageData: vi.fn(async () => undefined),
    },
  };
  class Tray extends EventEmitter {
    setToolTip = vi.fn();
    setTitle = vi.fn();
    setContextMenu = vi.fn();
  }
  class Notification extends EventEmitter {
    static isSupported = () => true;
    show = vi.fn();
  }
  const area = { x: 0, y: 0, width: 1920, height: 1080 };
  Object.assign(h.electron, {
    app,
    BrowserWindow,
    session,
    Tray,
    Notification,
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
    Menu: { setApplicationMenu: vi.fn(), buildFromTemplate: vi.fn((template: unknown) => template) },
    nativeImage: { createFromDataURL: vi.fn(() => ({})), createFromPath: vi.fn(() => ({ resize: () => ({}) })) },
    crashReporter: { start: vi.fn() },
    net: { isOnline: () => true, fetch: vi.fn(async () => new Response('{}')) },
    powerMonitor: Object.assign(new EventEmitter(), { isOnBatteryPower: () => false }),
    safeStorage: fakeSafeStorage('gnome_libsecret'),
    screen: { getAllDisplays: () => [{ workArea: area }], getPrimaryDisplay: () => ({ workArea: area }) },
    shell: { openExternal: vi.fn(async () => undefined), openPath: vi.fn() },
    dialog: { showErrorBox: vi.fn(), showMessageBox: vi.fn() },
  });
  return h.electron as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

function fakeServices(overrides: { start?: () => Promise<void>; stop?: () => Promise<void> } = {}) {
  return {
    handlers: { 'sync.now': vi.fn(() => ({ started: true })) },
    attach: vi.fn(),
    detach: vi.fn(),
    start: vi.fn(overrides.start ?? (async () => undefined)),
    stop: vi.fn(overrides.stop ?? (async () => undefined)),
    info: vi.fn(),
    whenSettled: vi.fn(),
  };
}

/** A promise a test settles when it chooses. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}

/** A profile whose user chose the demo workspace before: its services start with the app. */
const DEMO_ID = 'demo-abc123';
async function withDemoWorkspace(): Promise<void> {
  const record = { id: DEMO_ID, name: 'Demo workspace', connection: { kind: 'demo' }, addedAt: '2024-01-01T00:00:00.000Z' };
  await writeFile(join(userData, 'workspaces.json'), JSON.stringify({ version: 1, active: DEMO_ID, workspaces: [record] }));
}

beforeEach(async () => {
  userData = await mkdtemp(join(tmpdir(), 'outpost-main-'));
  windows.length = 0;
  for (const key of Object.keys(h.electron)) delete h.electron[key];
  h.createMainServices = vi.fn(() => fakeServices());
  vi.resetModules();
});

afterEach(async () => {
  vi.useRealTimers();
  await rm(userData, { recursive: true, force: true });
});

describe('Electron main process', () => {
  it('opens one hardened, sandboxed window on the app protocol', async () => {
    const electron = fakeElectron({ singleInstance: true });
    await import('../../../src-main/electron/index.js');
    await until(() => windows.length === 1 && windows[0]!.loaded.length === 1);

    expect(electron.app.enableSandbox).toHaveBeenCalled();
    // Crash reports stay local; the logs are in the data folder.
    expect(electron.crashReporter.start).toHaveBeenCalledWith(expect.objectContaining({ uploadToServer: false }));
    expect(existsSync(join(userData, 'logs'))).toBe(true);
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
      { scheme: 'outpost-media', privileges: { standard: true, secure: true, stream: true } },
    ]);
    expect(electron.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
    expect(electron.protocol.handle).toHaveBeenCalledWith('outpost-media', expect.any(Function));
    const { options, loaded, ipc } = windows[0]!;
    expect(loaded).toEqual(['app://outpost/index.html']);
    expect(options['webPreferences']).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      // No Hunspell dictionaries downloaded from Google at first launch.
      spellcheck: false,
      preload: expect.stringMatching(/preload[\\/]index\.cjs$/),
    });
    // The bridge: one IPC channel, commands of both sets answered through it.
    expect(ipc.handlers.size).toBe(0);
    expect(ipc.listenerCount(IPC_CHANNELS.wire)).toBe(1);
    const bridge = createWireBridge(createPreloadTransport(ipc.rendererIpc));
    // A fresh profile opens on the first-run screen: no workspace, so no services yet,
    // and a command that needs a workspace says so rather than reaching none.
    expect(await bridge.call('workspaces.list', {})).toEqual({ ok: true, data: { workspaces: [], active: null } });
    expect(await bridge.call('sync.now', {})).toMatchObject({ ok: false, error: { code: 'SignInNeeded' } });
    expect(await bridge.shell.call('shell.state', {})).toMatchObject({ ok: true, data: { vault: { secure: true, backend: 'gnome_libsecret' } } });
    expect(h.createMainServices).not.toHaveBeenCalled();
    expect(electron.Menu.setApplicationMenu).toHaveBeenCalled();
  });

  it('denies permissions by default and guards every web contents it creates', async () => {
    const electron = fakeElectron({ singleInstance: true });
    await import('../../../src-main/electron/index.js');
    await until(() => windows.length === 1);

    const request = electron.session.defaultSession.setPermissionRequestHandler.mock.calls[0][0];
    const answers: boolean[] = [];
    request({ getURL: () => 'app://outpost/index.html' }, 'media', (granted: boolean) => answers.push(granted), { requestingUrl: 'app://outpost/index.html' });
    request({ getURL: () => 'app://outpost/index.html' }, 'persistent-storage', (granted: boolean) => answers.push(granted), { requestingUrl: 'app://outpost/index.html' });
    expect(answers).toEqual([false, true]);
    const check = electron.session.defaultSession.setPermissionCheckHandler.mock.calls[0][0];
    expect(check(null, 'geolocation', 'app://outpost')).toBe(false);

    const contents = Object.assign(new EventEmitter(), { setWindowOpenHandler: vi.fn() });
    electron.app.emit('web-contents-created', {}, contents);
    const open = contents.setWindowOpenHandler.mock.calls[0]![0] as (details: { url: string }) => { action: string };
    expect(open({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(electron.shell.openExternal).toHaveBeenCalledWith('https://example.com/');
    expect(open({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
    expect(electron.shell.openExternal).toHaveBeenCalledTimes(1);

    const navigation = { preventDefault: vi.fn() };
    contents.emit('will-navigate', navigation, 'javascript:alert(1)');
    expect(navigation.preventDefault).toHaveBeenCalled();
    const internal = { preventDefault: vi.fn() };
    contents.emit('will-navigate', internal, 'app://outpost/index.html#/tasks');
    expect(internal.preventDefault).not.toHaveBeenCalled();
    const webview = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', webview);
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('quits at once when another instance already runs', async () => {
    const electron = fakeElectron({ singleInstance: false });
    await import('../../../src-main/electron/index.js');
    await until(() => electron.app.quit.mock.calls.length > 0);
    expect(electron.app.quit).toHaveBeenCalledTimes(1);
    expect(electron.app.whenReady).not.toHaveBeenCalled();
    expect(windows).toEqual([]);
  });

  it('brings the window back when a second instance starts', async () => {
    const electron = fakeElectron({ singleInstance: true });
    await import('../../../src-main/electron/index.js');
    await until(() => electron.app.listenerCount('second-instance') === 1 && windows.length === 1);
    const { controls } = windows[0]!;
    controls.show.mockClear();
    controls.focus.mockClear();
    electron.app.emit('second-instance');
    expect(windows).toHaveLength(1);
    expect(controls.show).toHaveBeenCalledTimes(1);
    expect(controls.focus).toHaveBeenCalledTimes(1);
    expect(controls.restore).not.toHaveBeenCalled();
    // A minimized window is restored first.
    controls.minimized = true;
    electron.app.emit('second-instance');
    expect(controls.restore).toHaveBeenCalledTimes(1);
    expect(controls.show).toHaveBeenCalledTimes(2);
    expect(controls.focus).toHaveBeenCalledTimes(2);
    expect(windows).toHaveLength(1);
  });
});

describe('Electron main process: start and quit', () => {
  it('shows a startup failure and exits, releasing the single-instance lock', async () => {
    await withDemoWorkspace();
    h.createMainServices = vi.fn(() => fakeServices({ start: () => Promise.reject(new Error('the data folder is read-only')) }));
    const electron = fakeElectron({ singleInstance: true });
    await import('../../../src-main/electron/index.js');
    await until(() => electron.app.exit.mock.calls.length === 1);
    expect(electron.app.exit).toHaveBeenCalledWith(1);
    expect(electron.dialog.showErrorBox).toHaveBeenCalledWith('Outpost could not start', 'the data folder is read-only');
  });

  it('hears a second launch from the moment it holds the lock, before ready', async () => {
    const ready = deferred();
    const electron = fakeElectron({ singleInstance: true, whenReady: () => ready.promise });
    await import('../../../src-main/electron/index.js');
    expect(electron.app.listenerCount('second-instance')).toBe(1);
    electron.app.emit('second-instance');
    expect(windows).toEqual([]);
    ready.resolve();
    await until(() => windows.length === 1);
  });

  it('opens one window, not two, when the tray is clicked during start', async () => {
    await withDemoWorkspace();
    const started = deferred();
    h.createMainServices = vi.fn(() => fakeServices({ start: () => started.promise }));
    fakeElectron({ singleInstance: true });
    const trays: EventEmitter[] = [];
    const Tray = h.electron['Tray'] as new () => EventEmitter;
    h.electron['Tray'] = class extends Tray {
      constructor() {
        super();
        trays.push(this);
      }
    };
    await import('../../../src-main/electron/index.js');
    await until(() => trays.length === 1 && trays[0]!.listenerCount('click') === 1);
    trays[0]!.emit('click');
    expect(windows).toEqual([]);
    started.resolve();
    await until(() => windows.length === 1);
    trays[0]!.emit('click');
    expect(windows).toHaveLength(1);
  });

  it('quits within a few seconds even when the services never finish stopping', async () => {
    await withDemoWorkspace();
    h.createMainServices = vi.fn(() => fakeServices({ stop: () => new Promise(() => undefined) }));
    const electron = fakeElectron({ singleInstance: true });
    await import('../../../src-main/electron/index.js');
    await until(() => windows.length === 1 && electron.app.listenerCount('will-quit') === 1);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const event = { preventDefault: vi.fn() };
    electron.app.emit('will-quit', event);
    expect(event.preventDefault).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(electron.app.quit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(electron.app.quit).toHaveBeenCalledTimes(1);
    // The second will-quit (from that quit) goes through.
    const again = { preventDefault: vi.fn() };
    electron.app.emit('will-quit', again);
    expect(again.preventDefault).not.toHaveBeenCalled();
  });
});

describe('Electron main process: network, window and platform', () => {
  it('gives the services Electron’s net.fetch (the OS proxy and certificates)', async () => {
    await withDemoWorkspace();
    const electron = fakeElectron({ singleInstance: true });
    await import('../../../src-main/electron/index.js');
    await until(() => windows.length === 1);
    const options = (h.createMainServices as ReturnType<typeof vi.fn>).mock.calls[0]![0] as { fetch: typeof fetch };
    await options.fetch(new URL('https://tenant.example/api/v1/users'));
    expect(electron.net.fetch).toHaveBeenCalledWith('https://tenant.example/api/v1/users', undefined);
    expect(h.createMainServices).toHaveBeenCalledTimes(1);
    expect(h.createMainServices).toHaveBeenCalledWith(expect.objectContaining({ connection: { kind: 'demo' }, shell: 'electron', dataDir: join(userData, 'workspaces', DEMO_ID) }));
    const bridge = createWireBridge(createPreloadTransport(windows[0]!.ipc.rendererIpc));
    expect(await bridge.call('sync.now', {})).toEqual({ ok: true, data: { started: true } });
  });

  it('shows a page that failed to load instead of leaving an empty window', async () => {
    const failure = Object.assign(new Error('ERR_FILE_NOT_FOUND (-6) loading app://outpost/index.html'), { code: 'ERR_FILE_NOT_FOUND', errno: -6 });
    const electron = fakeElectron({ singleInstance: true, loadURL: () => Promise.reject(failure) });
    await import('../../../src-main/electron/index.js');
    await until(() => electron.dialog.showErrorBox.mock.calls.length === 1);
    expect(electron.dialog.showErrorBox.mock.calls[0]).toEqual(['Outpost could not load its window', expect.stringContaining('ERR_FILE_NOT_FOUND')]);
  });

  it('maximizes a window that was maximized only once it is ready to show', async () => {
    await writeFile(join(userData, 'window-state.json'), JSON.stringify({ x: 0, y: 0, width: 1280, height: 800, maximized: true }));
    fakeElectron({ singleInstance: true });
    await import('../../../src-main/electron/index.js');
    await until(() => windows.length === 1 && windows[0]!.loaded.length === 1);
    const win = windows[0]!.win as EventEmitter & Record<string, ReturnType<typeof vi.fn>>;
    expect(win['maximize']).not.toHaveBeenCalled();
    win.emit('ready-to-show');
    expect(win['maximize']).toHaveBeenCalled();
    expect(win['maximize']!.mock.invocationCallOrder[0]).toBeLessThan(win['show']!.mock.invocationCallOrder[0]!);
  });

  it.each([
    ['win32', 1],
    ['linux', 0],
  ] as const)('sets the app user model id on %s', async (platform, times) => {
    const original = process.platform;
    Object.defineProperty(process, 'platform', { value: platform });
    try {
      const electron = fakeElectron({ singleInstance: true });
      await import('../../../src-main/electron/index.js');
      expect(electron.app.setAppUserModelId).toHaveBeenCalledTimes(times);
      if (times) expect(electron.app.setAppUserModelId).toHaveBeenCalledWith('app.outpost.desktop');
      await until(() => windows.length === 1);
    } finally {
      Object.defineProperty(process, 'platform', { value: original });
    }
  });

  it('routes the menu’s workspace items to the window, and connect and sign out through the registry, never clearing all storage', async () => {
    await withDemoWorkspace();
    h.createMainServices = vi.fn(() => {
      const services = fakeServices();
      return { ...services, handlers: { ...services.handlers, 'sync.status': () => ({ authNeeded: false }) } };
    });
    const electron = fakeElectron({ singleInstance: true });
    await import('../../../src-main/electron/index.js');
    await until(() => windows.length === 1);
    const { ipc, win } = windows[0]!;
    const bridge = createWireBridge(createPreloadTransport(ipc.rendererIpc));
    const actions: string[] = [];
    bridge.on('menu.action', ({ action }) => actions.push(action));

    const template = electron.Menu.setApplicationMenu.mock.calls.at(-1)[0] as { label?: string; submenu?: unknown }[];
    const items = template.flatMap((item) => (Array.isArray(item.submenu) ? (item.submenu as { label?: string; click?: () => void }[]) : []));
    items.find((i) => i.label === 'Add Workspace…')!.click!();
    items.find((i) => i.label === 'Sign Out…')!.click!();
    await until(() => actions.length === 2);
    expect(actions).toEqual(['add-workspace', 'sign-out']);
    expect(electron.dialog.showMessageBox).not.toHaveBeenCalled();

    const connected = await bridge.shell.call('shell.connect', { kind: 'token', baseUrl: 'https://t.example', token: 'tok' });
    expect(connected).toEqual({ ok: true, data: { connected: true } });
    const list = await bridge.call('workspaces.list', {});
    expect(list.ok && list.data.workspaces.map((w) => w.kind)).toEqual(['demo', 'token']);
    expect(win['webContents'].reload).toHaveBeenCalledTimes(1);

    // Signing out of the demo removes exactly it; the token workspace stays.
    await bridge.call('workspaces.switch', { id: DEMO_ID });
    expect(await bridge.shell.call('shell.signOut', { clearCache: false })).toEqual({ ok: true, data: { signedOut: true, cacheCleared: true } });
    const after = await bridge.call('workspaces.list', {});
    expect(after.ok && after.data.workspaces.map((w) => w.kind)).toEqual(['token']);
    expect(electron.session.defaultSession.clearStorageData).not.toHaveBeenCalled();
  });
});
