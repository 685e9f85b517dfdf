import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../src-main/core/http/api-client.js';
import { createConnectivity } from '../../../../src-main/core/http/connectivity.js';
import { createRequestGate } from '../../../../src-main/core/http/request-gate.js';
import { AUTH_HOLD, createRequestRunner } from '../../../../src-main/core/http/request-runner.js';
import { silentLogger } from '../../../../src-main/core/logger.js';
import { startServer, type RunningServer } from '../../../../src-server/index.js';
import { fakeTime } from '../../helpers/fake-time.js';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function reference(): Promise<RunningServer> {
  const server = await startServer({ port: 0, quiet: true, scale: 'demo', seed: 1 });
  closers.push(() => server.close());
  return server;
}

/** A server answering every request with the same raw response. */
async function rawServer(status: number, contentType: string, body: string): Promise<string> {
  const server: Server = createServer((_req, res) => res.writeHead(status, { 'content-type': contentType }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function setup(baseUrl: string, token: () => string, onUnauthorized = async () => false, beforeSend: (n: number) => void = () => undefined) {
  const time = fakeTime(1_000_000);
  const sentAt: number[] = [];
  const connectivity = createConnectivity(true);
  const gate = createRequestGate({ clock: time.clock, sleep: time.sleep, budget: null });
  const client = createApiClient({
    baseUrl,
    getToken: async () => token(),
    fetch: async (input, init) => {
      sentAt.push(time.clock.now());
      beforeSend(sentAt.length);
      return fetch(input, init);
    },
  });
  const runner = createRequestRunner({ client, gate, connectivity, clock: time.clock, sleep: time.sleep, log: silentLogger, random: () => 0.5, onUnauthorized });
  return { time, sentAt, connectivity, gate, runner };
}

describe('request runner', () => {
  it('pauses every request for the Retry-After of a 429, then gets through', async () => {
    const server = await reference();
    server.faults.set({ throttleBurst: 1, retryAfterSeconds: 30 });
    const { runner, sentAt, gate } = setup(server.url, () => server.token);
    const body = await runner.getJson(`${server.url}/api/v1.4/userGroups?limit=1000`);
    expect(Array.isArray((body as { data: unknown[] }).data)).toBe(true);
    expect(sentAt).toHaveLength(2);
    expect(sentAt[1]! - sentAt[0]!).toBeGreaterThanOrEqual(30_000);
    expect(server.data.stats().byStatus['429']).toBe(1);
    // The pause was the gate's, which every request passes (see the gate's own tests).
    expect(gate.pausedUntil()).toBeNull();
  });

  it('retries 5xx with backoff and succeeds', async () => {
    const server = await reference();
    server.faults.set({ errorRate: 1, retryAfterSeconds: 0 });
    const { runner, sentAt } = setup(server.url, () => server.token, undefined, (n) => {
      if (n === 3) server.faults.reset();
    });
    await expect(runner.getJson(`${server.url}/api/v1.4/userGroups`)).resolves.toMatchObject({ data: expect.any(Array) });
    expect(sentAt).toHaveLength(3);
    expect(sentAt[2]! - sentAt[1]!).toBeGreaterThan(sentAt[1]! - sentAt[0]!);
  });

  it('gives up on an unreachable server with a network error, and says we are offline', async () => {
    const { runner, connectivity, sentAt } = setup('http://127.0.0.1:9', () => 't');
    await expect(runner.getJson('http://127.0.0.1:9/api/v1.4/userGroups')).rejects.toMatchObject({ name: 'ApiRequestError', code: 'network' });
    expect(sentAt).toHaveLength(5);
    // Backoff grows between attempts (500 ms base, doubled, jitter fixed at the middle).
    expect(sentAt.slice(1).map((t, i) => t - sentAt[i]!)).toEqual([375, 750, 1500, 3000]);
    expect(connectivity.online()).toBe(false);
    expect(await runner.probe()).toBe(false);
  });

  it.each([
    ['an HTML error page', 200, 'text/html', '<html><body>Gateway</body></html>', /HTML page/],
    ['truncated JSON', 200, 'application/json', '{"data":[{"id":', /does not parse/],
    ['an empty body', 200, 'application/json', '', /empty body/],
  ])('turns %s into a clear bad-body error', async (_, status, type, body, message) => {
    const base = await rawServer(status, type, body);
    const { runner, connectivity } = setup(base, () => 't');
    await expect(runner.getJson(`${base}/api/v1.4/userGroups`)).rejects.toMatchObject({ code: 'bad-body', message: expect.stringMatching(message) });
    expect(connectivity.online()).toBe(true);
  });

  it('sends again with a renewed token after a 401, and holds everything when none can be had', async () => {
    const server = await reference();
    let token = 'not-a-valid-token';
    const renewed = setup(server.url, () => token, async () => {
      token = server.token;
      return true;
    });
    await expect(renewed.runner.getJson(`${server.url}/api/v1.4/userGroups`)).resolves.toMatchObject({ data: expect.any(Array) });

    const refused = setup(server.url, () => 'still-not-valid');
    const controller = new AbortController();
    const held = refused.runner.getJson(`${server.url}/api/v1.4/userGroups`, { signal: controller.signal });
    await expect.poll(() => refused.gate.holds()).toEqual([AUTH_HOLD]);
    controller.abort();
    await expect(held).rejects.toMatchObject({ name: 'AbortError' });
  });
});
