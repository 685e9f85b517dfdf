/**
 * A sliding one-minute window per client: at most `perMinute` requests in any
 * window. Refused requests are not counted, so a client that waits Retry-After gets
 * through. `timeScale` shortens the minute for tests (60 → one second).
 */
export interface RateLimiter {
  take(clientId: string): { ok: true } | { ok: false; retryAfterSeconds: number };
}

export function createRateLimiter(options: { perMinute: number; timeScale?: number; now: () => number }): RateLimiter {
  const windowMs = 60_000 / (options.timeScale ?? 1);
  const log = new Map<string, number[]>();
  return {
    take(clientId) {
      const now = options.now();
      const times = (log.get(clientId) ?? []).filter((t) => now - t < windowMs);
      log.set(clientId, times);
      if (times.length >= options.perMinute) {
        const wait = times[0]! + windowMs - now;
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
      }
      times.push(now);
      return { ok: true };
    },
  };
}
