/**
 * The Content-Security-Policy header of every page the `app:` protocol serves. It is
 * the renderer's meta policy without the WebSocket source (the Electron bridge is IPC,
 * not a socket), plus the directives a meta tag cannot carry (`frame-ancestors`).
 * Images come only from the app, data and the media protocol (local copies): a remote
 * image is never loaded, so nothing shows broken offline and no server sees the window.
 * Styles keep 'unsafe-inline' because Vue's style bindings and the widget library set
 * inline styles; scripts never do.
 */
export const APP_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data: blob: outpost-media:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
  "worker-src 'self'",
].join('; ');

/** Headers added to every response of the app protocol. */
export function appResponseHeaders(contentType: string): Record<string, string> {
  return {
    'content-type': contentType,
    'content-security-policy': APP_CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    'cross-origin-opener-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-cache',
  };
}
