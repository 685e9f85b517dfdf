import { describe, expect, it } from 'vitest';
import { createRedactor, isSecretKey, REDACTED } from '../../../../src-main/core/logging/redact.js';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjbGllbnQtMSJ9.c2lnbmF0dXJlLXBhcnQ';

describe('isSecretKey', () => {
  it.each([
    ['authorization', true], ['Authorization', true], ['proxy-authorization', true], ['cookie', true], ['set-cookie', true],
    ['token', true], ['accessToken', true], ['access_token', true], ['refresh_token', true], ['clientSecret', true],
    ['client_secret', true], ['password', true], ['apiKey', true], ['credentials', true],
    ['baseUrl', false], ['clientId', false], ['message', false], ['scope', false], ['tokenKind', false], ['status', false],
  ])('%s → %s', (key, secret) => expect(isSecretKey(key)).toBe(secret));
});

describe('redactor.text', () => {
  const r = createRedactor(['correct-horse-battery']);
  it.each([
    ['Authorization: Bearer abc.def-123', `Authorization: Bearer ${REDACTED}`],
    ['basic dXNlcjpwYXNz', `basic ${REDACTED}`],
    [`token ${JWT} refused`, `token ${REDACTED} refused`],
    ['POST grant_type=client_credentials&client_id=a&client_secret=s3cr3t&scope=x', `POST grant_type=client_credentials&client_id=a&client_secret=${REDACTED}&scope=x`],
    ['GET /x?access_token=abcdef&limit=1000', `GET /x?access_token=${REDACTED}&limit=1000`],
    ['{"access_token":"zzz","expires_in":"3600"}', `{"access_token":"${REDACTED}","expires_in":"3600"}`],
    ['https://user:pa55@tenant.example/api', `https://${REDACTED}@tenant.example/api`],
    ['the secret is correct-horse-battery, twice: correct-horse-battery', `the secret is ${REDACTED}, twice: ${REDACTED}`],
    ['errorCode=429 at https://tenant.example/api/v1.3/users', 'errorCode=429 at https://tenant.example/api/v1.3/users'],
  ])('%s', (input, expected) => expect(r.text(input)).toBe(expected));

  it('ignores secrets too short to search for, and learns new ones', () => {
    const fresh = createRedactor();
    fresh.remember('abc');
    expect(fresh.text('abc')).toBe('abc');
    fresh.remember('  a-longer-one  ');
    expect(fresh.text('x a-longer-one y')).toBe(`x ${REDACTED} y`);
  });
});

describe('redactor.value', () => {
  it('replaces secret fields whole, at any depth, and keeps the rest', () => {
    const r = createRedactor();
    expect(r.value({ baseUrl: 'https://t.example', headers: { Authorization: 'whatever', accept: 'json' }, list: [{ clientSecret: 'x' }], empty: { token: null } })).toEqual({
      baseUrl: 'https://t.example',
      headers: { Authorization: REDACTED, accept: 'json' },
      list: [{ clientSecret: REDACTED }],
      empty: { token: null },
    });
  });

  it('turns errors into plain data with message, stack and cause redacted', () => {
    const r = createRedactor(['known-secret-value']);
    const error = new Error('sent known-secret-value', { cause: new Error(`with ${JWT}`) });
    const out = r.value(error) as { message: string; stack: string; cause: { message: string } };
    expect(out.message).toBe(`sent ${REDACTED}`);
    expect(out.stack).not.toContain('known-secret-value');
    expect(out.cause.message).toBe(`with ${REDACTED}`);
  });

  it('survives cycles and depth', () => {
    const r = createRedactor();
    const a: Record<string, unknown> = { name: 'a' };
    a['self'] = a;
    expect(r.value(a)).toEqual({ name: 'a', self: '[circular]' });
  });
});
