import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ApiParseError,
  ENDPOINT_IDS,
  endpoints,
  parseListPage,
  parseRequest,
  parseResponse,
  postPatchPaths,
  resourceSchema,
  userPatchPaths,
  type EndpointId,
  type ListPage,
  type RequestBodies,
} from '../../../src-shared/api/index.js';
import { documentedEndpoints } from './document-endpoints.js';
import { documentedResources } from './document-resources.js';
import { sampleRow, type Path } from './document-samples.js';

/**
 * Random and mutated bodies for every parser. The seed is fixed so a run is
 * reproducible; `FUZZ_SEED` and `FUZZ_RUNS` replay a failure or search longer
 * (`FUZZ_RUNS=5000 npx vitest run tests/shared/api/fuzz.test.ts`). A parser that hangs
 * is caught by the test runner's timeout, not by a timing threshold here.
 */
const FUZZ_SEED = 20_240_501;
const SEED = Number(process.env.FUZZ_SEED ?? FUZZ_SEED);
const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

function holds<T>(label: string, arbitrary: fc.Arbitrary<T>, predicate: (value: T) => void): void {
  try {
    fc.assert(fc.property(arbitrary, predicate), { seed: SEED, numRuns: RUNS });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`${label} failed with FUZZ_SEED=${SEED} (FUZZ_RUNS=${RUNS}):\n${message}`, {
      cause: error,
    });
  }
}

/** Runs a parser: it returns, or throws an ApiParseError that names the endpoint and a path. */
function outcome<T>(id: string, run: () => T): { ok: true; value: T } | { ok: false } {
  try {
    return { ok: true, value: run() };
  } catch (error) {
    if (!(error instanceof ApiParseError)) throw error;
    expect(error.endpoint).toBe(id);
    expect(error.issues.length).toBeGreaterThan(0);
    for (const issue of error.issues) expect(issue.path.startsWith('$')).toBe(true);
    expect(error.message.startsWith(`${id}: $`)).toBe(true);
    return { ok: false };
  }
}

const fieldNames = new Set<string>();
function collectNames(value: unknown): void {
  if (Array.isArray(value)) value.forEach(collectNames);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      fieldNames.add(key);
      collectNames(inner);
    }
  }
}
collectNames(documentedResources);

const key = fc.oneof(
  fc.constantFrom(
    ...fieldNames,
    'data', 'count', 'nextUrl', 'previousUrl', 'op', 'path', 'value', 'from',
    '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '',
  ),
  fc.string({ maxLength: 8 }),
);

const leaf = fc.oneof(
  fc.constantFrom<unknown>(
    null, true, false, 0, -0, -1, 1.5, 2 ** 53, 1e308, '', 'text',
    '3f2504e0-4f89-41d3-9a0c-0305e82c3301', '2024-05-01T10:00:00Z', '2024-05-01T10:00:00',
    '2024-02-29T10:00:00.1234567+00:00', '2023-02-29T10:00:00Z', '/name', '/categoryId', '/title',
    'replace', 'add', 'remove', 'Both departments and user groups', 'User groups', '#1a2b3c',
    '__proto__', 'constructor', 'toString', 'hasOwnProperty',
  ),
  fc.string({ maxLength: 16 }),
  fc.string({ unit: 'binary', maxLength: 16 }),
  fc.integer(),
  fc.double(),
  fc.uuid(),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{0,9})?(Z|[+-]\d{2}:\d{2})?$/),
  // Long near-misses, where a backtracking pattern would take forever.
  fc.nat({ max: 4000 }).map((n) => `2024-05-01T10:00:00.${'1'.repeat(n)}Z!`),
  fc.nat({ max: 4000 }).map((n) => `${'0'.repeat(n)}-`),
);

const { tree } = fc.letrec<{ tree: unknown; list: unknown[]; object: Record<string, unknown> }>((tie) => ({
  tree: fc.oneof({ depthSize: 'small', maxDepth: 4 }, leaf, tie('list'), tie('object')),
  list: fc.array(tie('tree'), { maxLength: 4 }),
  // Object.fromEntries defines `__proto__` as an own key, as JSON.parse does.
  object: fc.array(fc.tuple(key, tie('tree')), { maxLength: 6 }).map((e) => Object.fromEntries(e)),
}));

const exotic = fc.anything({
  key,
  maxDepth: 3,
  withBoxedValues: true,
  withMap: true,
  withSet: true,
  withObjectString: true,
  withNullPrototype: true,
  withBigInt: true,
  withDate: true,
  withTypedArray: true,
  withSparseArray: true,
});

type Mutation = { at: number; kind: 'set' | 'delete' | 'null' | 'wrap' | 'stringify' | 'duplicate'; value: unknown };
const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('set', 'delete', 'null', 'wrap', 'stringify', 'duplicate'),
  value: tree,
});

function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((v, i) => pathsOf(v, [...prefix, i]))];
  if (value && typeof value === 'object') {
    return [prefix, ...Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...prefix, k]))];
  }
  return [prefix];
}

/** Applies mutations to a copy of a valid body: any field replaced, removed, retyped or repeated. */
function mutate(body: unknown, mutations: readonly Mutation[]): unknown {
  let root = structuredClone(body);
  for (const m of mutations) {
    const paths = pathsOf(root);
    const path = paths[m.at % paths.length]!;
    const replace = (old: unknown): unknown => {
      switch (m.kind) {
        case 'set': return m.value;
        case 'null': return null;
        case 'wrap': return [old];
        case 'stringify': return JSON.stringify(old) ?? 'undefined';
        case 'duplicate': return Array.isArray(old) ? [...old, ...old] : old;
        case 'delete': return undefined;
      }
    };
    if (path.length === 0) {
      root = replace(root);
      continue;
    }
    const parent = path.slice(0, -1).reduce<Record<string | number, unknown>>(
      (node, segment) => node[segment] as Record<string | number, unknown>,
      root as Record<string | number, unknown>,
    );
    const last = path[path.length - 1]!;
    if (m.kind === 'delete' && Array.isArray(parent)) parent.splice(last as number, 1);
    else if (m.kind === 'delete') delete parent[last];
    else parent[last] = replace(parent[last]);
  }
  return root;
}

function validBody(id: EndpointId): unknown {
  const doc = documentedEndpoints.find((e) => e.id === id)!;
  const row = () => sampleRow(documentedResources[doc.resource]!);
  return endpoints[id].kind === 'list'
    ? { count: 2, data: [row(), row()], nextUrl: null, previousUrl: null }
    : { data: row() };
}

const guid = (n: number) => `3f2504e0-4f89-41d3-9a0c-${String(n).padStart(12, '0')}`;
const validRequests: { [K in keyof RequestBodies]: unknown } = {
  E3: {
    name: 'Canteen',
    startDate: '2024-05-01T08:00:00',
    endDate: '2024-05-02T08:00:00',
    categoryId: guid(1),
    mediaIds: [guid(2)],
    publishOnCreate: true,
    locales: [{ culture: 'en-GB', title: 'Canteen', bodyText: '**Closed**' }],
    permissions: [{ departments: [guid(3)], userGroups: [guid(4)], requireAllUserGroups: false }],
    notifications: { sendNotification: true, sendPushNotification: false, forceInstantPush: false },
  },
  E16: [
    { op: 'replace', path: '/categoryId', value: guid(1) },
    { op: 'replace', path: '/locales', value: [{ culture: 'en-GB', title: 'T', bodyText: 'B' }] },
    { op: 'replace', path: '/mediaIds', value: [guid(2)] },
    { op: 'replace', path: '/permissions', value: [{ departments: [], userGroups: [guid(3)] }] },

  ],
  E19: [
    { op: 'add', path: '/name', value: 'Ada' },
    { op: 'replace', path: '/phoneNumber', value: { countryCode: 31, number: '6' } },
    { op: 'remove', path: '/title' },
    { op: 'add', path: '/customFields', value: { A: 'x', B: ['y'] } },
    { op: 'replace', path: '/imageId', value: guid(5) },
  ],
};

/** Patch operations built from the pieces the rules look at, valid or nearly so. */
const patchOperations = fc.array(
  fc.record(
    {
      op: fc.oneof(fc.constantFrom('add', 'replace', 'remove', 'move', 'copy', 'test'), leaf),
      path: fc.oneof(
        fc.constantFrom(
          ...Object.keys(postPatchPaths),
          ...Object.keys(userPatchPaths),
          '__proto__', 'constructor', 'toString', 'valueOf', '/', '',
        ),
        leaf,
      ),
      value: tree,
      from: fc.oneof(fc.string({ maxLength: 8 }), leaf),
    },
    { requiredKeys: [] },
  ),
  { maxLength: 5 },
);

const listIds = ENDPOINT_IDS.filter((id) => endpoints[id].kind === 'list');
const requestIds = Object.keys(validRequests) as (keyof RequestBodies)[];

function checkResponse(id: EndpointId, body: unknown): void {
  const result = outcome(id, () => parseResponse(id, body));
  if (!result.ok || endpoints[id].kind !== 'list') return;
  const page = result.value as ListPage<unknown>;
  for (const row of page.data) expect(resourceSchema(id).parse(row)).toEqual(row);
}

function checkListPage(id: EndpointId, body: unknown): void {
  const result = outcome(id, () => parseListPage(id, body));
  if (!result.ok) return;
  const sent = (body as { data: unknown[] }).data;
  const page = result.value;
  expect(page.data.length + page.rejected.length).toBe(sent.length);
  for (const rejected of page.rejected) {
    expect(rejected.row).toBe(sent[rejected.index]);
    for (const issue of rejected.issues) expect(issue.path.startsWith(`$.data[${rejected.index}]`)).toBe(true);
  }
  for (const row of page.data) expect(resourceSchema(id).parse(row)).toEqual(row);
}

function checkRequest(id: keyof RequestBodies, body: unknown): void {
  const result = outcome(id, () => parseRequest(id, body));
  if (result.ok) expect(parseRequest(id, result.value)).toEqual(result.value);
}

describe('parsers under random and mutated bodies', () => {
  it('starts from bodies that parse', () => {
    for (const id of ENDPOINT_IDS) expect(() => parseResponse(id, validBody(id)), id).not.toThrow();
    for (const id of requestIds) expect(() => parseRequest(id, validRequests[id]), id).not.toThrow();
  });

  it.each(ENDPOINT_IDS)('parseResponse(%s) returns or throws ApiParseError', (id) => {
    holds(`parseResponse(${id}) on random bodies`, fc.oneof(tree, exotic), (body) => checkResponse(id, body));
    holds(
      `parseResponse(${id}) on mutated bodies`,
      fc.array(mutation, { minLength: 1, maxLength: 4 }),
      (mutations) => checkResponse(id, mutate(validBody(id), mutations)),
    );
  });

  it.each(listIds)('parseListPage(%s) keeps or rejects every row of a page', (id) => {
    const rows = fc.array(fc.oneof(tree, fc.array(mutation, { maxLength: 3 }).map((m) => mutate(
      (validBody(id) as { data: unknown[] }).data[0],
      m,
    ))), { maxLength: 6 });
    holds(`parseListPage(${id}) on pages of random rows`, fc.record({ data: rows }, { noNullPrototype: true }), (body) =>
      checkListPage(id, body),
    );
    holds(
      `parseListPage(${id}) on mutated pages`,
      fc.array(mutation, { minLength: 1, maxLength: 4 }),
      (mutations) => {
        const body = mutate(validBody(id), mutations);
        const result = outcome(id, () => parseListPage(id, body));
        if (result.ok) checkListPage(id, body);
      },
    );
  });

  it.each(requestIds)('parseRequest(%s) returns or throws ApiParseError', (id) => {
    holds(`parseRequest(${id}) on random bodies`, fc.oneof(tree, exotic), (body) => checkRequest(id, body));
    if (id !== 'E3') {
      holds(`parseRequest(${id}) on random patch operations`, patchOperations, (body) => checkRequest(id, body));
    }
    holds(
      `parseRequest(${id}) on mutated bodies`,
      fc.array(mutation, { minLength: 1, maxLength: 4 }),
      (mutations) => checkRequest(id, mutate(validRequests[id], mutations)),
    );
  });
});
