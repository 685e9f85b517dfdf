import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  syncNow(): void;
  togglePauseOnBattery(checked: boolean): void;
  /** Opens the window's connect form. */
  addWorkspace(): void;
  /** Asks, in the window, whether to sign in again or remove the open workspace. */
  signOut(): void;
  openDataFolder(): void;
  exportDiagnostics(): void;
}

/**
 * The application menu: the platform's usual roles (so copy/paste, undo, zoom, window
 * management and quit work as everywhere else) plus the app's own Sync items. Reload
 * and developer tools only in development: a reload is harmless, but the console is
 * not for users of a packaged app.
 */
export function appMenuTemplate(options: {
  readonly platform: NodeJS.Platform;
  readonly appName: string;
  readonly pauseOnBattery: boolean;
  readonly development: boolean;
  readonly actions: MenuActions;
}): MenuItemConstructorOptions[] {
  const { platform, appName, pauseOnBattery, development, actions } = options;
  const mac = platform === 'darwin';
  const syncItems: MenuItemConstructorOptions[] = [
    { label: 'Sync Now', accelerator: 'CmdOrCtrl+Shift+S', click: () => actions.syncNow() },
    {
      label: 'Pause Sync on Battery Power',
      type: 'checkbox',
      checked: pauseOnBattery,
      click: (item) => actions.togglePauseOnBattery(item.checked),
    },
    { type: 'separator' },
    { label: 'Add Workspace…', accelerator: 'CmdOrCtrl+Shift+N', click: () => actions.addWorkspace() },
    { label: 'Sign Out…', click: () => actions.signOut() },
  ];
  const template: MenuItemConstructorOptions[] = [];
  if (mac) {
    template.push({
      label: appName,
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  }
  template.push(
    { label: mac ? 'File' : '&File', submenu: [...syncItems, { type: 'separator' }, mac ? { role: 'close' } : { role: 'quit' }] },
    { role: 'editMenu' },
    {
      label: mac ? 'View' : '&View',
      submenu: [
        ...(development ? ([{ role: 'reload' }, { role: 'toggleDevTools' }, { type: 'separator' }] as MenuItemConstructorOptions[]) : []),
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        { label: 'Export Diagnostics…', click: () => actions.exportDiagnostics() },
        { label: 'Show Data Folder', click: () => actions.openDataFolder() },
        ...(mac ? [] : [{ role: 'about' } as MenuItemConstructorOptions]),
      ],
    },
  );
  return template;
}
