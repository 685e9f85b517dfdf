import { describe, expect, it } from 'vitest';
import { ApiParseError, endpoints, type EndpointId } from '../../../../src-shared/api/index.js';
import { StoreUnavailableError } from '../../../../src-shared/bridge/index.js';
import { ApiRequestError, type ApiErrorCode } from '../../../../src-main/core/http/api-request-error.js';
import { classifyScopeFailure } from '../../../../src-main/core/sync/scope-failure.js';

const first = 'https://x/api/v1.4/items?limit=1000';
const cursor = 'https://x/api/v1.4/items?limit=1000&cursor=0123456789abcdef0123456789abcdef';
const error = (code: ApiErrorCode, url = first, serverMessage: string | null = null) =>
  new ApiRequestError(code, `failed: ${code}`, { url, status: 400, serverMessage, retryAfterMs: null });

describe('scope failure', () => {
  it.each<[string, EndpointId, unknown, string]>([
    ['cancelled', 'E20', new DOMException('x', 'AbortError'), 'paused'],
    ['the window closed', 'E20', new StoreUnavailableError('applyPage', 'Disconnected', 'gone'), 'paused'],
    ['unreachable', 'E20', error('network'), 'offline'],
    ['timed out', 'E20', error('timeout'), 'offline'],
    ['403', 'E20', error('forbidden'), 'not-permitted'],
    ['E1 400 on the first page', 'E1', error('bad-request', first, 'The data list is of type User.'), 'not-available'],
    ['E2 400 without words', 'E2', error('bad-request'), 'not-available'],
    ['E6 404 "not enabled"', 'E6', error('not-found', first, 'Stages are not enabled on this module.'), 'not-available'],
    ['E6 plain 404', 'E6', error('not-found', first, 'Not found'), 'error'],
    ['E20 400', 'E20', error('bad-request', first, 'Invalid: sort.'), 'error'],
    ['expired cursor', 'E1', error('bad-request', cursor, 'The cursor has expired (cursors last 6 hours); start a new pagination.'), 'cursor-expired'],
    ['unknown cursor 404', 'E20', error('not-found', cursor), 'cursor-expired'],
    ['400 on a cursor page about something else', 'E1', error('bad-request', cursor, 'The data list is of type User.'), 'not-available'],
    ['5xx after retries', 'E20', error('server'), 'error'],
    ['unreadable page', 'E20', new ApiParseError('E20', [{ path: '$.data', message: 'expected array' }]), 'error'],
    ['a bug', 'E20', new RangeError('oops'), 'error'],
  ])('%s on %s is %s', (_, id, failure, kind) => {
    expect(classifyScopeFailure(endpoints[id], failure).kind).toBe(kind);
  });

  it('keeps the server words as the reason', () => {
    expect(classifyScopeFailure(endpoints.E2, error('bad-request', first, 'Comments are disabled.')).message).toBe('Comments are disabled.');
  });
});
