import { ApiParseError, type EndpointDef } from '../../../src-shared/api/index.js';
import { BAD_ROWS, type ScopeState } from '../../../src-shared/store/index.js';
import { isAbort } from '../abort.js';
import { ApiRequestError } from '../http/api-request-error.js';
import { isOfflineError } from '../http/retry-timing.js';
import { isContinuation } from './pass-urls.js';
import { isDocumentedUnavailable, notFoundAtVersion } from './refused-list.js';

/**
 * What a failed pass means for its scope:
 * - `paused`: cancelled (stop, the window went away): nothing is wrong, resume later;
 * - `offline`: the server is unreachable: wait for it, the checkpoint is kept;
 * - `cursor-expired`: the pagination must be started again;
 * - `not-permitted` (403) and `not-available` (the documented reason, or a 404 at the
 *   version asked for): not retried in a loop;
 * - `error`: anything else, shown on the scope and retried with backoff.
 */
export type ScopeFailureKind = 'paused' | 'offline' | 'cursor-expired' | 'not-permitted' | 'not-available' | 'error';

export interface ScopeFailure {
  readonly kind: ScopeFailureKind;
  readonly code: string;
  readonly message: string;
}

const CURSOR_WORDS = /cursor|expired|pagination/i;

/** Codes of a store request that no window answered: it closed, or does not serve the store yet. */
const NO_WINDOW = new Set(['Disconnected', 'NoStore']);

/**
 * Whether an error only means the work was cancelled or the store went away (the window
 * closed). A store that answered with a failure of its own (a full disk, an aborted
 * transaction) is not a pause: that is an error the user must see.
 */
export function isPauseSignal(error: unknown): boolean {
  if (isAbort(error)) return true;
  const code = storeErrorCode(error);
  return code !== undefined && (code === null || NO_WINDOW.has(code));
}

/**
 * The code of a store request the window did not answer with data (a StoreUnavailableError,
 * known by its name): undefined for any other error, null for one without a code.
 */
function storeErrorCode(error: unknown): string | null | undefined {
  if (!(error instanceof Error) || error.name !== 'StoreUnavailableError') return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : null;
}

/** Decides what a pass failure means (see {@link ScopeFailureKind}). */
export function classifyScopeFailure(endpoint: EndpointDef, error: unknown): ScopeFailure {
  if (isPauseSignal(error)) {
    return { kind: 'paused', code: 'paused', message: 'paused' };
  }
  // A page that does not parse, or whose rows the window could not read as main had checked them (page-rows.ts).
  if (error instanceof ApiParseError || storeErrorCode(error) === BAD_ROWS) {
    return { kind: 'error', code: 'bad-body', message: `the server sent a page this client cannot read: ${(error as Error).message}` };
  }
  if (!(error instanceof ApiRequestError)) {
    return { kind: 'error', code: 'internal', message: error instanceof Error ? error.message : String(error) };
  }
  const { code } = error;
  const serverMessage = error.context.serverMessage;
  if (isOfflineError(code)) return { kind: 'offline', code, message: error.message };
  if (code === 'forbidden') {
    return { kind: 'not-permitted', code, message: serverMessage ?? 'the token lacks the scope for this list' };
  }
  const refused = code === 'bad-request' || code === 'not-found' || code === 'client';
  if (refused && isContinuation(error.context.url) && (code !== 'bad-request' || !serverMessage || CURSOR_WORDS.test(serverMessage))) {
    return { kind: 'cursor-expired', code, message: serverMessage ?? 'the pagination cursor is no longer valid' };
  }
  if (refused && isDocumentedUnavailable(endpoint, error.context.status, serverMessage)) {
    return { kind: 'not-available', code, message: serverMessage ?? `not available: ${endpoint.unavailableWhen}` };
  }
  const missing = notFoundAtVersion(endpoint, error.context.url, error.context.status, serverMessage);
  if (missing !== null) return { kind: 'not-available', code, message: missing };
  return { kind: 'error', code, message: error.message };
}

/** A scope's state after its pass failed, and whether the store went away (the window closed). */
export function failedState(state: ScopeState, failure: ScopeFailure, at: string, cancelled: boolean): { state: ScopeState; storeLost: boolean } {
  switch (failure.kind) {
    case 'paused':
      return { state: { ...state, status: 'paused' }, storeLost: !cancelled };
    case 'offline':
      // Not the list's fault: it waits for the connection, its checkpoint kept.
      return { state: { ...state, status: 'queued' }, storeLost: false };
    case 'not-permitted':
    case 'not-available':
      return { state: { ...state, status: failure.kind, reason: failure.message, pass: null, lastError: { code: failure.code, message: failure.message, at } }, storeLost: false };
    default:
      return { state: { ...state, status: 'error', lastError: { code: failure.code, message: failure.message, at } }, storeLost: false };
  }
}
