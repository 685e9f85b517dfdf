import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMMAND_NAMES, SHELL_COMMAND_NAMES } from '../../../src-shared/bridge/index.js';
import { createFakeIpc } from './fake-ipc.js';

/**
 * The Electron entry point against a mocked `electron` module and stand-in services:
 * what it does before `ready`, the window it opens, the guards it installs.
 */
const h = vi.hoisted(() => ({ electron: {} as Record<string, unknown>, services: [] as unknown[], createMainServices: null as unknown }));

vi.mock('electron', () => h.electron);
vi.mock('../../../src-main/core/services.js', () => ({ createMainServices: (...args: unknown[]) => (h.createMainServices as (...a: unknown[]) => unknown)(...args) }));

let userData: string;
const windows: { options: Record<string, unknown>; loaded: string[]; ipc: ReturnType<typeof createFakeIpc> }[] = [];

function fakeElectron(options: { singleInstance: boolean }) {
  const app = Object.assign(new EventEmitter(), {
    isPackaged: false,
    name: 'Outpost',
    getPath: vi.fn(() => userData),
    setPath: vi.fn(),
    enableSandbox: vi.fn(),
    requestSingleInstanceLock: vi.fn(() => options.singleInstance),
    whenReady: vi.fn(() => Promise.resolve()),
    quit: vi.fn(),
    exit: vi.fn(),
    setBadgeCount: vi.fn(),
  });
  class BrowserWindow extends EventEmitter {
    webContents: object;
    constructor(windowOptions: Record<string, unknown>) {
      super();
      const ipc = createFakeIpc();
      const record = { options: windowOptions, loaded: [] as string[], ipc };
      windows.push(record);
      this.webContents = Object.assign(new EventEmitter(), { ipc: ipc.mainIpc, send: ipc.contents.send, isDestroyed: () => false, reload: vi.fn() });
      Object.assign(this, {
        loadURL: vi.fn(async (url: string) => void record.loaded.push(url)),
        maximize: vi.fn(),
        show: vi.fn(),
        focus: vi.fn(),
        isMinimized: () => false,
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
  class Tray {
    setToolTip = vi.fn();
    setTitle = vi.fn();
    setContextMenu = vi.fn();
    on = vi.fn();
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
    nativeImage: { createFromDataURL: vi.fn(() => ({})) },
    net: { isOnline: () => true, fetch: vi.fn() },
    powerMonitor: Object.assign(new EventEmitter(), { isOnBatteryPower: () => false }),
    safeStorage: { isEncryptionAvailable: () => true, getSelectedStorageBackend: () => 'gnome_libsecret', encryptString: (s: string) => Buffer.from(s), decryptString: (b: Buffer) => b.toString() },
    screen: { getAllDisplays: () => [{ workArea: area }], getPrimaryDisplay: () => ({ workArea: area }) },
    shell: { openExternal: vi.fn(async () => undefined), openPath: vi.fn() },
    dialog: { showErrorBox: vi.fn(), showMessageBox: vi.fn() },
  });
  return h.electron as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

function fakeServices() {
  return { handlers: {}, attach: vi.fn(), detach: vi.fn(), start: vi.fn(async () => undefined), stop: vi.fn(async () => undefined), info: vi.fn(), whenSettled: vi.fn() };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(condition()).toBe(true);
}

beforeEach(async () => {
  userData = await mkdtemp(join(tmpdir(), 'outpost-main-'));
  windows.length = 0;
  for (const key of Object.keys(h.electron)) delete h.electron[key];
  h.createMainServices = vi.fn(() => fakeServices());
  vi.resetModules();
});

afterEach(async () => {
  await rm(userData, { recursive: true, force: true });
});

describe('Electron main process', () => {
  it('opens one hardened, sandboxed window on the app protocol', async () => {
    const electron = fakeElectron({ singleInstance: true });
    await import('../../../src-main/electron/index.js');
    await until(() => windows.length === 1 && windows[0]!.loaded.length === 1);

    expect(electron.app.enableSandbox).toHaveBeenCalled();
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
    ]);
    expect(electron.protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
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
      preload: expect.stringMatching(/preload[\\/]index\.cjs$/),
    });
    expect([...ipc.handlers.keys()].sort()).toEqual([...COMMAND_NAMES, ...SHELL_COMMAND_NAMES].sort());
    // A fresh profile opens on the first-run screen: no workspace, so no services yet.
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
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(electron.app.quit).toHaveBeenCalled();
    expect(electron.app.whenReady).not.toHaveBeenCalled();
    expect(windows).toEqual([]);
  });

  it('brings the window back when a second instance starts', async () => {
    const electron = fakeElectron({ singleInstance: true });
    await import('../../../src-main/electron/index.js');
    await until(() => electron.app.listenerCount('second-instance') === 1);
    electron.app.emit('second-instance');
    expect(windows).toHaveLength(1);
  });
});
