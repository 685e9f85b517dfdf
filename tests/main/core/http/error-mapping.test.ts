import { NetworkError, TimeoutError } from 'ky';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../../src-main/core/http/api-request-error.js';
import { codeOfStatus, httpError, serverMessageOf, toApiRequestError } from '../../../../src-main/core/http/error-mapping.js';

describe('error mapping', () => {
  it.each([
    [400, 'bad-request'],
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not-found'],
    [408, 'timeout'],
    [409, 'client'],
    [429, 'rate-limited'],
    [500, 'server'],
    [503, 'server'],
  ] as const)('HTTP %i is %s', (status, code) => {
    expect(codeOfStatus(status)).toBe(code);
  });

  it.each([
    [{ errorCode: '429', message: 'Too many requests' }, 'Too many requests'],
    [{ type: 'x', title: 'Bad Request', status: 400, detail: 'The data list is of type User.' }, 'The data list is of type User.'],
    [{ title: 'Forbidden' }, 'Forbidden'],
    ['plain words', 'plain words'],
    ['<html><body>502</body></html>', null],
    [undefined, null],
    [{ other: 1 }, null],
  ])('server message of %j is %j', (body, expected) => {
    expect(serverMessageOf(body)).toBe(expected);
  });

  it('keeps the Retry-After of a 429 and the server words', () => {
    const error = httpError(429, 'http://x/api', { errorCode: '429', message: 'slow down' }, '3', 0);
    expect(error.code).toBe('rate-limited');
    expect(error.context).toEqual({ url: 'http://x/api', status: 429, serverMessage: 'slow down', retryAfterMs: 3000 });
    expect(error.message).toContain('slow down');
  });

  it('maps ky and fetch failures, and leaves cancellation alone', () => {
    const request = new Request('http://x/');
    expect((toApiRequestError(new NetworkError(request), 'u', 0) as ApiRequestError).code).toBe('network');
    expect((toApiRequestError(new TimeoutError(request), 'u', 0) as ApiRequestError).code).toBe('timeout');
    expect((toApiRequestError(new TypeError('terminated'), 'u', 0) as ApiRequestError).code).toBe('network');
    const abort = new DOMException('stop', 'AbortError');
    expect(toApiRequestError(abort, 'u', 0)).toBe(abort);
  });
});
