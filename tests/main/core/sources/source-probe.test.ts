import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../../src-main/core/http/api-client.js';
import { ApiRequestError, type ApiErrorCode } from '../../../../src-main/core/http/api-request-error.js';
import { createRequestGate } from '../../../../src-main/core/http/request-gate.js';
import { classifyProbe, probeSource } from '../../../../src-main/core/sources/source-probe.js';
import type { SourceKind } from '../../../../src-shared/store/index.js';
import { startServer, type RunningServer } from '../../../../src-server/index.js';

const failure = (code: ApiErrorCode, status: number | null, serverMessage: string | null = null) =>
  new ApiRequestError(code, `failed with ${code}`, { url: 'https://t.example/x', status, serverMessage, retryAfterMs: null });

describe('the answer of a probe', () => {
  it.each([
    ['a page with rows and a next page', { body: { data: [{ name: 'A' }, { locales: [{ title: 'B' }] }, {}, { name: 'D' }, { name: 'E' }], nextUrl: 'https://t/next' } }, { status: 'found', rows: 5, more: true, sample: ['A', 'B', 'D'] }],
    ['an empty list', { body: { data: [] } }, { status: 'found', rows: 0, more: false, sample: [] }],
    ['a list with a null nextUrl', { body: { count: 1, data: [{ id: 'x' }], nextUrl: null } }, { status: 'found', rows: 1, more: false, sample: [] }],
    ['404', { error: failure('not-found', 404) }, { status: 'not-found' }],
    ['403', { error: failure('forbidden', 403) }, { status: 'not-permitted' }],
    ['400 in the server words', { error: failure('bad-request', 400, 'The data list is of type User') }, { status: 'unavailable', message: 'The data list is of type User' }],
    ['401', { error: failure('unauthorized', 401) }, { status: 'unchecked', message: expect.stringContaining('sign in again') }],
    ['no network', { error: failure('network', null) }, { status: 'unchecked', message: expect.stringContaining('cannot be reached') }],
    ['429', { error: failure('rate-limited', 429) }, { status: 'unchecked', message: expect.stringContaining('busy') }],
    ['503', { error: failure('server', 503) }, { status: 'unchecked', message: expect.stringContaining('busy') }],
    ['a 2xx that is no list', { body: '<html>' }, { status: 'unchecked', message: expect.stringContaining('not a list') }],
    ['a timeout of the probe itself', { error: new DOMException('late', 'TimeoutError') }, { status: 'unchecked', message: expect.stringContaining('in time') }],
  ])('%s', (_what, outcome, expected) => {
    expect(classifyProbe(outcome)).toMatchObject(expected);
  });
});

describe('a probe against the reference server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ port: 0, quiet: true, scale: 'demo', seed: 3 });
  });
  afterAll(() => server.close());

  const probe = (kind: SourceKind, params: Record<string, string>, token = server.token) => {
    const requests: string[] = [];
    const client = createApiClient({
      baseUrl: server.url,
      getToken: async () => token,
      fetch: (input, init) => (requests.push(String(input instanceof Request ? input.url : input)), fetch(input, init)),
    });
    const gate = createRequestGate({ clock: { now: () => Date.now() }, sleep: async () => undefined, budget: null });
    return probeSource({ client, gate, baseUrl: () => server.url }, kind, params).then((answer) => ({ answer, requests }));
  };
  const missing = '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f';

  it('finds a task with one request for its first page of subtasks', async () => {
    const task = server.sources.tasks[0]!;
    const { answer, requests } = await probe('task', task);
    expect(answer).toMatchObject({ status: 'found', more: false });
    expect(server.data.rows('E13', task).length).toBeGreaterThan(0);
    expect(answer.status === 'found' && answer.rows).toBe(server.data.rows('E13', task).length);
    expect(requests).toEqual([`${server.url}/api/v1.4/taskmanagementmodules/${task.moduleId}/tasks/${task.taskId}/subtasks?limit=1000`]);
  });

  it('says not found for an id the workspace does not have, or ids that do not belong together', async () => {
    expect((await probe('dataList', { dataListId: missing })).answer.status).toBe('not-found');
    const a = server.sources.calendars[0]!;
    const other = server.sources.calendars.find((c) => c.moduleId !== a.moduleId);
    expect(other).toBeDefined();
    expect((await probe('calendar', { moduleId: other!.moduleId, calendarId: a.calendarId })).answer.status).toBe('not-found');
    expect((await probe('calendar', a)).answer.status).toBe('found');
  });

  it('says not permitted when the token lacks the scope', async () => {
    const token = server.issueToken(['svc.api.users:read']);
    expect((await probe('survey', server.sources.surveys[0]!, token)).answer.status).toBe('not-permitted');
  });

  it('says unavailable, in the server words, for a data list whose items cannot be listed', async () => {
    const derived = server.sources.dataLists.find((d) => d.type !== 'Standard')!;
    const { answer } = await probe('dataList', { dataListId: derived.dataListId });
    expect(answer).toMatchObject({ status: 'unavailable', message: expect.stringContaining(derived.type) });
  });
});
