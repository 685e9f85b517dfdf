import { endpoints, parseResponse, versionedPath, type EndpointId } from '../../../src-shared/api/index.js';
import type { Row } from '../../../src-shared/outbox/index.js';
import type { ApiClient } from '../http/api-client.js';
import { ApiRequestError } from '../http/api-request-error.js';
import type { RequestGate } from '../http/request-gate.js';
import { URGENT_PRIORITY } from '../http/request-reserve.js';
import type { OutboxApi } from './outbox-api.js';
import { OutboxSendError, type SendFailure } from './outbox-send-error.js';
import { problemFields } from './problem-fields.js';

export interface HttpOutboxApiOptions {
  /** The client reads use too: one token, one set of timeouts, one error mapping. */
  readonly client: Pick<ApiClient, 'baseUrl' | 'sendJson'>;
  readonly now?: () => number;
  /** The client's request gate: writes then share the request budget and `Retry-After` pauses. */
  readonly gate?: Pick<RequestGate, 'run'> & Partial<Pick<RequestGate, 'pauseUntil'>>;
}

type WriteId = Extract<EndpointId, 'E3' | 'E16' | 'E19'>;

/**
 * A write's place at the gate: before every read of the sync (list pages at 0 to 10,
 * participation refreshes at 20), so edits queued offline go out as soon as the
 * workspace is back instead of after the catch-up pass's pages; after a source probe
 * (30), awaited on screen. Urgent: it may use the slots the sync leaves free.
 */
export const WRITE_PRIORITY = URGENT_PRIORITY;

/** A failure of the API client in the outbox's terms. */
export function sendFailureOf(error: ApiRequestError): SendFailure {
  const { status, retryAfterMs, body, neverSent } = error.context;
  const unusable = error.code === 'bad-body' && status !== null;
  return {
    code: error.code,
    status,
    message: unusable ? `the server accepted the request but its answer is unusable: ${error.message}` : error.message,
    retryAfterMs,
    fields: problemFields(body),
    mayHaveReached: neverSent !== true,
  };
}

/**
 * The outbox's three writes over the API client: the catalogue's URL of each, the
 * gate shared with reads, and the answer read with the catalogue's schema. Failures
 * become `OutboxSendError`s that say whether the request may have reached the server.
 */
export function createHttpOutboxApi(options: HttpOutboxApiOptions): OutboxApi {
  const { client, gate } = options;
  const now = options.now ?? Date.now;

  async function write(id: WriteId, params: Record<string, string>, body: unknown, signal: AbortSignal): Promise<Row> {
    const endpoint = endpoints[id];
    const url = `${client.baseUrl}${versionedPath(endpoint, params)}`;
    const exchange = () => client.sendJson(endpoint.method, url, body, { signal, ...(endpoint.contentType ? { contentType: endpoint.contentType } : {}) });
    let answer: { status: number; body: unknown };
    try {
      answer = gate ? await gate.run(exchange, { priority: WRITE_PRIORITY, signal }) : await exchange();
    } catch (error) {
      if (!(error instanceof ApiRequestError)) throw error;
      const failure = sendFailureOf(error);
      // `Retry-After` on a write holds the whole client (reads too), as it does for reads.
      if (failure.retryAfterMs !== null && (failure.code === 'rate-limited' || failure.code === 'server')) {
        gate?.pauseUntil?.(now() + failure.retryAfterMs);
      }
      throw new OutboxSendError(failure, { cause: error });
    }
    try {
      return parseResponse(id, answer.body) as Row;
    } catch (error) {
      const message = `the server accepted the request but its answer is unusable: ${(error as Error).message}`;
      throw new OutboxSendError({ code: 'bad-body', status: answer.status, message, retryAfterMs: null, fields: [], mayHaveReached: true }, { cause: error });
    }
  }

  return {
    createPost: (moduleId, body, signal) => write('E3', { moduleId }, body, signal),
    patchPost: (moduleId, contentId, ops, signal) => write('E16', { moduleId, contentId }, ops, signal),
    patchUser: (userId, ops, signal) => write('E19', { userId }, ops, signal),
  };
}
