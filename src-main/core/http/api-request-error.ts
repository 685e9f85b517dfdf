/**
 * What went wrong with one request, in the terms the sync engine acts on:
 * - `network`, `timeout`: the server could not be reached (we are offline);
 * - `server` (5xx), `rate-limited` (429): try again later, `retryAfterMs` when the server said;
 * - `unauthorized` (401): the token is no longer accepted;
 * - `forbidden` (403): the token lacks a scope;
 * - `bad-request` (400), `not-found` (404), `client` (other 4xx): the server refused this request;
 * - `bad-body`: a 2xx whose body is not the JSON we expect (an HTML page, truncated JSON);
 * - `too-large`: a body, page or row over the bounds of `response-limits.ts` (not retried: it would come again).
 */
export type ApiErrorCode =
  | 'network'
  | 'timeout'
  | 'server'
  | 'rate-limited'
  | 'unauthorized'
  | 'forbidden'
  | 'bad-request'
  | 'not-found'
  | 'client'
  | 'bad-body'
  | 'too-large';

export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly context: {
      /** The URL asked for (without credentials: tokens travel in headers only). */
      readonly url: string;
      /** The HTTP status, or null when no response arrived. */
      readonly status: number | null;
      /** The server's own message from the error body, when it sent one. */
      readonly serverMessage: string | null;
      /** How long the server asked us to wait (`Retry-After`), when it did. */
      readonly retryAfterMs: number | null;
      /** The error body as the server sent it (parsed JSON or text), for callers that read more of it. */
      readonly body?: unknown;
      /**
       * True when the request certainly never left this machine: no token could be had,
       * the connection was refused, the name did not resolve. A write may then be sent
       * again without asking whether it was carried out.
       */
      readonly neverSent?: boolean;
    },
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
