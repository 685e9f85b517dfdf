import type { BrowserWindowConstructorOptions } from 'electron';

export interface WindowBounds {
  readonly x?: number;
  readonly y?: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The app window's options. The web preferences are the Electron security checklist:
 * isolated, sandboxed, no Node anywhere in the page, web security on, no webviews, no
 * experimental or Blink features switched on. The preload is the only bridge.
 */
export function mainWindowOptions(options: {
  readonly preload: string;
  readonly bounds: WindowBounds;
  readonly devTools: boolean;
  readonly title?: string;
}): BrowserWindowConstructorOptions {
  return {
    ...options.bounds,
    minWidth: 720,
    minHeight: 480,
    title: options.title ?? 'Outpost',
    show: false,
    backgroundColor: '#ffffff',
    autoHideMenuBar: false,
    webPreferences: {
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      // Chromium would download Hunspell dictionaries from Google at first use (Linux, Windows).
      spellcheck: false,
      devTools: options.devTools,
    },
  };
}
