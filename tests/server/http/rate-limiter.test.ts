import { describe, expect, it } from 'vitest';
import { isLoopback } from '../../../src-server/http/loopback.js';
import { createRateLimiter } from '../../../src-server/http/rate-limiter.js';

describe('rate limiter', () => {
  it('allows perMinute requests in any sliding minute, per client, and says how long to wait', () => {
    let now = 0;
    const limiter = createRateLimiter({ perMinute: 3, now: () => now });
    expect([1, 2, 3].map(() => limiter.take('a').ok)).toEqual([true, true, true]);
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 60 });
    expect(limiter.take('b').ok).toBe(true);
    now = 59_500;
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 1 });
    now = 60_000;
    expect([1, 2, 3].map(() => limiter.take('a').ok)).toEqual([true, true, true]);
    expect(limiter.take('a').ok).toBe(false);
  });
});

describe('isLoopback', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.8.9.1', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['::ffff:192.168.1.2', false],
    [undefined, false],
  ])('%s → %s', (address, expected) => {
    expect(isLoopback(address)).toBe(expected);
  });
});
