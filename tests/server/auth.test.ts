import { afterEach, describe, expect, it } from 'vitest';
import { endpoints, ENDPOINT_IDS, scopesOf } from '../../src-shared/api/index.js';
import { startServer, type RunningServer } from '../../src-server/index.js';
import { clientOf, listPath, listScopes } from './server-fixture.js';

let server: RunningServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function start(options: Parameters<typeof startServer>[0] = {}): Promise<RunningServer> {
  server = await startServer({ quiet: true, ...options });
  return server;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

describe('token endpoint', () => {
  it('issues a JWT for client credentials, with expires_in as a string and the asked scopes', async () => {
    const s = await start();
    const answer = await clientOf(s, null).request('POST', '/login/oauth/authorize', {
      contentType: 'application/x-www-form-urlencoded',
      body: form({ grant_type: 'client_credentials', client_id: s.clientId, client_secret: s.clientSecret, scope: 'svc.api.training:read svc.api.users' }),
    });
    expect(answer.status).toBe(200);
    const body = answer.body as { access_token: string; expires_in: unknown; token_type: string };
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe('3600');
    const claims = claimsOf(body.access_token);
    expect(claims['scope']).toBe('svc.api.training:read svc.api.users');
    expect(typeof claims['exp']).toBe('number');
    const training = await clientOf(s, body.access_token).get(listPath('E18', {}));
    expect(training.status).toBe(200);
  });

  it('refuses a wrong secret, another grant and unknown scopes', async () => {
    const s = await start();
    const post = (fields: Record<string, string>) =>
      clientOf(s, null).request('POST', '/login/oauth/authorize', { contentType: 'application/x-www-form-urlencoded', body: form(fields) });
    const base = { grant_type: 'client_credentials', client_id: s.clientId, client_secret: s.clientSecret };
    expect((await post({ ...base, client_secret: 'nope' })).status).toBe(401);
    expect((await post({ ...base, grant_type: 'password' })).body).toMatchObject({ error: 'unsupported_grant_type' });
    expect((await post({ ...base, scope: 'svc.api.everything' })).body).toMatchObject({ error: 'invalid_scope' });
  });
});

describe('bearer tokens and scopes', () => {
  it('answers 401 with WWW-Authenticate when the token is missing, malformed, forged, expired or revoked', async () => {
    let now = Date.UTC(2026, 0, 1);
    const s = await start({ now: () => now });
    const path = listPath('E20', {});
    const missing = await clientOf(s, null).get(path);
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('Bearer realm="workplace"');
    expect(missing.body).toMatchObject({ status: 401, title: 'Unauthorized' });
    const garbage = await clientOf(s, 'not-a-jwt').get(path);
    expect(garbage.status).toBe(401);
    expect(garbage.headers.get('www-authenticate')).toMatch(/error="invalid_token"/);
    const [h, p] = s.token.split('.');
    expect((await clientOf(s, `${h}.${p}.forged`).get(path)).status).toBe(401);
    const short = s.issueToken(['svc.api'], 60);
    expect((await clientOf(s, short).get(path)).status).toBe(200);
    now += 61_000;
    const expired = await clientOf(s, short).get(path);
    expect(expired.status).toBe(401);
    expect((expired.body as { detail: string }).detail).toMatch(/expired/);
    const fresh = s.issueToken(['svc.api']);
    s.revokeTokens();
    expect((await clientOf(s, fresh).get(path)).status).toBe(401);
  });

  it('grants access with any one of the endpoint scopes and answers 403 naming them otherwise', async () => {
    const s = await start();
    const scopes = listScopes(s);
    for (const id of ENDPOINT_IDS.filter((e) => endpoints[e].kind === 'list')) {
      const accepted = scopesOf(endpoints[id]);
      for (const scope of accepted) {
        expect((await clientOf(s, s.issueToken([scope])).get(listPath(id, scopes[id]!))).status, `${id} with ${scope}`).toBe(200);
      }
    }
    const readOnly = s.issueToken(['svc.api:read']);
    const denied = await clientOf(s, readOnly).patch(`/api/v1.4/users/${s.sources.users[0]}`, [{ op: 'add', path: '/name', value: 'X' }]);
    expect(denied.status).toBe(403);
    const body = denied.body as { detail: string; scopes: string[] };
    expect(body.scopes).toEqual(['svc.api', 'svc.api:write', 'svc.api.users', 'svc.api.users:write']);
    expect(body.detail).toContain('svc.api.users:write');
    expect(denied.headers.get('www-authenticate')).toMatch(/insufficient_scope/);
    const otherArea = await clientOf(s, s.issueToken(['svc.api.content:read'])).get(listPath('E18', {}));
    expect(otherArea.status).toBe(403);
  });
});

describe('rate limit', () => {
  it('is off by default', async () => {
    const s = await start();
    const client = clientOf(s);
    const statuses = await Promise.all(Array.from({ length: 120 }, () => client.get(listPath('E21', {}))));
    expect(statuses.every((a) => a.status === 200)).toBe(true);
  });

  it('answers 429 with Retry-After and the errorCode body past the limit, per client and window', async () => {
    let now = Date.UTC(2026, 0, 1);
    const s = await start({ rateLimit: { perMinute: 100 }, now: () => now });
    const client = clientOf(s);
    for (let i = 0; i < 100; i++) expect((await client.get(listPath('E21', {}))).status).toBe(200);
    const refused = await client.get(listPath('E21', {}));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.body).toEqual({ errorCode: '429', message: expect.stringMatching(/Rate limit/) });
    now += 30_000;
    expect(Number((await client.get(listPath('E21', {}))).headers.get('retry-after'))).toBe(30);
    now += 30_000;
    expect((await client.get(listPath('E21', {}))).status).toBe(200);
    expect(s.data.stats().byStatus['429']).toBe(2);
    expect(s.data.stats().byEndpoint['E21']!.byStatus['200']).toBe(101);
  });

  it('shortens the minute with timeScale', async () => {
    // The server's clock is the test's: the six requests fall in one 100 ms window however slow the machine.
    let now = Date.UTC(2026, 0, 1);
    const s = await start({ rateLimit: { perMinute: 5, timeScale: 600 }, now: () => now });
    const client = clientOf(s);
    for (let i = 0; i < 5; i++) expect((await client.get(listPath('E21', {}))).status).toBe(200);
    const refused = await client.get(listPath('E21', {}));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    now += 99;
    expect((await client.get(listPath('E21', {}))).status).toBe(429);
    now += 1;
    expect((await client.get(listPath('E21', {}))).status).toBe(200);
  });
});
