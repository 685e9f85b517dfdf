import type { FieldError } from '../../../src-shared/outbox/index.js';
import type { ApiErrorCode } from '../http/api-request-error.js';

/** Why a write failed, in the terms the outbox decides on. */
export interface SendFailure {
  /** The HTTP layer's vocabulary (`network`, `server`, `rate-limited`, `bad-request`…). */
  readonly code: ApiErrorCode;
  /** The HTTP status, or null when no answer arrived. */
  readonly status: number | null;
  /** For the user: the server's own words where it gave some. */
  readonly message: string;
  readonly retryAfterMs: number | null;
  /** Field-level problems from a ProblemDetails `errors` member. */
  readonly fields: readonly FieldError[];
  /**
   * False only when the request certainly never left (the connection was refused, the
   * name did not resolve): a create may then be sent again without asking.
   */
  readonly mayHaveReached: boolean;
}

/** A write the server did not accept, or that got no usable answer. */
export class OutboxSendError extends Error {
  override readonly name = 'OutboxSendError';

  constructor(readonly failure: SendFailure, options?: { cause?: unknown }) {
    super(failure.message, options);
  }
}
