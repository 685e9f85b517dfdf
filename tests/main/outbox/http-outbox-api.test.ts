import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src-main/core/http/api-client.js';
import { systemClock, realSleep } from '../../../src-main/core/clock.js';
import { createRequestGate } from '../../../src-main/core/http/request-gate.js';
import { createHttpOutboxApi } from '../../../src-main/core/outbox/http-outbox-api.js';
import { OutboxSendError, type SendFailure } from '../../../src-main/core/outbox/outbox-send-error.js';
import { startServer, type RunningServer } from '../../../src-server/index.js';
import type { CreatePostBody } from '../../../src-shared/api/index.js';

let server: RunningServer;
let moduleId: string;
let userId: string;
const signal = new AbortController().signal;

beforeAll(async () => {
  server = await startServer({ quiet: true });
  moduleId = String(server.data.rows('E9')[0]!.id);
  userId = String(server.data.rows('E19')[0]!.id);
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.faults.reset();
});

const body = (name: string): CreatePostBody => ({
  name,
  startDate: '2026-03-01T09:00:00',
  locales: [{ culture: 'en-GB', title: name, bodyText: '**hi**' }],
  permissions: [{ departments: [], userGroups: [] }],
});

async function failureOf(promise: Promise<unknown>): Promise<SendFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OutboxSendError) return error.failure;
    throw error;
  }
  throw new Error('expected a failure');
}

/** The outbox's writes over a client of their own. */
function outboxApi(baseUrl: string, getToken: () => Promise<string>) {
  return createHttpOutboxApi({ client: createApiClient({ baseUrl, getToken }) });
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('the outbox writes over HTTP, against the reference server', () => {
  const api = () => outboxApi(server.url, async () => server.token);

  it('creates a post (v1.3) and patches it (v1.4) and a user, answering with the server rows', async () => {
    const created = await api().createPost(moduleId, body('Over HTTP'), signal);
    expect(created).toMatchObject({ locales: [{ title: 'Over HTTP' }] });
    const id = String(created.id);
    const patched = await api().patchPost(moduleId, id, [{ op: 'replace', path: '/locales', value: [{ culture: 'de-DE', title: 'Neu', bodyText: 'x' }] }], signal);
    expect(patched).toMatchObject({ id, locales: [{ culture: 'de-DE', title: 'Neu' }] });
    const user = await api().patchUser(userId, [{ op: 'replace', path: '/title', value: 'Driver' }], signal);
    expect(user).toMatchObject({ id: userId, title: 'Driver' });
    expect(server.data.stats().byEndpoint['E3']?.byStatus['201']).toBe(1);
  });

  it('carries the server words and fields of a refusal', async () => {
    const failure = await failureOf(api().createPost(moduleId, { ...body('x'), startDate: 'tomorrow' }, signal));
    expect(failure).toMatchObject({ code: 'bad-request', status: 400, mayHaveReached: true });
    expect(failure.fields.map((f) => f.path)).toContain('startDate');
    const missing = await failureOf(api().patchUser('00000000-0000-4000-8000-000000000000', [{ op: 'replace', path: '/title', value: 'x' }], signal));
    expect(missing).toMatchObject({ code: 'not-found', status: 404 });
    expect(missing.message).toMatch(/No user/);
  });

  it('reads 429 with its Retry-After, and 401', async () => {
    server.faults.set({ throttleBurst: 1, retryAfterSeconds: 3 });
    expect(await failureOf(api().patchUser(userId, [{ op: 'replace', path: '/title', value: 'x' }], signal))).toMatchObject({
      code: 'rate-limited',
      status: 429,
      retryAfterMs: 3000,
    });
    const anonymous = outboxApi(server.url, async () => 'not-a-token');
    expect(await failureOf(anonymous.patchUser(userId, [{ op: 'replace', path: '/title', value: 'x' }], signal))).toMatchObject({ code: 'unauthorized', status: 401 });
  });

  it('says a reset answer may have reached the server (it did), and a refused connection did not', async () => {
    server.faults.set({ resetRate: 1 });
    const before = server.data.rows('E16', {}).length;
    const reset = await failureOf(api().createPost(moduleId, body('Lost answer'), signal));
    expect(reset).toMatchObject({ code: 'network', status: null, mayHaveReached: true });
    expect(server.data.rows('E16', {}).length).toBe(before + 1);

    const nowhere = outboxApi(`http://127.0.0.1:${await closedPort()}`, async () => 't');
    expect(await failureOf(nowhere.createPost(moduleId, body('never'), signal))).toMatchObject({ code: 'network', mayHaveReached: false });
  });

  it('calls a 2xx with a cut-off body unusable, and a token that could not be had a request that never left', async () => {
    server.faults.set({ truncateRate: 1 });
    expect(await failureOf(api().patchUser(userId, [{ op: 'replace', path: '/title', value: 'y' }], signal))).toMatchObject({ code: 'bad-body', status: 200, mayHaveReached: true });
    server.faults.reset();
    const noToken = outboxApi(server.url, async () => {
      throw Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }) });
    });
    expect(await failureOf(noToken.createPost(moduleId, body('no token'), signal))).toMatchObject({ mayHaveReached: false });
  });

  it('goes through the gate before the sync pages and participation refreshes queued ahead of it', async () => {
    const gate = createRequestGate({ clock: systemClock, sleep: realSleep, budget: null });
    const order: string[] = [];
    const client = createApiClient({ baseUrl: server.url, getToken: async () => server.token });
    const writes = createHttpOutboxApi({
      client: { baseUrl: client.baseUrl, sendJson: (...args) => (order.push('write'), client.sendJson(...args)) },
      gate,
    });
    // Held (as while offline or waiting for the budget), a catch-up pass queues its pages first.
    gate.hold('test', true);
    const reads = [0, 5, 10, 20].map((priority) => gate.run(async () => order.push(`read ${priority}`), { priority }));
    const write = writes.patchUser(userId, [{ op: 'replace', path: '/title', value: 'First out' }], signal);
    gate.hold('test', false);
    await Promise.all([...reads, write]);
    expect(order).toEqual(['write', 'read 20', 'read 10', 'read 5', 'read 0']);
  });
});
