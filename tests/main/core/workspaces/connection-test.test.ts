import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { WorkspaceDraft } from '../../../../src-shared/workspaces/index.js';
import { testConnection } from '../../../../src-main/core/workspaces/connection-test.js';
import { startServer, type RunningServer } from '../../../../src-server/index.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function server(): Promise<RunningServer> {
  const running = await startServer({ port: 0, quiet: true, scale: 'demo', seed: 1, rateLimit: { perMinute: 100 } });
  cleanups.push(() => running.close());
  return running;
}

async function plainServer(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const http: Server = createServer(handler);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => http.close(() => resolve())));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

const client = (baseUrl: string, clientId: string, clientSecret: string): WorkspaceDraft => ({
  baseUrl,
  auth: { kind: 'client', clientId, clientSecret },
  scopePrefix: 'svc.api',
  requestBudgetPerMinute: 100,
});
const token = (baseUrl: string, value: string): WorkspaceDraft => ({ baseUrl, auth: { kind: 'token', token: value }, scopePrefix: 'svc.api', requestBudgetPerMinute: 100 });

describe('testConnection (over real HTTP)', () => {
  it('says the workspace answered, with the scopes and every area open', async () => {
    const srv = await server();
    const result = await testConnection(client(srv.url, srv.clientId, srv.clientSecret));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.baseUrl).toBe(srv.url);
    expect(result.scopes).toContain('svc.api');
    expect(result.closed).toEqual([]);
    expect(result.open).toEqual(expect.arrayContaining(['content', 'users', 'training', 'datalists']));
  });

  it('names the areas a narrower token leaves closed', async () => {
    const srv = await server();
    const result = await testConnection(token(srv.url, srv.issueToken(['svc.api.users:read', 'svc.api.content'])));
    expect(result.ok && [...result.open].sort()).toEqual(['content', 'users']);
    expect(result.ok && result.closed).toContain('training');
  });

  it('says the secret is wrong when the token endpoint refuses it', async () => {
    const srv = await server();
    const result = await testConnection(client(srv.url, srv.clientId, 'not-the-secret'));
    expect(result).toMatchObject({ ok: false, problem: 'wrong-secret' });
    expect(JSON.stringify(result)).not.toContain('not-the-secret');
  });

  it('says the scopes are missing when the API answers 403', async () => {
    const srv = await server();
    const result = await testConnection(token(srv.url, srv.issueToken(['other.scope'])));
    expect(result).toMatchObject({ ok: false, problem: 'scopes-missing', scopes: ['other.scope'] });
  });

  it('says a pasted token was refused once the server revoked it', async () => {
    const srv = await server();
    const pasted = srv.issueToken(['svc.api']);
    srv.revokeTokens();
    expect(await testConnection(token(srv.url, pasted))).toMatchObject({ ok: false, problem: 'token-refused' });
  });

  it('says nothing answers at a closed port', async () => {
    const url = await plainServer((_req, res) => res.end());
    await cleanups.pop()!();
    const result = await testConnection(client(url, 'id', 'secret'));
    expect(result).toMatchObject({ ok: false, problem: 'unreachable', title: 'Nothing answers at this address' });
    expect(!result.ok && result.detail).toMatch(/ECONNREFUSED/);
  });

  it('says a web site is not this API, quoting what answered', async () => {
    const url = await plainServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<html><title>Acme intranet</title></html>');
    });
    const result = await testConnection(client(url, 'id', 'secret'));
    expect(result).toMatchObject({ ok: false, problem: 'not-this-api' });
    expect(!result.ok && result.detail).toMatch(/^\/login\/oauth\/authorize answered HTTP 404/);
  });

  it('says a JSON service that is not this API is not it', async () => {
    const url = await plainServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"up"}');
    });
    const result = await testConnection(token(url, 'opaque-token'));
    expect(result).toMatchObject({ ok: false, problem: 'not-this-api' });
  });
});
