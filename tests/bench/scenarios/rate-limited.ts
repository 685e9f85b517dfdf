import { startServer, type Scale } from '../../../src-server/index.js';
import { mirrorThroughApp } from './app-mirror.js';

export interface RateLimitedResult {
  readonly scale: Scale;
  readonly perMinute: number;
  /** The server's minute lasts 60/timeScale real seconds, and so does main's. */
  readonly timeScale: number;
  /** Requests a complete mirror needs (an unthrottled mirror of the same workspace used this many). */
  readonly requestsNeeded: number;
  readonly requestsSent: number;
  readonly status429: number;
  /** Tenant time (real time × timeScale) from opening the window to a complete mirror, ms. */
  readonly tenantMs: number;
  /** `requestsNeeded / perMinute`, in tenant time, ms. */
  readonly boundMs: number;
  readonly realMs: number;
  readonly rows: number;
}

/**
 * A rate-limited tenant: the reference server allows `perMinute` requests per minute
 * and main keeps the same budget (its default against a real tenant). Time is
 * compressed by `timeScale` on both sides: the server's window and main's clock and
 * sleeps. The factor is chosen by the caller so that the rate, not this machine's
 * write speed, is what bounds the mirror.
 */
export async function rateLimitedMirror(options: {
  readonly scale: Scale;
  readonly seed: number;
  readonly perMinute: number;
  readonly timeScale: number;
  readonly requestsNeeded: number;
  readonly chromiumArgs: readonly string[];
  readonly rendererDir: string;
  readonly route: string;
  readonly timeoutMs: number;
}): Promise<RateLimitedResult> {
  const server = await startServer({
    port: 0,
    quiet: true,
    scale: options.scale,
    seed: options.seed,
    rateLimit: { perMinute: options.perMinute, timeScale: options.timeScale },
    // Main's clock runs faster than the server's: its token must not look expired to it.
    tokenTtlSeconds: Math.ceil(24 * 3600 * Math.max(1, options.timeScale)),
  });
  try {
    const open = await mirrorThroughApp({
      server,
      chromiumArgs: options.chromiumArgs,
      rendererDir: options.rendererDir,
      route: options.route,
      budget: options.perMinute,
      timeScale: options.timeScale,
      timeoutMs: options.timeoutMs,
    });
    await open.close();
    const r = open.result;
    return {
      scale: options.scale,
      perMinute: options.perMinute,
      timeScale: options.timeScale,
      requestsNeeded: options.requestsNeeded,
      requestsSent: r.requests,
      status429: r.status429,
      tenantMs: r.ms * options.timeScale,
      boundMs: (options.requestsNeeded / options.perMinute) * 60_000,
      realMs: r.ms,
      rows: r.rows,
    };
  } finally {
    await server.close();
  }
}

/**
 * The time factor that makes the tenant's rate half of what this machine sustained
 * unthrottled on the same workspace (`requests` in `ms`), so the rate is what binds.
 */
export function bindingTimeScale(requests: number, ms: number, perMinute: number): number {
  const sustainedPerMinute = (requests / ms) * 60_000;
  return Math.max(0.05, Math.round((sustainedPerMinute / 2 / perMinute) * 100) / 100);
}
