import ky, { type KyInstance } from 'ky';
import { listEnvelopeFromText, type TextEnvelope } from '../../../src-shared/api/index.js';
import { ApiRequestError } from './api-request-error.js';
import { toApiRequestError } from './error-mapping.js';
import { assertPageWithin, readBodyWithin, RESPONSE_LIMITS, type ResponseLimits } from './response-limits.js';

export interface ApiClientOptions {
  /**
   * `https://tenant.example` (no trailing slash needed); list URLs are built below it.
   * A function when it is known only later (the embedded demo server's port).
   */
  readonly baseUrl: string | (() => string);
  /** The current access token; called for every request so renewals take effect at once. */
  readonly getToken: (signal?: AbortSignal) => Promise<string>;
  readonly fetch?: typeof fetch;
  /** Per-request timeout (connect to last byte); a write that times out may have been carried out. */
  readonly timeoutMs?: number;
  readonly now?: () => number;
  /** Bounds on a response's size (default {@link RESPONSE_LIMITS}). */
  readonly limits?: ResponseLimits;
}

/** A write's answer: the status and the parsed JSON body of a 2xx. */
export interface SentAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** A page whose rows were not parsed when it was fetched: its links read from its text, and the bounds to check once it is parsed. */
export interface UnreadPage {
  readonly links: TextEnvelope;
  /** @throws ApiRequestError `too-large` when the parsed body is over the bounds (rows per page, characters per row) */
  checkBody(body: unknown): void;
}

/**
 * A list page as text. Laid out as the API document shows it, only its links are read
 * (`unread`, see `listEnvelopeFromText`): its rows wait unparsed until the page is
 * written. Any other page is parsed here (`body`) and its bounds checked.
 */
export type PageText = { readonly text: string; readonly body: unknown; readonly unread?: undefined } | { readonly text: string; readonly unread: UnreadPage };

/** One HTTP exchange's outcome: the parsed JSON body of a 2xx. */
export interface ApiClient {
  /** The base URL now, without a trailing slash. */
  readonly baseUrl: string;
  /**
   * GETs an absolute URL with the Bearer token and returns its JSON body.
   * @throws ApiRequestError for every failure (see its codes), AbortError when cancelled.
   */
  getJson(url: string, signal?: AbortSignal): Promise<unknown>;
  /** A list page as its text, with its links read from the text alone where it is laid out as documented (see PageText). */
  getPageText(url: string, signal?: AbortSignal): Promise<PageText>;
  /**
   * Sends a JSON body with the Bearer token (a POST or PATCH of the outbox) and returns
   * the answer. Redirects are not followed: they would carry the edit, and on the same
   * origin the token, to another address.
   * @throws ApiRequestError for every failure, with `context.neverSent` when the request
   *   certainly never left (no token could be had, the connection was refused);
   *   AbortError when cancelled.
   */
  sendJson(method: string, url: string, body: unknown, options?: { contentType?: string; signal?: AbortSignal }): Promise<SentAnswer>;
  /**
   * Asks the server anything: resolves when any HTTP answer arrives (the server is
   * reachable), throws a `network`/`timeout` ApiRequestError otherwise.
   */
  probe(signal?: AbortSignal): Promise<void>;
  /**
   * GETs a media file and returns the response as it comes: no status is an error,
   * redirects are not followed (the caller decides at each hop whether the token may
   * go), and the token is sent only when `withToken` says so.
   * @throws the fetch's own error (network, abort)
   */
  fetchMedia(url: string, options: { readonly withToken: boolean; readonly signal: AbortSignal }): Promise<Response>;
  /** POSTs a form without a token (the OAuth2 token request) and returns its JSON body. */
  postForm(url: string, form: Record<string, string>, signal?: AbortSignal): Promise<unknown>;
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 80)}…` : flat;
}

/** Refuses an HTML page where JSON was asked for (`bad-body`). */
function refuseHtml(text: string, contentType: string | null, url: string, status: number): void {
  if (contentType && /html/i.test(contentType)) {
    throw new ApiRequestError('bad-body', `the server sent an HTML page instead of JSON: ${snippet(text)}`, { url, status, serverMessage: null, retryAfterMs: null });
  }
}

/** Reads a 2xx body as JSON, turning HTML pages and truncated JSON into `bad-body`. */
function parseJsonBody(text: string, contentType: string | null, url: string, status: number): unknown {
  const context = { url, status, serverMessage: null, retryAfterMs: null };
  refuseHtml(text, contentType, url, status);
  try {
    return JSON.parse(text);
  } catch (error) {
    const what = text.trim().startsWith('<') ? 'an HTML page' : text.trim() ? 'JSON that does not parse' : 'an empty body';
    throw new ApiRequestError('bad-body', `the server sent ${what} (${text.length} bytes): ${(error as Error).message}`, context, { cause: error });
  }
}

/** The same failure, known never to have left this machine. */
function unsent(error: Error): Error {
  if (!(error instanceof ApiRequestError)) return error;
  return new ApiRequestError(error.code, error.message, { ...error.context, neverSent: true }, { cause: error.cause ?? error });
}

/** What every exchange of a client needs: its ky instance, token, clock and bounds. */
interface ClientParts {
  readonly http: KyInstance;
  readonly getToken: ApiClientOptions['getToken'];
  readonly now: () => number;
  readonly limits: ResponseLimits;
}

/** A GET's body as text (within the bounds), its type and status. Errors are left to the caller to map. */
async function getText(c: ClientParts, url: string, signal?: AbortSignal): Promise<{ text: string; contentType: string | null; status: number }> {
  const token = await c.getToken(signal);
  const response = await c.http.get(url, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  const text = await readBodyWithin(response, c.limits.bodyBytes, url);
  return { text, contentType: response.headers.get('content-type'), status: response.status };
}

/** A body parsed as JSON and held to the bounds on a page. */
function parsedWithin(c: ClientParts, got: { text: string; contentType: string | null; status: number }, url: string): unknown {
  const body = parseJsonBody(got.text, got.contentType, url, got.status);
  assertPageWithin(body, got.text.length, url, got.status, c.limits);
  return body;
}

async function getJsonWith(c: ClientParts, url: string, signal?: AbortSignal): Promise<unknown> {
  try {
    return parsedWithin(c, await getText(c, url, signal), url);
  } catch (error) {
    throw toApiRequestError(error, url, c.now());
  }
}

async function getPageWith(c: ClientParts, url: string, signal?: AbortSignal): Promise<PageText> {
  try {
    const got = await getText(c, url, signal);
    const { text, status } = got;
    refuseHtml(text, got.contentType, url, status);
    const links = listEnvelopeFromText(text);
    if (links) return { text, unread: { links, checkBody: (body) => assertPageWithin(body, text.length, url, status, c.limits) } };
    return { text, body: parsedWithin(c, got, url) };
  } catch (error) {
    throw toApiRequestError(error, url, c.now());
  }
}

async function sendJsonWith(c: ClientParts, method: string, url: string, body: unknown, options: { contentType?: string; signal?: AbortSignal }): Promise<SentAnswer> {
  const { signal, contentType } = options;
  let token: string;
  try {
    token = await c.getToken(signal);
  } catch (error) {
    throw unsent(toApiRequestError(error, url, c.now()));
  }
  try {
    const response = await c.http(url, {
      method,
      body: JSON.stringify(body),
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType ?? 'application/json', accept: 'application/json' },
      redirect: 'manual',
      ...(signal ? { signal } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: parseJsonBody(text, response.headers.get('content-type'), url, response.status) };
  } catch (error) {
    throw toApiRequestError(error, url, c.now());
  }
}

async function postFormWith(c: ClientParts, url: string, form: Record<string, string>, signal?: AbortSignal): Promise<unknown> {
  try {
    const response = await c.http.post(url, {
      body: new URLSearchParams(form),
      headers: { accept: 'application/json' },
      // The form carries the client secret: a redirect must not carry it to another address.
      redirect: 'manual',
      ...(signal ? { signal } : {}),
    });
    return parseJsonBody(await response.text(), response.headers.get('content-type'), url, response.status);
  } catch (error) {
    throw toApiRequestError(error, url, c.now());
  }
}

/** The one HTTP client factory of main, for reads and writes: ky, no automatic retries (the request runner and the outbox decide). */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = () => (typeof options.baseUrl === 'string' ? options.baseUrl : options.baseUrl()).replace(/\/+$/, '');
  const http: KyInstance = ky.create({
    retry: 0,
    timeout: options.timeoutMs ?? 30_000,
    throwHttpErrors: true,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const c: ClientParts = { http, getToken: options.getToken, now: options.now ?? Date.now, limits: options.limits ?? RESPONSE_LIMITS };

  return {
    get baseUrl() {
      return base();
    },
    getJson: (url, signal) => getJsonWith(c, url, signal),
    getPageText: (url, signal) => getPageWith(c, url, signal),
    sendJson: (method, url, body, sendOptions = {}) => sendJsonWith(c, method, url, body, sendOptions),
    async probe(signal) {
      try {
        await http.head(`${base()}/`, { throwHttpErrors: false, ...(signal ? { signal } : {}) });
      } catch (error) {
        throw toApiRequestError(error, base(), c.now());
      }
    },
    async fetchMedia(url, { withToken, signal }) {
      const headers: Record<string, string> = { accept: 'image/*, application/pdf, */*;q=0.5' };
      if (withToken) headers['authorization'] = `Bearer ${await options.getToken(signal)}`;
      // ky's timeout covers the answer's headers; the body is read by the caller, bounded.
      return http.get(url, { headers, redirect: 'manual', throwHttpErrors: false, timeout: 60_000, signal });
    },
    postForm: (url, form, signal) => postFormWith(c, url, form, signal),
  };
}
