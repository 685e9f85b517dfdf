import { API_PATH_MARKER, versionedPath, type Dialect, type EndpointDef, type Filter } from '../../../src-shared/api/index.js';
import { DELTA_OVERLAP_MS, type ScopeState } from '../../../src-shared/store/index.js';
import { instantOf } from './high-water.js';

/** Every pass asks for the largest page the API allows: a real tenant's mirror is bounded by requests. */
export const PAGE_LIMIT = 1000;

/** Cursors expire 6 hours after their URL was issued. */
export const CURSOR_LIFETIME_MS = 6 * 3600_000;

/**
 * The immutable key a pass sorts by, so rows cannot slip past the cursor while it
 * runs: `creationDateTime` where sortable, otherwise none (the server's default order).
 */
export function immutableSortField(endpoint: EndpointDef): string | null {
  return endpoint.query.creationDateTime?.sort ? 'creationDateTime' : null;
}

function listUrl(baseUrl: string, endpoint: EndpointDef, params: Readonly<Record<string, string>>, dialect: Dialect, filters: Filter[]): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${versionedPath(endpoint, params)}`);
  url.searchParams.set('limit', String(PAGE_LIMIT));
  const sort = immutableSortField(endpoint);
  if (sort) url.searchParams.set('sort', dialect.encodeSort([{ field: sort, descending: false }]));
  for (const filter of filters) {
    const [name, value] = dialect.encodeFilter(filter);
    url.searchParams.append(name, value);
  }
  return url.toString();
}

/** The first page of a full pass. */
export function fullPassUrl(baseUrl: string, endpoint: EndpointDef, params: Readonly<Record<string, string>>, dialect: Dialect): string {
  return listUrl(baseUrl, endpoint, params, dialect, []);
}

/**
 * The first pages of a delta pass: rows created after the creation high-water mark,
 * and rows modified after the modification one (filters combine with AND, so these
 * are two queries). Each mark is moved back by `overlapMs` so that rows committed late
 * or stamped in the same instant are not missed (re-reading a few is harmless).
 * Null when the list cannot be asked for changes (no filterable creation time, or
 * nothing seen yet): it then gets a full pass.
 */
export function deltaPassUrls(
  baseUrl: string,
  endpoint: EndpointDef,
  params: Readonly<Record<string, string>>,
  highWater: ScopeState['highWater'],
  dialect: Dialect,
  overlapMs = DELTA_OVERLAP_MS,
): string[] | null {
  const created = instantOf(highWater.created);
  if (!endpoint.query.creationDateTime?.filter || created === null) return null;
  const since = (ms: number) => new Date(ms - overlapMs).toISOString();
  const urls = [listUrl(baseUrl, endpoint, params, dialect, [{ field: 'creationDateTime', op: 'gt', value: since(created) }])];
  const modified = instantOf(highWater.modified) ?? created;
  if (endpoint.query.lastModifiedDateTime?.filter) {
    urls.push(listUrl(baseUrl, endpoint, params, dialect, [{ field: 'lastModifiedDateTime', op: 'gt', value: since(modified) }]));
  }
  return urls;
}

/**
 * Where to send the next page request. The server's `nextUrl` is absolute; when it
 * names another origin (a proxy's inner address), or drops the path prefix of our
 * base URL (a gateway's prefix the service behind it does not know), its path from
 * `/api/v` on and its query are taken onto our base URL, so the token is only ever
 * sent to the workspace the user connected.
 * @throws Error when the URL is not one of this API's.
 */
export function rebaseNextUrl(baseUrl: string, nextUrl: string): string {
  const base = new URL(baseUrl);
  const next = new URL(nextUrl, base);
  const prefix = base.pathname.replace(/\/+$/, '');
  if (next.origin === base.origin && next.pathname.startsWith(`${prefix}${API_PATH_MARKER}`)) return next.toString();
  const at = next.pathname.indexOf(API_PATH_MARKER);
  if (at < 0) throw new Error(`the server's nextUrl is not an API address: ${next.origin}${next.pathname}`);
  const rebased = new URL(`${prefix}${next.pathname.slice(at)}${next.search}`, base);
  return rebased.toString();
}

/** Whether a checkpoint's cursor can still be followed at `now` (with a margin for the request itself). */
export function cursorUsable(issuedAt: string | null, now: number, marginMs = 60_000): boolean {
  if (issuedAt === null) return false;
  const at = Date.parse(issuedAt);
  return Number.isFinite(at) && now < at + CURSOR_LIFETIME_MS - marginMs;
}

/** Whether a URL continues a pagination (a cursor or an offset the server issued). */
export function isContinuation(url: string): boolean {
  const params = new URL(url).searchParams;
  return params.has('cursor') || params.has('offset');
}
