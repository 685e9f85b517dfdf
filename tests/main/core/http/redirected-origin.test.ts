import { describe, expect, it } from 'vitest';
import { redirectedOrigin } from '../../../../src-main/core/http/redirected-origin.js';

describe('redirectedOrigin', () => {
  it.each([
    ['same URL', 'https://a.example/api/x', 'https://a.example/api/x', null],
    ['another path on the same origin', 'https://a.example/api/x', 'https://a.example/other', null],
    ['another host', 'https://a.example/api/x', 'https://b.example/api/x', 'https://b.example'],
    ['another port', 'http://127.0.0.1:8080/x', 'http://127.0.0.1:9090/x', 'http://127.0.0.1:9090'],
    ['another scheme', 'https://a.example/x', 'http://a.example/x', 'http://a.example'],
    ['no final URL known', 'https://a.example/x', '', null],
    ['a URL that does not parse', 'not a url', 'https://b.example/', null],
  ])('%s', (_, requested, answered, expected) => {
    expect(redirectedOrigin(requested, answered)).toBe(expected);
  });
});
