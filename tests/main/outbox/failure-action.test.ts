import { describe, expect, it } from 'vitest';
import { failureAction } from '../../../src-main/core/outbox/failure-action.js';
import type { SendFailure } from '../../../src-main/core/outbox/outbox-send-error.js';
import type { ApiErrorCode } from '../../../src-main/core/http/api-request-error.js';

const failure = (code: ApiErrorCode, status: number | null, mayHaveReached = true): SendFailure => ({
  code,
  status,
  message: 'x',
  retryAfterMs: null,
  fields: [],
  mayHaveReached,
});

describe('failureAction', () => {
  it.each<[string, SendFailure, string, string]>([
    ['connection refused', failure('network', null, false), 'retry', 'retry'],
    ['connection reset', failure('network', null, true), 'retry', 'uncertain'],
    ['no answer in time', failure('timeout', null), 'retry', 'uncertain'],
    ['408 from the server', failure('timeout', 408), 'retry', 'retry'],
    ['429', failure('rate-limited', 429), 'retry', 'retry'],
    ['503', failure('server', 503), 'retry', 'retry'],
    ['500', failure('server', 500), 'retry', 'uncertain'],
    ['502', failure('server', 502), 'retry', 'uncertain'],
    ['a 2xx with an unusable body', failure('bad-body', 200), 'retry', 'uncertain'],
    ['400', failure('bad-request', 400), 'park', 'park'],
    ['403', failure('forbidden', 403), 'park', 'park'],
    ['404', failure('not-found', 404), 'park', 'park'],
    ['409', failure('client', 409), 'park', 'park'],
    ['422', failure('client', 422), 'park', 'park'],
    ['401', failure('unauthorized', 401), 'pause', 'pause'],
  ])('%s: a patch is %s, a create %s', (_, f, patch, create) => {
    expect(failureAction('patchPost', f)).toBe(patch);
    expect(failureAction('patchUser', f)).toBe(patch);
    expect(failureAction('createPost', f)).toBe(create);
  });
});
