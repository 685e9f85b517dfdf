import { isAppUrl } from './app-origin.js';

/**
 * The decisions behind the window's navigation guards, kept pure so a table test can
 * cover them. The window never leaves the app: links to the outside world open in the
 * system browser, and only after their scheme has been checked.
 */
const EXTERNAL_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/**
 * May `url` be handed to the system (`shell.openExternal`)? Only web and mail links:
 * `file:`, `javascript:`, custom protocol handlers (`ms-msdt:`, `smb:`…) can run code
 * or reach local files. URLs carrying credentials are refused as phishing bait.
 */
export function isSafeExternalUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (!EXTERNAL_SCHEMES.has(parsed.protocol)) return false;
  if (parsed.protocol === 'mailto:') return parsed.pathname.length > 0;
  return parsed.hostname.length > 0 && parsed.username === '' && parsed.password === '';
}

export type NavigationDecision = 'allow' | 'open-external' | 'deny';

/**
 * A navigation of the app window: staying inside the app (hash routes, reloads) is
 * allowed; anything else is cancelled, and safe links go to the system browser instead.
 */
export function decideNavigation(url: string, appOrigins: readonly string[]): NavigationDecision {
  if (isAppUrl(url, appOrigins)) return 'allow';
  return isSafeExternalUrl(url) ? 'open-external' : 'deny';
}

/** `window.open` and `target=_blank`: never a new Electron window; safe links open outside. */
export function decideWindowOpen(url: string): Exclude<NavigationDecision, 'allow'> {
  return isSafeExternalUrl(url) ? 'open-external' : 'deny';
}
