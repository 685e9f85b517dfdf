import {
  postTarget,
  remapTemporaryIds,
  type OutboxEntry,
  type OutboxError,
  type Row,
  type Target,
} from '../../../src-shared/outbox/index.js';
import { failureAction } from './failure-action.js';
import type { SendFailure } from './outbox-send-error.js';

/** What came of one request. */
export type Outcome =
  | { readonly kind: 'sent'; readonly row: Row }
  | { readonly kind: 'failed'; readonly failure: SendFailure }
  /** Cancelled by `stop()`: whether it reached the server is unknown. */
  | { readonly kind: 'aborted' };

/** How the outbox records an outcome. */
export interface OutcomeStep {
  /** The entries' new states (and remapped later edits), in order. */
  readonly entries: readonly OutboxEntry[];
  /** Journal them before the database: a create's state, a refusal, a success. */
  readonly durable: boolean;
  /** The server's answer: the copy of `target` to install. */
  readonly settle: { readonly target: Target; readonly row: Row } | null;
  /** Before the next request: a wait in ms, `unauthorized` (renew the token or pause), or nothing. */
  readonly next: number | 'unauthorized' | null;
  /** The entry the server refused, for the user to be told. */
  readonly refused: OutboxEntry | null;
  /** Whether the batch's target sends its edits one per request from now on (null: as before). */
  readonly alone: boolean | null;
}

function errorOf(failure: SendFailure): OutboxError {
  return {
    ...(failure.status !== null ? { status: failure.status } : {}),
    code: failure.code,
    message: failure.message,
    ...(failure.fields.length > 0 ? { fields: [...failure.fields] } : {}),
  };
}

const step = (entries: readonly OutboxEntry[], durable: boolean, rest: Partial<OutcomeStep> = {}): OutcomeStep => ({
  entries,
  durable,
  settle: null,
  next: null,
  refused: null,
  alone: null,
  ...rest,
});

/**
 * Decides how to record the outcome of a request that carried `batch` (in order, the
 * head first). `all` is every entry (for remapping a created post's later edits);
 * `delay` gives the backoff before retry number `attempts`.
 */
export function outcomeStep(
  batch: readonly OutboxEntry[],
  all: readonly OutboxEntry[],
  outcome: Outcome,
  at: string,
  delay: (attempts: number) => number,
): OutcomeStep {
  const head = batch[0]!;
  const isCreate = head.edit.kind === 'createPost';
  const requeue = (e: OutboxEntry): OutboxEntry => ({ ...e, state: 'queued', updatedAt: at });

  if (outcome.kind === 'sent') {
    const sent = batch.map((e): OutboxEntry => ({ ...e, state: 'sent', attempts: e.attempts + 1, lastError: null, updatedAt: at }));
    if (head.edit.kind !== 'createPost') return step(sent, true, { settle: { target: head.target, row: outcome.row }, alone: false });
    const serverId = String(outcome.row['id']);
    const ids = new Map([[head.edit.tempId, serverId]]);
    const next = remapTemporaryIds(all, ids);
    const remapped = next.filter((e, i) => e !== all[i]).map((e) => ({ ...e, updatedAt: at }));
    return step([{ ...sent[0]!, serverId }, ...remapped], true, {
      settle: { target: postTarget(head.edit.moduleId, serverId), row: outcome.row },
      alone: false,
    });
  }

  if (outcome.kind === 'aborted') {
    if (!isCreate) return step(batch.map(requeue), false);
    return step(
      [{ ...head, state: 'uncertain', updatedAt: at, lastError: { code: 'interrupted', message: 'Sending was cancelled: the post may or may not have been created.' } }],
      true,
    );
  }

  const { failure } = outcome;
  const lastError = errorOf(failure);
  const action = failureAction(head.edit.kind, failure);
  switch (action) {
    case 'retry': {
      const retried = batch.map((e): OutboxEntry => ({ ...e, state: 'queued', attempts: e.attempts + 1, lastError, updatedAt: at }));
      return step(retried, isCreate, { next: failure.retryAfterMs ?? delay(retried[0]!.attempts) });
    }
    case 'pause':
      return step(batch.map((e): OutboxEntry => ({ ...e, state: 'queued', lastError, updatedAt: at })), isCreate, { next: 'unauthorized' });
    case 'park':
      if (batch.length > 1 && (failure.status === 400 || failure.status === 422)) {
        // The server refused the content of a merged patch: its edits go one by one so
        // that only the culprit is parked. (403, 404… are about the target: the head is
        // parked and the rest waits behind it.)
        return step(batch.map(requeue), false, { alone: true });
      }
      break;
    case 'uncertain':
      break;
  }
  const parked: OutboxEntry = {
    ...head,
    state: action === 'park' ? 'needs-attention' : 'uncertain',
    attempts: head.attempts + 1,
    lastError,
    updatedAt: at,
  };
  return step([parked, ...batch.slice(1).map(requeue)], true, { refused: action === 'park' ? parked : null });
}
