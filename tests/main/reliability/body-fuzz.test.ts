import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiParseError,
  ENDPOINT_IDS,
  endpoints,
  parseListPage,
  parseResponse,
  versionedPath,
  type EndpointId,
} from '../../../src-shared/api/index.js';
import { createApiClient } from '../../../src-main/core/http/api-client.js';
import { ApiRequestError } from '../../../src-main/core/http/api-request-error.js';
import { createHttpOutboxApi } from '../../../src-main/core/outbox/http-outbox-api.js';
import { OutboxSendError } from '../../../src-main/core/outbox/outbox-send-error.js';
import { startServer, type RunningServer } from '../../../src-server/index.js';

/**
 * Real bodies of every endpoint, taken from the reference server, then mutated as text
 * (cut short, bytes dropped, inserted or repeated, nesting blown up, the type changed)
 * and read the way main reads them: through the HTTP client and the catalogue's parser.
 * Each read must end in a value or a clear error of ours, never a crash or a hang
 * (a hang is caught by the runner's timeout). The structured-value fuzz of the parsers
 * lives beside the catalogue (tests/shared/api/fuzz.test.ts); this one adds the raw text.
 * `FUZZ_SEED` and `FUZZ_RUNS` replay a failure or search longer.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 90_210);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

let server: RunningServer;
const bodies = new Map<EndpointId, string>();

async function get(path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${server.token}` } });
  return { status: response.status, text: await response.text() };
}

async function write(id: 'E3' | 'E16' | 'E19', params: Record<string, string>, body: unknown): Promise<string> {
  const endpoint = endpoints[id];
  const response = await fetch(`${server.url}${versionedPath(endpoint, params)}`, {
    method: endpoint.method,
    headers: { authorization: `Bearer ${server.token}`, 'content-type': endpoint.contentType ?? 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok, id).toBe(true);
  return response.text();
}

/** A real body of every endpoint: a short page of each list, one participation, one answer of each write. */
async function collectBodies(): Promise<void> {
  const s = server.sources;
  const module = s.serviceformModules.find((m) => m.stagesEnabled)!;
  const forms = server.data.rows('E12', { moduleId: module.moduleId });
  const task = s.tasks[0]!;
  const subtask = server.data.rows('E13', task)[0]!;
  const calendar = s.calendars[0]!;
  const participation = server.data.rows('E4', calendar)[0]!;
  const post = s.contentPosts.find((p) => p.commentsEnabled)!;
  const candidates: Partial<Record<EndpointId, Record<string, string>[]>> = {
    E1: [{ dataListId: s.dataLists.find((d) => d.type === 'Standard')!.dataListId }],
    E2: [{ moduleId: post.moduleId, contentId: post.contentId }],
    E4: [calendar],
    E5: [{ ...calendar, participationId: String(participation.id) }],
    E11: [s.surveys[0]!],
    E12: [{ moduleId: module.moduleId }],
    E13: [task],
    E14: [s.taskModules[0]!],
    E17: [{ ...task, subtaskId: String(subtask.id) }],
  };
  for (const id of ['E6', 'E7', 'E8', 'E10', 'E15'] as const) {
    candidates[id] = forms.map((f) => ({ moduleId: module.moduleId, formId: String(f.id) }));
  }
  for (const id of ENDPOINT_IDS) {
    const endpoint = endpoints[id];
    if (endpoint.kind === 'create' || endpoint.kind === 'patch') continue;
    for (const params of candidates[id] ?? [{}]) {
      const answer = await get(`${versionedPath(endpoint, params)}${endpoint.kind === 'list' ? '?limit=3' : ''}`);
      if (answer.status === 200) {
        bodies.set(id, answer.text);
        break;
      }
    }
  }
  const moduleId = post.moduleId;
  bodies.set('E3', await write('E3', { moduleId }, {
    name: 'Fuzz', startDate: '2026-01-01T08:00:00', locales: [{ culture: 'en-GB', title: 'Fuzz', bodyText: '**bold** <i>x</i>' }], permissions: [{ departments: [], userGroups: [] }],
  }));
  bodies.set('E16', await write('E16', { moduleId, contentId: post.contentId }, [{ op: 'replace', path: '/locales', value: [{ culture: 'en-GB', title: 'Fuzzed', bodyText: 'x' }] }]));
  bodies.set('E19', await write('E19', { userId: s.users[0]! }, [{ op: 'replace', path: '/title', value: 'Fuzzed' }]));
}

beforeAll(async () => {
  console.info(`body fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}`);
  server = await startServer({ port: 0, quiet: true, seed: 3 });
  await collectBodies();
});
afterAll(async () => {
  await server.close();
});

type TextMutation =
  | { kind: 'truncate'; at: number }
  | { kind: 'drop'; at: number; length: number }
  | { kind: 'insert'; at: number; junk: string }
  | { kind: 'repeat'; at: number; length: number }
  | { kind: 'replace'; with: string };

const JUNK = ['"', '{', '}', '[', ']', ',', ':', '\\', '\u0000', 'NaN', '1e999', '-', 'null', '\ud800', '\ufeff', '<html>', '"data":null', '"nextUrl":{}', '\n', '\u2028'];
const deep = (n: number, open: string, close: string) => `${open.repeat(n)}${close.repeat(n)}`;
const WHOLE = fc.oneof(
  fc.constantFrom('', ' ', 'null', 'true', '0', '"text"', '[]', '{}', '<!doctype html><html><body>Gateway Timeout</body></html>', '\ufeff{"data":[]}'),
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => deep(n, '[', ']')),
  fc.integer({ min: 1_000, max: 100_000 }).map((n) => `{"data":[${'{"a":'.repeat(n)}1${'}'.repeat(n)}]}`),
  fc.integer({ min: 1_000, max: 100_000 }).map((n) => `{"data":${deep(n, '[', ']')}}`),
  fc.string({ unit: 'binary', maxLength: 64 }),
);

const mutation: fc.Arbitrary<TextMutation> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('drop' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), junk: fc.oneof(fc.constantFrom(...JUNK), fc.string({ maxLength: 6 })) }),
  fc.record({ kind: fc.constant('repeat' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 200 }) }),
  fc.record({ kind: fc.constant('replace' as const), with: WHOLE }),
);

function mutate(text: string, mutations: readonly TextMutation[]): string {
  let out = text;
  for (const m of mutations) {
    const at = 'at' in m ? m.at % (out.length + 1) : 0;
    if (m.kind === 'truncate') out = out.slice(0, at);
    else if (m.kind === 'drop') out = out.slice(0, at) + out.slice(at + m.length);
    else if (m.kind === 'insert') out = out.slice(0, at) + m.junk + out.slice(at);
    else if (m.kind === 'repeat') out = out.slice(0, at) + out.slice(at, at + m.length).repeat(3) + out.slice(at + m.length);
    else out = m.with;
  }
  return out;
}

const contentType = fc.constantFrom('application/json; charset=utf-8', 'application/json', 'text/plain', 'text/html', null);

function answering(text: string, type: string | null, status = 200): typeof fetch {
  return async () => new Response(text, { status, headers: type === null ? {} : { 'content-type': type } });
}

/** True for the errors main is built to act on; anything else (a TypeError, a RangeError) is a crash. */
function clearError(id: EndpointId, error: unknown): boolean {
  if (error instanceof ApiRequestError) return error.code === 'bad-body' && error.message.length > 0;
  if (error instanceof ApiParseError) return error.endpoint === id && error.message.startsWith(`${id}: $`);
  return false;
}

function holds<T>(label: string, arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>): Promise<void> {
  return fc
    .assert(fc.asyncProperty(arbitrary, predicate), { seed: SEED, numRuns: RUNS })
    .catch((error: unknown) => {
      throw new Error(`${label} failed with FUZZ_SEED=${SEED} (FUZZ_RUNS=${RUNS}):\n${(error as Error).message}`, { cause: error });
    });
}

const reads = ENDPOINT_IDS.filter((id) => endpoints[id].kind === 'list' || endpoints[id].kind === 'get');
const writes = ['E3', 'E16', 'E19'] as const;

describe(`raw bodies of every endpoint, mutated, read as main reads them (seed ${SEED}, ${RUNS} runs each)`, () => {
  it('starts from a real body of every endpoint that parses', () => {
    expect([...bodies.keys()].sort()).toEqual([...ENDPOINT_IDS].sort());
    for (const id of reads) {
      const body = JSON.parse(bodies.get(id)!) as unknown;
      if (endpoints[id].kind === 'list') expect(parseListPage(id, body).rejected, id).toEqual([]);
      else expect(() => parseResponse(id, body), id).not.toThrow();
    }
  });

  it.each(reads)('%s: through the HTTP client and the parser, a value or a clear error', async (id) => {
    const original = bodies.get(id)!;
    await holds(`${id} read`, fc.tuple(fc.array(mutation, { minLength: 1, maxLength: 4 }), contentType), async ([mutations, type]) => {
      const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', getToken: async () => 't', fetch: answering(mutate(original, mutations), type) });
      try {
        const body = await client.getJson(`http://127.0.0.1:9/api/v${endpoints[id].version}/fuzz`);
        if (endpoints[id].kind === 'list') parseListPage(id, body);
        else parseResponse(id, body);
      } catch (error) {
        if (!clearError(id, error)) throw error;
      }
    });
  });

  it.each(writes)('%s: the outbox reads a mutated answer as a row or a clear "unusable answer"', async (id) => {
    const original = bodies.get(id)!;
    await holds(`${id} write`, fc.tuple(fc.array(mutation, { minLength: 1, maxLength: 4 }), contentType), async ([mutations, type]) => {
      const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', getToken: async () => 't', fetch: answering(mutate(original, mutations), type, id === 'E3' ? 201 : 200) });
      const api = createHttpOutboxApi({ client });
      const signal = new AbortController().signal;
      const guid = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
      try {
        if (id === 'E3') await api.createPost(guid, { name: 'x', startDate: '2026-01-01T08:00:00', locales: [], permissions: [] }, signal);
        else if (id === 'E16') await api.patchPost(guid, guid, [{ op: 'replace', path: '/categoryId', value: guid }], signal);
        else await api.patchUser(guid, [{ op: 'replace', path: '/title', value: 'x' }], signal);
      } catch (error) {
        if (!(error instanceof OutboxSendError) || error.failure.code !== 'bad-body' || !error.failure.mayHaveReached) throw error;
        expect(error.failure.message).toMatch(/unusable/);
      }
    });
  });
});
