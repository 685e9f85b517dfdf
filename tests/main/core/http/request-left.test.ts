import { describe, expect, it } from 'vitest';
import { neverLeft } from '../../../../src-main/core/http/request-left.js';

describe('neverLeft', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
  const reset = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
  it.each([
    ['a refused connection, deep in the cause chain', new TypeError('fetch failed', { cause: new Error('x', { cause: refused }) }), true],
    ['every address refused', new TypeError('fetch failed', { cause: Object.assign(new AggregateError([refused, refused]), { code: undefined }) }), true],
    ['a name that does not resolve', Object.assign(new Error('getaddrinfo'), { code: 'ENOTFOUND' }), true],
    ['a reset after sending', new TypeError('fetch failed', { cause: reset }), false],
    ['one address reset, one refused', new TypeError('fetch failed', { cause: new AggregateError([refused, reset]) }), false],
    ['an error without a code', new Error('odd'), false],
  ])('%s', (_, error, expected) => {
    expect(neverLeft(error)).toBe(expected);
  });
});
