import { describe, expect, it } from 'vitest';
import { backoffDelay, isOfflineError, isRetryable, parseRetryAfter } from '../../../../src-main/core/http/retry-timing.js';

describe('retry timing', () => {
  it.each([
    [1, 0, 250],
    [1, 0.999, 500],
    [2, 0, 500],
    [3, 0.5, 1500],
    [20, 0, 15_000],
    [20, 1, 30_000],
  ])('retry %i with random %f waits %i ms', (attempt, random, expected) => {
    expect(backoffDelay(attempt, random)).toBe(expected);
  });

  it.each([
    ['120', 120_000],
    ['0', 0],
    ['1.5', 1_500],
    [' 7 ', 7_000],
    [new Date(1_000_000 + 30_000).toUTCString(), 30_000],
    [new Date(0).toUTCString(), 0],
    ['soon', null],
    [null, null],
  ])('Retry-After %j is %j ms', (header, expected) => {
    expect(parseRetryAfter(header, 1_000_000)).toBe(expected);
  });

  it.each([
    ['network', true, true],
    ['timeout', true, true],
    ['server', true, false],
    ['rate-limited', true, false],
    ['bad-body', true, false],
    ['unauthorized', false, false],
    ['forbidden', false, false],
    ['bad-request', false, false],
    ['not-found', false, false],
    ['client', false, false],
  ] as const)('%s: retryable %s, offline %s', (code, retryable, offline) => {
    expect(isRetryable(code)).toBe(retryable);
    expect(isOfflineError(code)).toBe(offline);
  });
});
