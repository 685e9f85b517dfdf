import { describe, expect, it } from 'vitest';
import { causeCodesOf, causeMessageOf, classifyConnectionFailure, type FailureFacts } from '../../../../src-main/core/workspaces/connection-failure.js';

const facts = (over: Partial<FailureFacts>): FailureFacts => ({
  stage: 'request',
  authKind: 'client',
  code: 'network',
  status: null,
  serverMessage: null,
  message: 'the server could not be reached',
  causeCodes: [],
  causeMessage: null,
  path: null,
  ...over,
});

describe('classifyConnectionFailure', () => {
  it.each<[string, Partial<FailureFacts>, string, RegExp]>([
    ['token endpoint 401 with client credentials', { stage: 'token', code: 'unauthorized', status: 401 }, 'wrong-secret', /client id or secret is wrong/],
    ['token endpoint 400 invalid_client', { stage: 'token', code: 'bad-request', status: 400, serverMessage: 'invalid_client' }, 'wrong-secret', /client id or secret/],
    ['pasted token expired before any request', { stage: 'token', authKind: 'token', code: 'unauthorized', status: 401 }, 'token-refused', /access token was refused/],
    ['API 401 on a pasted token', { authKind: 'token', code: 'unauthorized', status: 401 }, 'token-refused', /access token was refused/],
    ['API 401 on an issued token', { code: 'unauthorized', status: 401 }, 'token-refused', /refused its own token/],
    ['API 403', { code: 'forbidden', status: 403 }, 'scopes-missing', /may read nothing/],
    ['connection refused', { causeCodes: ['ECONNREFUSED'] }, 'unreachable', /Nothing answers/],
    ['no such host', { causeCodes: ['ENOTFOUND'] }, 'unreachable', /No server has this name/],
    ['a blocked port, no code', { causeMessage: 'bad port' }, 'unreachable', /Nothing answers/],
    ['expired certificate', { causeCodes: ['CERT_HAS_EXPIRED'] }, 'tls', /certificate was not accepted/],
    ['self-signed certificate', { causeCodes: ['DEPTH_ZERO_SELF_SIGNED_CERT'] }, 'tls', /certificate/],
    ['certificate for another name', { causeCodes: ['ERR_TLS_CERT_ALTNAME_INVALID'] }, 'tls', /certificate/],
    ['https to a plain http port', { causeCodes: ['EPROTO'], causeMessage: 'wrong version number' }, 'tls', /does not speak HTTPS/],
    ['token endpoint 404', { stage: 'token', code: 'not-found', status: 404, path: '/login/oauth/authorize' }, 'not-this-api', /not a Workplace API/],
    ['token endpoint 405 from a web page server', { stage: 'token', code: 'client', status: 405 }, 'not-this-api', /not a Workplace API/],
    ['an HTML page instead of JSON', { code: 'bad-body', status: 200, message: 'the server sent an HTML page instead of JSON: <html>' }, 'not-this-api', /not a Workplace API/],
    ['API 404', { code: 'not-found', status: 404 }, 'not-this-api', /not a Workplace API/],
    ['timeout', { code: 'timeout' }, 'timeout', /did not answer in time/],
    ['5xx', { code: 'server', status: 502 }, 'server-error', /failed to answer/],
    ['429', { code: 'rate-limited', status: 429 }, 'rate-limited', /asks to wait/],
  ])('%s → %s', (_case, over, problem, title) => {
    const report = classifyConnectionFailure(facts(over));
    expect(report.problem).toBe(problem);
    expect(report.title).toMatch(title);
    expect(report.message.length).toBeGreaterThan(20);
  });

  it('says what answered, and where', () => {
    const report = classifyConnectionFailure(facts({ stage: 'token', code: 'client', status: 405, path: '/login/oauth/authorize' }));
    expect(report.detail).toBe('/login/oauth/authorize answered HTTP 405');
    const html = classifyConnectionFailure(facts({ code: 'bad-body', status: 200, message: 'the server sent an HTML page instead of JSON: <title>Portal</title>', path: '/api/v1.4/userGroups' }));
    expect(html.detail).toBe('/api/v1.4/userGroups answered HTTP 200: an HTML page instead of JSON: <title>Portal</title>');
  });

  it('gives the low-level reason of an unreachable address', () => {
    expect(classifyConnectionFailure(facts({ causeCodes: ['ECONNREFUSED'], causeMessage: 'connect ECONNREFUSED 127.0.0.1:1' })).detail).toBe(
      'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:1',
    );
  });
});

describe('cause chain', () => {
  it('collects codes through causes and AggregateErrors, and the innermost message', () => {
    const inner = Object.assign(new Error('connect ECONNREFUSED ::1:80'), { code: 'ECONNREFUSED' });
    const error = new TypeError('fetch failed', { cause: new AggregateError([inner], 'all failed') });
    expect(causeCodesOf(error)).toEqual(['ECONNREFUSED']);
    expect(causeMessageOf(new Error('outer', { cause: new Error('inner') }))).toBe('inner');
    expect(causeMessageOf(undefined)).toBeNull();
  });
});
