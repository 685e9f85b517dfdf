import { describe, expect, it } from 'vitest';
import { createClientCredentialsSource, createStaticTokenSource } from '../../../../src-main/core/auth/token-source.js';
import { ApiRequestError } from '../../../../src-main/core/http/api-request-error.js';
import { fakeTime } from '../../helpers/fake-time.js';

const jwt = (claims: Record<string, unknown>) =>
  `${Buffer.from('{"alg":"HS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

const credentials = { baseUrl: 'https://tenant.example/', clientId: 'id', clientSecret: 'secret', scopes: ['svc.api.users:read', 'svc.api.training'] };

describe('token sources', () => {
  it('asks for a client-credentials token once, and renews it before it expires', async () => {
    const time = fakeTime(1_000_000);
    const forms: { url: string; form: Record<string, string> }[] = [];
    let n = 0;
    const source = createClientCredentialsSource(credentials, {
      clock: time.clock,
      client: {
        postForm: async (url, form) => {
          forms.push({ url, form });
          n += 1;
          return { access_token: jwt({ scope: 'svc.api.users:read', n }), expires_in: '3600', token_type: 'Bearer' };
        },
      },
    });
    expect(source.scopes()).toBeNull();
    const [a, b] = await Promise.all([source.getToken(), source.getToken()]);
    expect(a).toBe(b);
    expect(forms).toEqual([
      { url: 'https://tenant.example/login/oauth/authorize', form: { grant_type: 'client_credentials', client_id: 'id', client_secret: 'secret', scope: 'svc.api.users:read svc.api.training' } },
    ]);
    expect(source.scopes()).toEqual(['svc.api.users:read']);
    time.advance(3600_000 - 6 * 60_000);
    expect(await source.getToken()).toBe(a);
    time.advance(2 * 60_000);
    expect(await source.getToken()).not.toBe(a);
    expect(forms).toHaveLength(2);
  });

  it('says the credentials were refused, and takes a new secret', async () => {
    const time = fakeTime();
    let secretOk = false;
    const source = createClientCredentialsSource(credentials, {
      clock: time.clock,
      client: {
        postForm: async (_url, form) => {
          if (!secretOk || form.client_secret !== 'new') {
            throw new ApiRequestError('bad-request', 'refused', { url: 'u', status: 400, serverMessage: 'invalid_client', retryAfterMs: null });
          }
          return { access_token: 'opaque', expires_in: 60 };
        },
      },
    });
    await expect(source.getToken()).rejects.toMatchObject({ code: 'unauthorized', message: expect.stringContaining('invalid_client') });
    expect(await source.renew()).toBe(false);
    secretOk = true;
    source.update({ clientSecret: 'new' });
    expect(await source.getToken()).toBe('opaque');
    expect(source.scopes()).toEqual(credentials.scopes);
  });

  it('refuses a pasted token that has expired, and takes a new one', async () => {
    const time = fakeTime(2_000_000_000_000);
    const source = createStaticTokenSource(jwt({ exp: 1_900_000_000, scope: 'svc.api' }), time.clock);
    await expect(source.getToken()).rejects.toMatchObject({ code: 'unauthorized' });
    expect(await source.renew()).toBe(false);
    source.update({ token: 'opaque' });
    expect(await source.getToken()).toBe('opaque');
    expect(source.scopes()).toBeNull();
  });
});
