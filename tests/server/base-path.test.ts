import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src-server/index.js';
import { clientOf, followAll, type Client } from './server-fixture.js';

let server: RunningServer;
let client: Client;

beforeAll(async () => {
  server = await startServer({ quiet: true, basePath: 'tenant-a/', versions: { E20: '1.3' } });
  client = clientOf(server);
});
afterAll(() => server.close());

describe('a server behind a path prefix', () => {
  it('serves every route below the prefix, and nothing at the bare root', async () => {
    expect(new URL(server.url).pathname).toBe('/tenant-a');
    expect((await client.get(`${server.url}/api/v1.3/contentmodules`)).status).toBe(200);
    expect((await client.get(`${server.url}/demo/sources`)).status).toBe(200);
    const bare = new URL(server.url).origin;
    expect((await client.get(`${bare}/api/v1.3/contentmodules`)).status).toBe(404);
  });

  it('pages with nextUrls that keep the prefix', async () => {
    const { rows, pages } = await followAll(client, `${server.url}/api/v1.4/communication/notifications/channels?limit=2`);
    expect(pages).toBeGreaterThan(1);
    expect(rows.length).toBe(server.data.rows('E21').length);
  });

  it('serves an overridden endpoint at its tenant version only, with a 404 at the documented one', async () => {
    expect((await client.get(`${server.url}/api/v1.3/userGroups`)).status).toBe(200);
    const documented = await client.get(`${server.url}/api/v1.4/userGroups`);
    expect(documented.status).toBe(404);
    expect((documented.body as { detail: string }).detail).toContain('/tenant-a/api/v1.4/userGroups');
  });

  it('issues tokens at the prefixed login address', async () => {
    const answer = await client.request('POST', `${server.url}/login/oauth/authorize`, {
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: server.clientId, client_secret: server.clientSecret, scope: 'svc.api' }).toString(),
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(answer.status, answer.text).toBe(200);
  });
});
