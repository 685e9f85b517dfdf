import { describe, expect, it } from 'vitest';
import { problemFields } from '../../../src-main/core/outbox/problem-fields.js';

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
