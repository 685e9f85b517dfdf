import type { ProxyAction, ProxyLogEntry, ProxyRequest, ProxyRule } from './fault-proxy.js';

/** The lesson participations list (E18): 120 rows in the demo workspace, a root every token may read. */
export const LESSONS = '/training/lessons/participation';
export const GROUPS = '/userGroups';
export const CHANNELS = '/communication/notifications/channels';
export const MODULES = '/contentmodules';

/**
 * Makes a pass over `pathPart` take many small pages: the first request's `limit`
 * is lowered, and the server's `nextUrl`s keep the lower limit, as production does.
 */
export function smallPages(pathPart: string, limit: number): ProxyRule {
  return (request) => (isFirstPage(request, pathPart) ? { kind: 'forward', rewriteUrl: lowerLimit(limit) } : null);
}

/** The first request of a pass over the list (no cursor yet). */
export function isFirstPage(request: Pick<ProxyRequest, 'url' | 'path' | 'method'>, pathPart: string): boolean {
  return request.path.endsWith(pathPart) && request.method === 'GET' && !request.url.includes('cursor=');
}

/** Rewrites a list URL's `limit`. */
export function lowerLimit(limit: number): (url: string) => string {
  return (url) => url.replace(/limit=\d+/, `limit=${limit}`);
}

/**
 * Numbers the pages of a list as the proxy sees them: every distinct URL of the list
 * is the next page (a retry of the same URL is the same page).
 */
export function pageNumbers(pathPart: string): { of(request: Pick<ProxyRequest, 'url' | 'path'>): number | null; readonly urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    of(request) {
      if (!request.path.endsWith(pathPart)) return null;
      const plain = request.url;
      let at = urls.indexOf(plain);
      if (at < 0) at = urls.push(plain) - 1;
      return at + 1;
    },
  };
}

/** A rule acting on chosen pages of a list. */
export function onPage(pages: ReturnType<typeof pageNumbers>, act: (page: number, request: ProxyRequest) => ProxyAction | null): ProxyRule {
  return (request) => {
    const page = pages.of(request);
    return page === null ? null : act(page, request);
  };
}

/** How many times each page of a list was asked for (index 0 = page 1). */
export function fetchCounts(log: readonly ProxyLogEntry[], pages: ReturnType<typeof pageNumbers>): number[] {
  return pages.urls.map((url) => log.filter((entry) => entry.url === url).length);
}
