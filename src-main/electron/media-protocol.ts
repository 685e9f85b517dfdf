import type { Net, Protocol } from 'electron';
import { pathToFileURL } from 'node:url';
import { MEDIA_KEY_PATTERN, MEDIA_SCHEME } from '../../src-shared/media/index.js';
import type { LocalMediaFile } from '../core/main-services.js';
import { localMediaHeaders } from '../core/media/media-policy.js';

/**
 * Registered before `app.ready`: a standard, secure scheme, so `<img src="outpost-media://local/<key>">`
 * loads under the window's CSP (`img-src outpost-media:`); it may not bypass CSP and is
 * not readable by `fetch` from the page.
 */
export const MEDIA_SCHEME_PRIVILEGES = {
  scheme: MEDIA_SCHEME,
  privileges: { standard: true, secure: true, stream: true },
} as const;

/** The key an `outpost-media://local/<key>` request asks for, or null for anything else. */
export function mediaKeyOfRequest(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const key = parsed.pathname.replace(/^\/+/, '');
  return parsed.protocol === `${MEDIA_SCHEME}:` && parsed.host === 'local' && MEDIA_KEY_PATTERN.test(key) ? key : null;
}

/**
 * Serves the open workspace's local media copies on `outpost-media://local/<key>`, with
 * headers under which no script in a copy (an SVG) can run. Nothing else: no path
 * from the request reaches the file system, only a key main's index knows.
 */
export function registerMediaProtocol(protocol: Pick<Protocol, 'handle'>, net: Pick<Net, 'fetch'>, mediaFile: (key: string) => LocalMediaFile | null): void {
  protocol.handle(MEDIA_SCHEME, async (request) => {
    const key = request.method === 'GET' ? mediaKeyOfRequest(request.url) : null;
    const file = key ? mediaFile(key) : null;
    if (!file) return new Response('not downloaded', { status: 404, headers: { 'content-type': 'text/plain', 'x-content-type-options': 'nosniff' } });
    const response = await net.fetch(pathToFileURL(file.path).toString()).catch(() => null);
    if (!response?.ok) return new Response('not downloaded', { status: 404, headers: { 'content-type': 'text/plain' } });
    return new Response(response.body, { status: 200, headers: localMediaHeaders(file.contentType, file.size) });
  });
}
