/**
 * The addresses below a workspace's base URL that are not endpoints of the catalogue.
 * Declared once: the client asks for them and the reference server serves them.
 */

/** Where OAuth2 client-credential tokens are issued, relative to the base URL (not under `/api`). */
export const TOKEN_PATH = '/login/oauth/authorize';

/** Where a reference server publishes the roots of its workspace that the API cannot list. */
export const DEMO_SOURCES_PATH = '/demo/sources';

/** What every API path starts with, before its version (`/api/v1.4/…`). */
export const API_PATH_MARKER = '/api/v';

/** `/api/v1.4`: the prefix of every path of one API version. */
export function apiPrefix(version: string): string {
  return `${API_PATH_MARKER}${version}`;
}
