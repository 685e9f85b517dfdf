import type { EndpointDef } from '../../../src-shared/api/index.js';

/** Statuses that are about the token or the request rate, never about the list itself. */
const NOT_ABOUT_THE_LIST = new Set([401, 403, 407, 408, 429]);

/**
 * Whether a refused first page is the endpoint's documented "not available" answer
 * (a User type data list, comments off, stages off, answer feedback off). Decided by
 * the answer's content, not its status alone: any other 400 is an error to show and
 * retry. The document gives 400 for E1 and E2 and no status for E6 and E7, so any
 * 4xx about the list counts when its message names the documented reason.
 * @param status the HTTP status, null when no answer arrived.
 * @param serverMessage the server's own words from the error body, null when none.
 */
export function isDocumentedUnavailable(endpoint: EndpointDef, status: number | null, serverMessage: string | null): boolean {
  const reason = endpoint.unavailableReason;
  if (!reason || reason.length === 0 || serverMessage === null) return false;
  if (status === null || status < 400 || status > 499 || NOT_ABOUT_THE_LIST.has(status)) return false;
  return reason.every((pattern) => pattern.test(serverMessage));
}

/** The version segment of an API URL (`1.3` of `/api/v1.3/...`), or null. */
export function versionOfUrl(url: string): string | null {
  return /\/api\/v(\d+(?:\.\d+)*)\//.exec(url)?.[1] ?? null;
}

/**
 * What the list says when the workspace answers 404 to the first page of a list at
 * the documented version: which version and address were asked for, so a user can
 * report it, with the server's words when it sent any. Such a list is marked not
 * available (asked again at the next full interval), never retried in a loop.
 * Null when the answer is not a 404 of a first page.
 */
export function notFoundAtVersion(endpoint: EndpointDef, url: string, status: number | null, serverMessage: string | null): string | null {
  if (status !== 404) return null;
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    // Not an absolute URL: name it as given.
  }
  const version = versionOfUrl(url) ?? endpoint.version;
  const words = serverMessage ? `: ${serverMessage}` : '';
  return `not found at API version ${version}: GET ${path} answered 404 Not Found${words}`;
}
