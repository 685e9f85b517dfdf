import { isAppUrl } from './app-origin.js';

/**
 * Web permissions the app's own pages may have. Everything else (camera, geolocation,
 * notifications from the page, HID, USB, …) is denied: the renderer shows data, and
 * desktop notifications come from main.
 * - `persistent-storage`: `navigator.storage.persist()`, so the cache is not evicted.
 * - `clipboard-sanitized-write`: copying a link or a value to the clipboard.
 */
const GRANTED = new Set(['persistent-storage', 'clipboard-sanitized-write']);

/** Decides a permission request or check; unknown permissions and foreign origins are denied. */
export function isPermissionGranted(permission: string, requestingUrl: string | undefined, appOrigins: readonly string[]): boolean {
  return GRANTED.has(permission) && isAppUrl(requestingUrl, appOrigins);
}
