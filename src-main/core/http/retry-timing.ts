import type { ApiErrorCode } from './api-request-error.js';

/** Whether a failed request may succeed if sent again unchanged. */
export function isRetryable(code: ApiErrorCode): boolean {
  return code === 'network' || code === 'timeout' || code === 'server' || code === 'rate-limited' || code === 'bad-body';
}

/** Whether the failure says the server is unreachable (we are offline), not that it refused. */
export function isOfflineError(code: ApiErrorCode): boolean {
  return code === 'network' || code === 'timeout';
}

export interface BackoffOptions {
  readonly baseMs: number;
  readonly maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 30_000 };

/**
 * Delay before retry number `attempt` (1 = first retry): exponential, capped, with
 * "equal jitter" (half fixed, half random) so that many clients retrying together
 * spread out but none retries at once.
 * @param random a number in [0, 1); injected so tests are deterministic.
 */
export function backoffDelay(attempt: number, random: number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  const exp = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + (exp / 2) * random);
}

/**
 * Reads a `Retry-After` header: delta seconds or an HTTP date. Null when absent or
 * unreadable; never negative.
 */
export function parseRetryAfter(header: string | null | undefined, now: number): number | null {
  if (header === null || header === undefined) return null;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}
