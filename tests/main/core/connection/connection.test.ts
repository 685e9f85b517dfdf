import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_NOTICE } from '../../../../src-main/core/connection/auth-state.js';
import { createConnection, type ConnectionOptions } from '../../../../src-main/core/connection/connection.js';
import { systemClock, realSleep } from '../../../../src-main/core/clock.js';
import { createConnectivity } from '../../../../src-main/core/http/connectivity.js';
import { createRequestGate } from '../../../../src-main/core/http/request-gate.js';
import { AUTH_HOLD } from '../../../../src-main/core/http/request-runner.js';
import { silentLogger } from '../../../../src-main/core/logger.js';
import { startServer, type RunningServer } from '../../../../src-server/index.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, quiet: true, scale: 'demo', seed: 1 });
});
afterAll(async () => {
  await server.close();
});

function connect(config: ConnectionOptions['config'], extra: Partial<ConnectionOptions> = {}) {
  const notices: string[] = [];
  const saved: unknown[] = [];
  const gate = createRequestGate({ clock: systemClock, sleep: realSleep, budget: null });
  const connection = createConnection({
    config,
    gate,
    connectivity: createConnectivity(true),
    clock: systemClock,
    sleep: realSleep,
    log: silentLogger,
    notice: (message) => void notices.push(message),
    onChange: () => undefined,
    onSecretsChanged: (next) => void saved.push(next),
    ...extra,
  });
  return { connection, gate, notices, saved };
}

describe('the connection', () => {
  it('reads and writes through one client with the pasted token, below the base URL', async () => {
    const { connection } = connect({ kind: 'token', baseUrl: `${server.url}/`, token: server.token });
    expect(connection.mode).toBe('remote');
    expect(connection.baseUrl()).toBe(server.url);
    expect(await connection.open()).toBeNull();
    const page = await connection.runner.getJson(`${server.url}/api/v1.4/userGroups?limit=1`);
    expect(page).toMatchObject({ data: expect.any(Array) });
    const userId = String(server.data.rows('E19')[0]!.id);
    const answer = await connection.client.sendJson('PATCH', `${server.url}/api/v1.4/users/${userId}`, [{ op: 'replace', path: '/title', value: 'Via the connection' }], {
      contentType: 'application/json-patch+json',
    });
    expect(answer).toMatchObject({ status: 200, body: { data: { id: userId, title: 'Via the connection' } } });
  });

  it('asks for nothing before it is opened: the request never left', async () => {
    const { connection } = connect({ kind: 'token', baseUrl: server.url, token: server.token });
    await expect(connection.client.sendJson('PATCH', `${server.url}/api/v1.4/users/x`, [])).rejects.toMatchObject({
      name: 'ApiRequestError',
      context: { neverSent: true },
    });
    expect(await connection.grantedScopes()).toBeNull();
  });

  it('starts the embedded demo server and hands over what it publishes', async () => {
    let closed = 0;
    const { connection } = connect(
      { kind: 'demo' },
      { startDemo: async () => ({ url: `${server.url}/`, token: server.token, sources: { dataLists: [] }, close: async () => void (closed += 1) }) },
    );
    expect(connection.mode).toBe('demo');
    expect(connection.baseUrl()).toBe('');
    expect(await connection.open()).toEqual({ dataLists: [] });
    expect(connection.baseUrl()).toBe(server.url);
    expect(await connection.grantedScopes()).toEqual(expect.arrayContaining(['svc.api.users:read']));
    await connection.close();
    expect(closed).toBe(1);
  });

  it('waits for a new token after a refusal it cannot renew, and takes only a secret that fits', async () => {
    const { connection, gate, notices, saved } = connect({ kind: 'token', baseUrl: server.url, token: 'not-a-token' });
    await connection.open();
    expect(await connection.auth.refused()).toBe(false);
    expect(connection.auth.needed()).toBe(true);
    expect(gate.holds()).toEqual([AUTH_HOLD]);
    expect(notices).toEqual([AUTH_NOTICE]);

    expect(connection.updateSecret({ clientSecret: 'x' })).toBe(false);
    expect(connection.auth.needed()).toBe(true);
    expect(connection.updateSecret({ token: server.token })).toBe(true);
    expect(connection.auth.needed()).toBe(false);
    expect(gate.holds()).toEqual([]);
    expect(saved).toEqual([{ kind: 'token', baseUrl: server.url, token: server.token }]);
    await expect(connection.runner.getJson(`${server.url}/api/v1.4/userGroups?limit=1`)).resolves.toMatchObject({ data: expect.any(Array) });
  });
});
