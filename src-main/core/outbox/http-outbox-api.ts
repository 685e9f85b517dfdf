import ky, { isHTTPError } from 'ky';
import { endpoints, parseResponse, versionedPath, type EndpointId } from '../../../src-shared/api/index.js';
import type { Row } from '../../../src-shared/outbox/index.js';
import { isAbort } from '../abort.js';
import { ApiRequestError } from '../http/api-request-error.js';
import { toApiRequestError } from '../http/error-mapping.js';
import type { RequestGate } from '../http/request-gate.js';
import type { OutboxApi } from './outbox-api.js';
import { OutboxSendError } from './outbox-send-error.js';
import { problemFields } from './problem-fields.js';
import { neverLeft } from './request-left.js';

export interface HttpOutboxApiOptions {
  /** The workspace's base URL (a function when it is known only later, as in demo mode). */
  readonly baseUrl: string | (() => string);
  /** The current access token; asked for every request so renewals take effect at once. */
  readonly getToken: (signal?: AbortSignal) => Promise<string>;
  readonly fetch?: typeof fetch;
  /** Per-request timeout; a create that times out becomes uncertain. */
  readonly timeoutMs?: number;
  readonly now?: () => number;
  /** The client's request gate: writes then share the request budget and `Retry-After` pauses. */
  readonly gate?: Pick<RequestGate, 'run'> & Partial<Pick<RequestGate, 'pauseUntil'>>;
}

type WriteId = Extract<EndpointId, 'E3' | 'E16' | 'E19'>;

/**
 * The outbox's writes over HTTP with ky (no automatic retries: the outbox decides),
 * errors mapped by the HTTP layer's one mapping and told apart by whether the request
 * may have reached the server.
 */
export function createHttpOutboxApi(options: HttpOutboxApiOptions): OutboxApi {
  const now = options.now ?? Date.now;
  const base = () => (typeof options.baseUrl === 'string' ? options.baseUrl : options.baseUrl()).replace(/\/+$/, '');
  const http = ky.create({
    retry: 0,
    timeout: options.timeoutMs ?? 30_000,
    throwHttpErrors: true,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  function sendError(error: unknown, url: string, left: boolean): unknown {
    if (isAbort(error)) return error;
    const mapped = toApiRequestError(error, url, now());
    if (!(mapped instanceof ApiRequestError)) return mapped;
    return new OutboxSendError(
      {
        code: mapped.code,
        status: mapped.context.status,
        message: mapped.message,
        retryAfterMs: mapped.context.retryAfterMs,
        fields: isHTTPError(error) ? problemFields(error.data) : [],
        // An HTTP answer means it arrived; a token that could not be had means it never left.
        mayHaveReached: left && (mapped.context.status !== null || !neverLeft(error)),
      },
      { cause: error },
    );
  }

  async function write(id: WriteId, params: Record<string, string>, body: unknown, signal: AbortSignal): Promise<Row> {
    const endpoint = endpoints[id];
    const url = `${base()}${versionedPath(endpoint, params)}`;
    const exchange = async (): Promise<{ text: string; status: number }> => {
      let token: string;
      try {
        token = await options.getToken(signal);
      } catch (error) {
        throw sendError(error, url, false);
      }
      try {
        const response = await http(url, {
          method: endpoint.method,
          body: JSON.stringify(body),
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': endpoint.contentType ?? 'application/json',
            accept: 'application/json',
          },
          // A write is not followed elsewhere: a redirect would carry the edit (and, on the same origin, the token) to another address.
          redirect: 'manual',
          signal,
        });
        return { text: await response.text(), status: response.status };
      } catch (error) {
        throw sendError(error, url, true);
      }
    };
    let answer: { text: string; status: number };
    try {
      answer = options.gate ? await options.gate.run(exchange, { signal }) : await exchange();
    } catch (error) {
      // `Retry-After` on a write holds the whole client (reads too), as it does for reads.
      const failure = error instanceof OutboxSendError ? error.failure : null;
      if (failure?.retryAfterMs != null && (failure.code === 'rate-limited' || failure.code === 'server')) {
        options.gate?.pauseUntil?.(now() + failure.retryAfterMs);
      }
      throw error;
    }
    const { text, status } = answer;
    try {
      return parseResponse(id, JSON.parse(text)) as Row;
    } catch (error) {
      throw new OutboxSendError(
        {
          code: 'bad-body',
          status,
          message: `the server accepted the request but its answer is unusable: ${(error as Error).message}`,
          retryAfterMs: null,
          fields: [],
          mayHaveReached: true,
        },
        { cause: error },
      );
    }
  }

  return {
    createPost: (moduleId, body, signal) => write('E3', { moduleId }, body, signal),
    patchPost: (moduleId, contentId, ops, signal) => write('E16', { moduleId, contentId }, ops, signal),
    patchUser: (userId, ops, signal) => write('E19', { userId }, ops, signal),
  };
}
