import { describe, expect, it } from 'vitest';
import { ApiParseError, endpoints, type EndpointId } from '../../../../src-shared/api/index.js';
import { StoreUnavailableError } from '../../../../src-shared/bridge/index.js';
import { ApiRequestError, type ApiErrorCode } from '../../../../src-main/core/http/api-request-error.js';
import { classifyScopeFailure } from '../../../../src-main/core/sync/scope-failure.js';

const first = 'https://x/api/v1.4/items?limit=1000';
const cursor = 'https://x/api/v1.4/items?limit=1000&cursor=0123456789abcdef0123456789abcdef';
const STATUS: Partial<Record<ApiErrorCode, number>> = { 'bad-request': 400, 'not-found': 404, forbidden: 403, server: 503, client: 409 };
const error = (code: ApiErrorCode, url = first, serverMessage: string | null = null) =>
  new ApiRequestError(code, `failed: ${code}`, { url, status: STATUS[code] ?? null, serverMessage, retryAfterMs: null });

describe('scope failure', () => {
  it.each<[string, EndpointId, unknown, string]>([
    ['cancelled', 'E20', new DOMException('x', 'AbortError'), 'paused'],
    ['the window closed', 'E20', new StoreUnavailableError('applyPage', 'Disconnected', 'gone'), 'paused'],
    ['unreachable', 'E20', error('network'), 'offline'],
    ['timed out', 'E20', error('timeout'), 'offline'],
    ['403', 'E20', error('forbidden'), 'not-permitted'],
    ['E1 400 on the first page', 'E1', error('bad-request', first, 'The data list is of type User.'), 'not-available'],
    ['E2 400 without words', 'E2', error('bad-request'), 'error'],
    ['E2 400 about something else', 'E2', error('bad-request', first, 'Invalid: limit.'), 'error'],
    ['E2 400 "comments disabled"', 'E2', error('bad-request', first, 'Comments are disabled for this module.'), 'not-available'],
    ['E6 404 "not enabled"', 'E6', error('not-found', first, 'Stages are not enabled on this module.'), 'not-available'],
    ['E6 400 "not enabled" about comments', 'E6', error('bad-request', first, 'Comments are not enabled.'), 'error'],
    ['E7 409 "feedback not enabled"', 'E7', error('client', first, 'Feedback is not enabled on the form.'), 'not-available'],
    ['E8 400 "not enabled" (no documented reason)', 'E8', error('bad-request', first, 'Stages are not enabled.'), 'error'],
    ['E6 plain 404: not at this version', 'E6', error('not-found', first, 'Not found'), 'not-available'],
    ['E18 404 without words: not at this version', 'E18', error('not-found', 'https://x/api/v1.3/training/lessons/participation?limit=1000'), 'not-available'],
    ['E20 400', 'E20', error('bad-request', first, 'Invalid: sort.'), 'error'],
    ['expired cursor', 'E1', error('bad-request', cursor, 'The cursor has expired (cursors last 6 hours); start a new pagination.'), 'cursor-expired'],
    ['unknown cursor 404', 'E20', error('not-found', cursor), 'cursor-expired'],
    ['400 on a cursor page about something else', 'E1', error('bad-request', cursor, 'The data list is of type User.'), 'not-available'],
    ['5xx after retries', 'E20', error('server'), 'error'],
    ['unreadable page', 'E20', new ApiParseError('E20', [{ path: '$.data', message: 'expected array' }]), 'error'],
    ['a bug', 'E20', new RangeError('oops'), 'error'],
    ['rows the window could not read', 'E20', new StoreUnavailableError('applyPage', 'BadRows', "the page's rows do not read as JSON"), 'error'],
    ['a database that failed', 'E20', new StoreUnavailableError('applyPage', 'QuotaExceededError', 'full'), 'error'],
  ])('%s on %s is %s', (_, id, failure, kind) => {
    expect(classifyScopeFailure(endpoints[id], failure).kind).toBe(kind);
  });

  it('names the version and address a 404 answered, with the server words', () => {
    const failure = classifyScopeFailure(endpoints.E18, error('not-found', 'https://x/tenant/api/v1.3/training/lessons/participation?limit=1000', 'No route'));
    expect(failure).toEqual({
      kind: 'not-available',
      code: 'not-found',
      message: 'not found at API version 1.3: GET /tenant/api/v1.3/training/lessons/participation answered 404 Not Found: No route',
    });
  });

  it('keeps the server message of any other 400 in the error', () => {
    const failure = classifyScopeFailure(endpoints.E1, new ApiRequestError('bad-request', 'the server refused the request (HTTP 400): Invalid: sort.', { url: first, status: 400, serverMessage: 'Invalid: sort.', retryAfterMs: null }));
    expect(failure).toEqual({ kind: 'error', code: 'bad-request', message: 'the server refused the request (HTTP 400): Invalid: sort.' });
  });

  it('calls rows the window could not read an unreadable page, and a failed database what it is', () => {
    expect(classifyScopeFailure(endpoints.E20, new StoreUnavailableError('applyPage', 'BadRows', "the page's rows do not read as JSON (x)"))).toEqual({
      kind: 'error',
      code: 'bad-body',
      message: "the server sent a page this client cannot read: store.applyPage: the page's rows do not read as JSON (x)",
    });
    expect(classifyScopeFailure(endpoints.E20, new StoreUnavailableError('applyPage', 'QuotaExceededError', 'full')).code).toBe('internal');
  });

  it('keeps the server words as the reason', () => {
    expect(classifyScopeFailure(endpoints.E2, error('bad-request', first, 'Comments are disabled.')).message).toBe('Comments are disabled.');
  });
});
