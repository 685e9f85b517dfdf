import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_IDS, endpoints, type EndpointId } from '../../src-shared/api/index.js';
import type { OpenApiDocument } from '../../src-shared/api/openapi.js';
import { startServer, type RunningServer } from '../../src-server/index.js';
import { clientOf, listPath, listScopes, type Answer, type Client } from './server-fixture.js';

let server: RunningServer;
let client: Client;
let document: OpenApiDocument;

beforeAll(async () => {
  server = await startServer({ quiet: true });
  client = clientOf(server);
  document = (await clientOf(server, null).get('/api/openapi.json')).body as OpenApiDocument;
});
afterAll(() => server.close());

type Json = Record<string, unknown>;

/** Checks a real answer against the schema the document gives for its status and content type. */
function conforms(id: EndpointId, answer: Answer): { ok: boolean; errors: unknown } {
  const endpoint = endpoints[id];
  const item = document.paths[`/api/v${endpoint.version}${endpoint.path}`] as Json;
  const operation = item[endpoint.method.toLowerCase()] as { responses: Record<string, Json> };
  let response = operation.responses[String(answer.status)];
  if (!response) return { ok: false, errors: `status ${answer.status} is not documented` };
  if (typeof response['$ref'] === 'string') {
    response = (document.components.responses as Record<string, Json>)[String(response['$ref']).split('/').pop()!]!;
  }
  const type = answer.headers.get('content-type')!.split(';')[0]!;
  const content = (response['content'] as Record<string, { schema: Json }>)[type];
  if (!content) return { ok: false, errors: `content type ${type} is not documented for ${answer.status}` };
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const check = ajv.compile({ ...content.schema, components: document.components });
  return { ok: check(answer.body) as boolean, errors: check.errors };
}

describe('/api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document whose server is this one', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(document)) as Json);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers[0]!.url).toBe(server.url);
  });

  it('documents every route the server answers, and the server answers every documented path', async () => {
    const paths = Object.keys(document.paths).sort();
    expect(paths).toEqual([...new Set(ENDPOINT_IDS.map((id) => `/api/v${endpoints[id].version}${endpoints[id].path}`))].sort());
    const unauthenticated = clientOf(server, null);
    for (const path of paths) {
      for (const method of Object.keys(document.paths[path]!)) {
        const concrete = path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
        expect((await unauthenticated.request(method.toUpperCase(), concrete)).status, `${method} ${path}`).toBe(401);
      }
    }
  });

  it('describes the real answers of every list endpoint and the errors', async () => {
    const scopes = listScopes(server);
    for (const id of ENDPOINT_IDS.filter((e) => endpoints[e].kind === 'list')) {
      const answer = await client.get(listPath(id, scopes[id]!, { limit: '5' }));
      expect(conforms(id, answer), id).toEqual({ ok: true, errors: null });
    }
    const bad = await client.get(listPath('E18', {}, { limit: '5000' }));
    expect(conforms('E18', bad)).toEqual({ ok: true, errors: null });
    const denied = await clientOf(server, null).get(listPath('E18', {}));
    expect(conforms('E18', denied)).toEqual({ ok: true, errors: null });
  });
});
