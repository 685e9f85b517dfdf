/**
 * System error codes that mean a request never left this machine: nothing listened,
 * the name did not resolve, no route. Any other network failure (a reset, a body cut
 * off) may have happened after the server received the request.
 */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'EADDRNOTAVAIL']);

/** True when an error (or anything in its cause chain) says the request was never sent. */
export function neverLeft(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 8) return false;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && NOT_SENT.has(code)) return true;
  if (Array.isArray(errors) && errors.length > 0 && errors.every((e) => neverLeft(e, depth + 1))) return true;
  return neverLeft(cause, depth + 1);
}
