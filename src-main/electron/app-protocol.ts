import type { Net, Protocol } from 'electron';
import { pathToFileURL } from 'node:url';
import { APP_SCHEME } from './app-origin.js';
import { resolveAppPath } from './app-path.js';
import { appResponseHeaders } from './content-security-policy.js';

/**
 * Registered before `app.ready`: `standard` gives `app:` real origins (so IndexedDB and
 * relative URLs work as on the web), `secure` makes it a secure context. It is not
 * allowed to bypass CSP.
 */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true },
} as const;

/** Serves the built renderer on `app://outpost/`, with the CSP as a response header. */
export function registerAppProtocol(protocol: Pick<Protocol, 'handle'>, net: Pick<Net, 'fetch'>, rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppPath(rendererDir, request.url);
    if (!file || request.method !== 'GET') return new Response('not found', { status: 404 });
    // net.fetch rejects (ERR_FILE_NOT_FOUND) for a missing file rather than answering 404.
    const response = await net.fetch(pathToFileURL(file).toString()).catch(() => null);
    if (!response?.ok) return new Response('not found', { status: 404 });
    return new Response(response.body, {
      status: 200,
      headers: appResponseHeaders(response.headers.get('content-type') ?? 'application/octet-stream'),
    });
  });
}
