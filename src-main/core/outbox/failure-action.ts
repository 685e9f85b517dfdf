import type { OutboxEdit } from '../../../src-shared/outbox/index.js';
import type { SendFailure } from './outbox-send-error.js';

/**
 * What the outbox does after a failed write:
 * - `retry`: keep it queued and send it again after a backoff (or `Retry-After`);
 * - `park`: the server refused it (4xx); it needs the user, other targets go on;
 * - `pause`: the token was refused; nothing is sent until there is a new one;
 * - `uncertain`: a create that may have been carried out without our hearing of it;
 *   sending it again could make a second post, so only the user may decide.
 */
export type FailureAction = 'retry' | 'park' | 'pause' | 'uncertain';

/**
 * Decides from the failure and the kind of edit. A PATCH of whole fields is
 * idempotent, so any failure that is not a refusal is retried. A create is retried only
 * when the server cannot have acted on it: the request never left, or the answer says
 * it was turned away before any work (408, 429, 503).
 */
export function failureAction(kind: OutboxEdit['kind'], failure: SendFailure): FailureAction {
  const retryOrUncertain: FailureAction = kind === 'createPost' ? 'uncertain' : 'retry';
  switch (failure.code) {
    case 'unauthorized':
      return 'pause';
    case 'forbidden':
    case 'bad-request':
    case 'not-found':
    case 'client':
      return 'park';
    case 'rate-limited':
      return 'retry';
    case 'timeout':
      return failure.status === 408 ? 'retry' : retryOrUncertain;
    case 'server':
      return failure.status === 503 ? 'retry' : retryOrUncertain;
    case 'network':
      return failure.mayHaveReached ? retryOrUncertain : 'retry';
    case 'bad-body':
    case 'too-large':
      return retryOrUncertain;
  }
}
