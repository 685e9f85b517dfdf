import type { CreatePostBody } from '../../../src-shared/api/index.js';
import type { Row, SendBatch } from '../../../src-shared/outbox/index.js';
import { isAbort } from '../abort.js';
import type { Clock } from '../clock.js';
import type { Connectivity } from '../http/connectivity.js';
import type { Outcome } from './batch-outcome.js';
import type { OutboxApi } from './outbox-api.js';
import { OutboxSendError, type SendFailure } from './outbox-send-error.js';

/** What sending one batch needs. */
export interface SendBatchDeps {
  readonly api: OutboxApi;
  readonly connectivity: Connectivity;
  readonly clock: Clock;
}

function unexpectedFailure(error: unknown): SendFailure {
  return {
    code: 'network',
    status: null,
    message: error instanceof Error ? error.message : String(error),
    retryAfterMs: null,
    fields: [],
    mayHaveReached: true,
  };
}

/** Sends one batch as one request, tells connectivity what it learned, and says the outcome (never throws). */
export async function sendBatch(deps: SendBatchDeps, batch: SendBatch, signal: AbortSignal): Promise<Outcome> {
  const { api, connectivity, clock } = deps;
  const { edit } = batch;
  try {
    let row: Row;
    if (edit.kind === 'createPost') row = await api.createPost(edit.moduleId, edit.body as CreatePostBody, signal);
    else if (edit.kind === 'patchPost') row = await api.patchPost(edit.moduleId, edit.contentId, edit.ops, signal);
    else row = await api.patchUser(edit.userId, edit.ops, signal);
    connectivity.reachable(clock.now());
    return { kind: 'sent', row };
  } catch (error) {
    if (isAbort(error)) return { kind: 'aborted' };
    const failure = error instanceof OutboxSendError ? error.failure : unexpectedFailure(error);
    if (failure.status === null && (failure.code === 'network' || failure.code === 'timeout')) connectivity.unreachable();
    else connectivity.reachable(clock.now());
    return { kind: 'failed', failure };
  }
}
