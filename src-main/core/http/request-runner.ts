import { isAbort } from '../abort.js';
import type { Clock, Sleep } from '../clock.js';
import type { Logger } from '../logger.js';
import type { ApiClient, PageText } from './api-client.js';
import { ApiRequestError } from './api-request-error.js';
import type { Connectivity } from './connectivity.js';
import type { GateRunOptions, RequestGate } from './request-gate.js';
import { backoffDelay, DEFAULT_BACKOFF, isOfflineError, isRetryable, type BackoffOptions } from './retry-timing.js';

export interface RequestRunnerOptions {
  readonly client: ApiClient;
  readonly gate: RequestGate;
  readonly connectivity: Connectivity;
  readonly clock: Clock;
  readonly sleep: Sleep;
  readonly log: Logger;
  readonly random?: () => number;
  readonly backoff?: BackoffOptions;
  /** Retries of network failures and 5xx before the request fails (the scope retries later). */
  readonly maxAttempts?: number;
  /**
   * Called on a 401. Resolve true when a fresh token was obtained (the request is sent
   * again), false when the user must provide one: the gate is then held until they do.
   */
  readonly onUnauthorized: () => Promise<boolean>;
  /** Called when `Retry-After` pauses the client. */
  readonly onRateLimited?: (untilMs: number) => void;
}

/**
 * Sends GETs through the gate, with the client's politeness rules: retries of network
 * failures and 5xx with backoff and jitter, `Retry-After` pausing every request, a 401
 * renewing the token or holding everything until a new one arrives.
 */
export interface RequestRunner {
  /**
   * @throws ApiRequestError when the request failed for good (after retries), AbortError when cancelled.
   */
  getJson(url: string, options?: GateRunOptions): Promise<unknown>;
  /** A list page as text, its links read (see ApiClient.getPageText). */
  getPageText(url: string, options?: GateRunOptions): Promise<PageText>;
  /** One reachability check (never retried); resolves to the new online state. */
  probe(signal?: AbortSignal): Promise<boolean>;
}

export const AUTH_HOLD = 'auth';

export function createRequestRunner(options: RequestRunnerOptions): RequestRunner {
  const { client, gate, connectivity, clock, sleep, log } = options;
  const random = options.random ?? Math.random;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const maxAttempts = options.maxAttempts ?? 5;
  let renewing: Promise<boolean> | null = null;

  async function handleUnauthorized(): Promise<void> {
    // Several requests may fail with 401 together: one renewal answers them all.
    renewing ??= options.onUnauthorized().finally(() => {
      renewing = null;
    });
    const renewed = await renewing;
    if (!renewed) gate.hold(AUTH_HOLD, true);
  }

  /** Runs one exchange until it succeeds, fails for good or is cancelled. */
  async function run<T>(exchange: (signal?: AbortSignal) => Promise<T>, runOptions: GateRunOptions): Promise<T> {
    const { signal, priority } = runOptions;
    let failures = 0;
    let unauthorized = 0;
    for (;;) {
      try {
        const result = await gate.run(() => exchange(signal), { priority: priority ?? 0, ...(signal ? { signal } : {}) });
        connectivity.reachable(clock.now());
        return result;
      } catch (error) {
        if (isAbort(error) || !(error instanceof ApiRequestError)) throw error;
        if (isOfflineError(error.code)) connectivity.unreachable();
        else connectivity.reachable(clock.now());

        if (error.code === 'unauthorized') {
          unauthorized += 1;
          // A token just renewed and refused again is not going to work: ask the user.
          if (unauthorized > 2) gate.hold(AUTH_HOLD, true);
          else await handleUnauthorized();
          continue;
        }
        if (error.code === 'rate-limited' || (error.code === 'server' && error.context.retryAfterMs !== null)) {
          const wait = error.context.retryAfterMs ?? backoffDelay(failures + 1, random(), backoff);
          const until = clock.now() + wait;
          log.warn('server asked to slow down', { status: error.context.status, waitMs: wait });
          gate.pauseUntil(until);
          options.onRateLimited?.(until);
          failures += 1;
          if (failures >= maxAttempts * 2) throw error;
          continue;
        }
        if (!isRetryable(error.code)) throw error;
        failures += 1;
        if (failures >= maxAttempts) throw error;
        const wait = backoffDelay(failures, random(), backoff);
        log.debug('retrying request', { code: error.code, attempt: failures, waitMs: wait });
        await sleep(wait, signal);
      }
    }
  }

  return {
    getJson: (url, runOptions = {}) => run((signal) => client.getJson(url, signal), runOptions),
    getPageText: (url, runOptions = {}) => run((signal) => client.getPageText(url, signal), runOptions),
    async probe(signal) {
      try {
        // Not held by the gate: a probe must answer even while a token is awaited.
        gate.note();
        await client.probe(signal);
        connectivity.reachable(clock.now());
      } catch (error) {
        if (isAbort(error)) throw error;
        if (error instanceof ApiRequestError && isOfflineError(error.code)) connectivity.unreachable();
        else connectivity.reachable(clock.now());
      }
      return connectivity.online();
    },
  };
}
