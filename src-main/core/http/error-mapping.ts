import { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import { ApiRequestError, type ApiErrorCode } from './api-request-error.js';
import { neverLeft } from './request-left.js';
import { parseRetryAfter } from './retry-timing.js';
import { redirectedOrigin } from './redirected-origin.js';

/** The error code of an HTTP status that is not a success. */
export function codeOfStatus(status: number): ApiErrorCode {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 429) return 'rate-limited';
  if (status === 400) return 'bad-request';
  if (status === 408) return 'timeout';
  if (status >= 500) return 'server';
  return 'client';
}

/**
 * The server's own words from an error body: `{message}` (`{"errorCode","message"}`),
 * ProblemDetails `{detail}` / `{title}`, or a short plain-text body. Null otherwise.
 */
export function serverMessageOf(data: unknown): string | null {
  if (data && typeof data === 'object') {
    const body = data as Record<string, unknown>;
    for (const key of ['message', 'detail', 'title', 'error_description', 'error']) {
      const value = body[key];
      if (typeof value === 'string' && value.trim()) return value.trim();
    }
    return null;
  }
  if (typeof data === 'string') {
    const text = data.trim();
    if (!text || text.startsWith('<')) return null;
    return text.length > 200 ? `${text.slice(0, 200)}…` : text;
  }
  return null;
}

function describe(code: ApiErrorCode, status: number | null, serverMessage: string | null): string {
  const what: Record<ApiErrorCode, string> = {
    network: 'the server could not be reached',
    timeout: 'the server did not answer in time',
    server: 'the server failed',
    'rate-limited': 'too many requests',
    unauthorized: 'the token was not accepted',
    forbidden: 'the token lacks the scope for this list',
    'bad-request': 'the server refused the request',
    'not-found': 'not found',
    client: 'the server refused the request',
    'bad-body': 'the server sent an unexpected body',
    'too-large': 'the server sent more than a response may hold',
  };
  return `${what[code]}${status ? ` (HTTP ${status})` : ''}${serverMessage ? `: ${serverMessage}` : ''}`;
}

/** Builds our error for an HTTP status. */
export function httpError(status: number, url: string, data: unknown, retryAfterHeader: string | null, now: number): ApiRequestError {
  const code = codeOfStatus(status);
  const serverMessage = serverMessageOf(data);
  return new ApiRequestError(code, describe(code, status, serverMessage), {
    url,
    status,
    serverMessage,
    retryAfterMs: parseRetryAfter(retryAfterHeader, now),
  });
}

/**
 * A 401 or 403 from another origin a redirect led to: our token was never sent there,
 * so it is no reason to ask for a new one (nor to call the list not permitted).
 */
function refusedElsewhere(origin: string, url: string, status: number, data: unknown): ApiRequestError {
  const serverMessage = serverMessageOf(data);
  const message = `the workspace redirected this request to another origin, ${origin}, which refused it (HTTP ${status})${serverMessage ? `: ${serverMessage}` : ''}; the token is never sent to another origin`;
  return new ApiRequestError('client', message, { url, status, serverMessage, retryAfterMs: null });
}

/**
 * Maps anything a ky request can throw to an {@link ApiRequestError}; AbortErrors are
 * returned unchanged (cancellation is not a failure).
 */
export function toApiRequestError(error: unknown, url: string, now: number): Error {
  if (error instanceof ApiRequestError) return error;
  if (error instanceof Error && error.name === 'AbortError') return error;
  if (isHTTPError(error)) {
    const elsewhere = redirectedOrigin(url, error.response.url);
    if (elsewhere && (error.response.status === 401 || error.response.status === 403)) return refusedElsewhere(elsewhere, url, error.response.status, error.data);
    const mapped = httpError(error.response.status, url, error.data, error.response.headers.get('retry-after'), now);
    // The body goes along for callers that read more of it (a refused edit's field problems).
    return new ApiRequestError(mapped.code, mapped.message, { ...mapped.context, body: error.data }, { cause: error });
  }
  const context = { url, status: null, serverMessage: null, retryAfterMs: null, neverSent: neverLeft(error) };
  if (isTimeoutError(error)) return new ApiRequestError('timeout', describe('timeout', null, null), context, { cause: error });
  if (isNetworkError(error) || error instanceof TypeError) {
    // fetch raises TypeError for refused connections and for bodies cut off mid-way.
    return new ApiRequestError('network', describe('network', null, null), context, { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ApiRequestError('network', `${describe('network', null, null)}: ${message}`, context, { cause: error });
}
