/**
 * The origin that answered a request when redirects took it to another origin than
 * the one asked, else null. Fetch drops the `authorization` header on such a redirect,
 * so that origin's 401 or 403 says nothing about our token.
 * @param requested the URL we asked for
 * @param answered `response.url`, the URL of the final response (empty when unknown)
 */
export function redirectedOrigin(requested: string, answered: string): string | null {
  if (!answered) return null;
  try {
    const from = new URL(requested).origin;
    const to = new URL(answered).origin;
    return from === to ? null : to;
  } catch {
    return null;
  }
}
