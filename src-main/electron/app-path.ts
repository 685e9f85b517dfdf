import { extname, join, normalize, sep } from 'node:path';
import { APP_HOST, APP_SCHEME } from './app-origin.js';

/**
 * Maps an `app://outpost/…` request to a file of the built renderer, or null when the
 * request is not ours or would leave the renderer folder (`..`, encoded or not).
 * Paths without an extension are routes of the single-page app and get `index.html`.
 */
export function resolveAppPath(rendererDir: string, requestUrl: string): string | null {
  let url: URL;
  let pathname: string;
  try {
    url = new URL(requestUrl);
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null;
  if (pathname.includes('\0') || pathname.includes('\\')) return null;
  if (pathname === '/' || pathname === '' || extname(pathname) === '') return join(rendererDir, 'index.html');
  const root = normalize(rendererDir);
  const file = normalize(join(root, pathname));
  return file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : null;
}
