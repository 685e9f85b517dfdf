import type { BrowserWindow, BrowserWindowConstructorOptions, Screen } from 'electron';
import { createStorePeer, serveCommands, watchServing, type ShellCommandHandlers } from '../../src-shared/bridge/index.js';
import { createIpcTransport } from './ipc-transport.js';
import { loadFailure, type LoadFailure } from './load-failure.js';
import { isTrustedSender } from './sender-policy.js';
import type { ServicesHost, WindowLink } from './services-host.js';
import { mainWindowOptions } from './window-options.js';
import { restoreWindowState, windowStateToSave, type WindowState } from './window-state.js';

export interface MainWindowDeps {
  readonly BrowserWindow: new (options: BrowserWindowConstructorOptions) => BrowserWindow;
  readonly screen: Pick<Screen, 'getAllDisplays' | 'getPrimaryDisplay'>;
  readonly appOrigins: readonly string[];
  readonly entryUrl: string;
  readonly preload: string;
  readonly devTools: boolean;
  /** The window icon, generated from build/icon.svg (undefined: Electron's own). */
  readonly icon?: string;
  readonly savedState: WindowState | null;
  readonly saveState: (state: WindowState) => void;
  readonly host: ServicesHost;
  readonly shellCommands: ShellCommandHandlers;
  /** The page could not be loaded (a missing build, a refused URL): tell the user. */
  readonly onLoadFailure: (failure: LoadFailure) => void;
  /** The window's line for events, whether or not its page serves a store (null once closed): the menu's actions use it. */
  readonly onLink?: (link: WindowLink | null) => void;
}

/**
 * Opens the app window and connects it (navigation guards are set for every
 * webContents at creation, see index.ts): the bridge over IPC (the
 * engine is attached only once the page serves its store, and detached as soon as the
 * page navigates, reloads or crashes), and the window's place saved on close.
 */
export function openMainWindow(deps: MainWindowDeps): BrowserWindow {
  const { appOrigins, host } = deps;
  const state = restoreWindowState(
    deps.savedState,
    deps.screen.getAllDisplays().map((display) => display.workArea),
    deps.screen.getPrimaryDisplay().workArea,
  );
  const win = new deps.BrowserWindow(
    mainWindowOptions({ preload: deps.preload, devTools: deps.devTools, ...(deps.icon ? { icon: deps.icon } : {}), bounds: { x: state.x, y: state.y, width: state.width, height: state.height } }),
  );
  const contents = win.webContents;

  // One transport per window, for its whole life (reloads included): calls are
  // answered all along; the store is used through a peer per attachment, so a reply
  // meant for the page before a reload can never reach the next one.
  const isTrusted = (frame: Parameters<typeof isTrustedSender>[0]) => isTrustedSender(frame, appOrigins);
  const transport = createIpcTransport({ contents, ipc: contents.ipc, isTrusted });
  let lastId = 0;
  const nextId = () => ++lastId;
  const link: WindowLink = {
    makePeer: () => createStorePeer(transport, { nextId }),
    emit: (name, data) => transport.send({ t: 'event', name, data }),
  };
  deps.onLink?.(link);
  const stopCommands = serveCommands(transport, () => ({ ...host.handlers(), ...deps.shellCommands }));
  const stopServing = watchServing(transport, (serving) => host.setWindow(serving ? link : null));
  contents.on('did-start-navigation', (details) => {
    if (details.isMainFrame && !details.isSameDocument) host.setWindow(null);
  });
  contents.on('render-process-gone', () => host.setWindow(null));

  // Maximizing a hidden window shows it at once on some platforms, before its first
  // paint: wait for the page, as the show itself does.
  win.once('ready-to-show', () => {
    if (state.maximized) win.maximize();
    win.show();
  });
  win.on('close', () => deps.saveState(windowStateToSave(win.getNormalBounds(), win.isMaximized())));
  win.on('closed', () => {
    deps.onLink?.(null);
    host.setWindow(null);
    stopCommands();
    stopServing();
    transport.close();
  });
  win.loadURL(deps.entryUrl).catch((error: unknown) => {
    const failure = loadFailure(error, deps.entryUrl);
    if (failure) deps.onLoadFailure(failure);
  });
  return win;
}
