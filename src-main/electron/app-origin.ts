/**
 * Where the app's own pages come from. In a packaged or built app the renderer is
 * served by the `app:` protocol (never `file:`, whose pages can read any local file
 * they are pointed at); under `electron-vite dev` it comes from Vite's dev server.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'outpost';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** The URLs whose pages are ours: the app protocol, plus the dev server when one is given. */
export function appOrigins(devServerUrl: string | undefined): readonly string[] {
  const origins = [`${APP_SCHEME}://${APP_HOST}`];
  if (devServerUrl) {
    const parsed = parseUrl(devServerUrl);
    if (parsed && (parsed.protocol === 'http:' || parsed.protocol === 'https:') && isLoopbackHost(parsed.hostname)) {
      origins.push(`${parsed.protocol}//${parsed.host}`);
    }
  }
  return origins;
}

/** `new URL().origin` is "null" for non-special schemes such as `app:`, so compare scheme and host ourselves. */
export function originOf(url: string): string | null {
  const parsed = parseUrl(url);
  if (!parsed || !parsed.host) return null;
  return `${parsed.protocol}//${parsed.host}`.toLowerCase();
}

/** True when `url` is a page of the app itself (not merely on the same machine). */
export function isAppUrl(url: string | undefined | null, origins: readonly string[]): boolean {
  if (!url) return false;
  const origin = originOf(url);
  return origin !== null && origins.some((allowed) => allowed.toLowerCase() === origin);
}

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

function parseUrl(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}
