import type { BrowserWindow, BrowserWindowConstructorOptions, Screen } from 'electron';
import type { ShellCommandHandlers } from '../../src-shared/bridge/index.js';
import { IPC_CHANNELS } from '../preload/ipc-channels.js';
import { registerCommandHandlers } from './ipc-commands.js';
import { createIpcPeer } from './ipc-peer.js';
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
  readonly savedState: WindowState | null;
  readonly saveState: (state: WindowState) => void;
  readonly host: ServicesHost;
  readonly shellCommands: ShellCommandHandlers;
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
    mainWindowOptions({ preload: deps.preload, devTools: deps.devTools, bounds: { x: state.x, y: state.y, width: state.width, height: state.height } }),
  );
  if (state.maximized) win.maximize();
  const contents = win.webContents;

  const isTrusted = (frame: Parameters<typeof isTrustedSender>[0]) => isTrustedSender(frame, appOrigins);
  let lastId = 0;
  const link: WindowLink = {
    makePeer: () => createIpcPeer({ contents, ipc: contents.ipc, isTrusted, nextId: () => ++lastId }),
    emit: (name, data) => {
      if (!contents.isDestroyed()) contents.send(IPC_CHANNELS.event, name, data);
    },
  };
  contents.ipc.on(IPC_CHANNELS.storeServing, (event, serving: unknown) => {
    if (!isTrusted(event.senderFrame)) return;
    host.setWindow(serving === true ? link : null);
  });
  contents.on('did-start-navigation', (details) => {
    if (details.isMainFrame && !details.isSameDocument) host.setWindow(null);
  });
  contents.on('render-process-gone', () => host.setWindow(null));
  const unregister = registerCommandHandlers(contents.ipc, {
    isTrusted,
    commands: () => host.handlers(),
    shellCommands: deps.shellCommands,
  });

  win.once('ready-to-show', () => win.show());
  win.on('close', () => deps.saveState(windowStateToSave(win.getNormalBounds(), win.isMaximized())));
  win.on('closed', () => {
    host.setWindow(null);
    unregister();
  });
  void win.loadURL(deps.entryUrl);
  return win;
}
