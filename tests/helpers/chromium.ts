/** Debian's Chromium: every browser of the project runs it (Playwright's own builds cannot be downloaded here). */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/**
 * The flags every Chromium of the project runs with here (no sandbox, no background
 * traffic, no browser UI of its own). Headless Chromium 156 builds its omnibox popup, a
 * page of its own, in a second renderer each time a window opens: ~800 ms of a core in
 * a trace, while the app's window showed its first list. Electron has no omnibox.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-features=PreloadTopChromeWebUI,WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
];
