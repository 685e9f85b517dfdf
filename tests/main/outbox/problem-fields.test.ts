import { describe, expect, it } from 'vitest';
import { problemFields } from '../../../src-main/core/outbox/problem-fields.js';
import { neverLeft } from '../../../src-main/core/outbox/request-left.js';

describe('problemFields', () => {
  it.each([
    ['ProblemDetails errors by field', { title: 'One or more validation errors occurred.', errors: { Name: ['too long', 'bad'], '$.locales[0].Title': 'missing' } }, [
      { path: 'name', message: 'too long' },
      { path: 'name', message: 'bad' },
      { path: 'locales[0].title', message: 'missing' },
    ]],
    ['a list of {field, message}', { errors: [{ field: 'startDate', message: 'wrong form' }, { path: '/x', message: 'y' }, { message: 3 }] }, [
      { path: 'startDate', message: 'wrong form' },
      { path: '/x', message: 'y' },
    ]],
    ['a body without errors', { message: 'no' }, []],
    ['a text body', 'Bad Request', []],
    ['nothing', undefined, []],
  ])('%s', (_, body, expected) => {
    expect(problemFields(body)).toEqual(expected);
  });
});

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
