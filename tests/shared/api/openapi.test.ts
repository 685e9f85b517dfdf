import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_IDS, endpoints, parseRequest, scopesOf } from '../../../src-shared/api/index.js';
import { buildOpenApiDocument, type OpenApiDocument, type OpenApiOperation } from '../../../src-shared/api/openapi.js';
import { documentedEndpoints } from './document-endpoints.js';
import { documentedResources, resourceNameOf } from './document-resources.js';
import { fieldSites, sampleRow, withValue, WRONG } from './document-samples.js';

async function validate(document: OpenApiDocument) {
  const validator = new Validator();
  const result = await validator.validate(JSON.parse(JSON.stringify(document)) as Record<string, unknown>);
  return { result, validator };
}

function operationOf(document: OpenApiDocument, id: (typeof ENDPOINT_IDS)[number]): OpenApiOperation {
  const endpoint = endpoints[id];
  const item = document.paths[`/api/v${endpoint.version}${endpoint.path}`];
  const operation = item?.[endpoint.method.toLowerCase() as 'get' | 'post' | 'patch'];
  if (!operation) throw new Error(`${id} is missing from the OpenAPI document`);
  return operation;
}

/** A validator for the document's component schemas, with their references resolved. */
function schemaChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const base = 'https://outpost.test/openapi.json';
  ajv.addSchema({ $id: base, components: document.components }, base);
  return (name: string, value: unknown) => {
    const check = ajv.getSchema(`${base}#/components/schemas/${name}`);
    if (!check) throw new Error(`no component schema ${name}`);
    return check(value) as boolean;
  };
}

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument();

  it('is a valid OpenAPI 3.1 document', async () => {
    const { result, validator } = await validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('is checked by a validator that does refuse broken documents', async () => {
    const broken = JSON.parse(JSON.stringify(document)) as { paths: Record<string, Record<string, { parameters: object[] }>> };
    broken.paths['/api/v1.4/userGroups']!.get!.parameters.push({ name: 'x', in: 'body' });
    expect((await validate(broken as unknown as OpenApiDocument)).result.valid).toBe(false);
    const { info: _info, ...noInfo } = document;
    expect((await validate(noInfo as unknown as OpenApiDocument)).result.valid).toBe(false);
  });

  it('stays valid with a server URL and a tenant scope prefix', async () => {
    const tenant = buildOpenApiDocument({ serverUrl: 'https://acme.example/', scopePrefix: 'acme.api' });
    expect((await validate(tenant)).result.valid).toBe(true);
    expect(tenant.servers[0]?.url).toBe('https://acme.example');
    const flow = (tenant.components.securitySchemes.oauth2 as {
      flows: { clientCredentials: { tokenUrl: string; scopes: Record<string, string> } };
    }).flows.clientCredentials;
    expect(flow.tokenUrl).toBe('https://acme.example/login/oauth/authorize');
    expect(operationOf(tenant, 'E19').security).toContainEqual({ oauth2: ['acme.api.users:write'] });
    for (const scope of Object.keys(flow.scopes)) expect(scope.startsWith('acme.api')).toBe(true);
  });

  it('is plain JSON, and a new object each call', () => {
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
    const other = buildOpenApiDocument();
    expect(other).toEqual(document);
    (operationOf(other, 'E18')['x-primary-key'] as string[]).push('changed');
    expect(operationOf(buildOpenApiDocument(), 'E18')['x-primary-key']).toEqual(['courseLessonId', 'userId']);
  });

  it('has every catalogue endpoint under its versioned path, and nothing else', () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, id: op['x-endpoint-id'] })),
    );
    expect(operations.map((o) => o.id).sort()).toEqual([...ENDPOINT_IDS].sort());
    for (const doc of documentedEndpoints) {
      const found = operations.find((o) => o.id === doc.id);
      expect(found, doc.id).toEqual({ path: `/api/v${doc.version}${doc.path}`, method: doc.method.toLowerCase(), id: doc.id });
    }
    expect(new Set(ENDPOINT_IDS.map((id) => operationOf(document, id).operationId)).size).toBe(ENDPOINT_IDS.length);
  });

  it.each(ENDPOINT_IDS)('%s declares its path and query parameters with their F/S flags', (id) => {
    const endpoint = endpoints[id];
    const parameters = operationOf(document, id).parameters;
    const path = parameters.filter((p) => p.in === 'path');
    expect(path.map((p) => p.name)).toEqual([...endpoint.pathParams]);
    for (const p of path) expect(p.required).toBe(true);

    const query = parameters.filter((p) => p.in === 'query');
    const paging = endpoint.kind === 'list' ? ['offset', 'limit', 'cursor'] : [];
    const sortable = Object.values(endpoint.query).some((q) => q.sort);
    const expected = [...Object.keys(endpoint.query), ...(endpoint.kind === 'list' && sortable ? ['sort'] : []), ...paging];
    expect(query.map((p) => p.name).sort()).toEqual(expected.sort());
    for (const [name, flags] of Object.entries(endpoint.query)) {
      const p = query.find((q) => q.name === name)!;
      expect(p['x-filterable'], name).toBe(flags.filter);
      expect(p['x-sortable'], name).toBe(flags.sort);
      const noted = [flags.filter ? 'F' : '', flags.sort ? 'S' : ''].filter(Boolean).join(' ');
      expect(p.description.startsWith(`${noted} (${flags.type})`), p.description).toBe(true);
      expect(p.required).toBe(false);
    }
    if (endpoint.kind === 'list') {
      const limit = query.find((p) => p.name === 'limit')!;
      expect(limit.schema).toMatchObject({ type: 'integer', default: 200, maximum: 1000 });
      const sort = query.find((p) => p.name === 'sort');
      if (endpoint.defaultSort) expect(sort?.schema.default).toBe(endpoint.defaultSort);
    }
  });

  it.each(ENDPOINT_IDS)('%s is secured by any one of its four scopes', (id) => {
    const security = operationOf(document, id).security;
    const viaOauth = security.flatMap((r) => r.oauth2 ?? []);
    expect(viaOauth).toEqual(scopesOf(endpoints[id]));
    for (const requirement of security) expect(Object.values(requirement).flat()).toHaveLength(1);
  });

  it('issues tokens by OAuth2 client credentials at /login/oauth/authorize, and declares every scope used', () => {
    const schemes = document.components.securitySchemes as Record<string, Record<string, unknown>>;
    expect(schemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const flow = (schemes.oauth2 as { flows: { clientCredentials: { tokenUrl: string; scopes: Record<string, string> } } })
      .flows.clientCredentials;
    expect(flow.tokenUrl).toBe('/login/oauth/authorize');
    for (const id of ENDPOINT_IDS) {
      for (const scope of scopesOf(endpoints[id])) expect(Object.keys(flow.scopes)).toContain(scope);
    }
  });

  it('takes the write bodies with their content types', () => {
    const bodies = Object.fromEntries(
      ENDPOINT_IDS.map((id) => [id, Object.keys(operationOf(document, id).requestBody?.content ?? {})]),
    );
    for (const id of ENDPOINT_IDS) {
      const expected = endpoints[id].contentType ? [endpoints[id].contentType] : [];
      expect(bodies[id], id).toEqual(expected);
    }
    expect(bodies.E3).toEqual(['application/json']);
    expect(bodies.E16).toEqual(['application/json-patch+json']);
    expect(bodies.E19).toEqual(['application/json-patch+json']);
  });

  it('answers errors with bodies, and 429 and 503 with Retry-After', () => {
    for (const id of ENDPOINT_IDS) {
      const responses = operationOf(document, id).responses;
      for (const status of ['400', '401', '403', '429', '503', 'default']) expect(responses, `${id} ${status}`).toHaveProperty(status);
      const success = Object.keys(responses).filter((s) => s.startsWith('2'));
      expect(success.length, id).toBeGreaterThan(0);
    }
    const responses = document.components.responses as Record<string, { headers?: object; content: object }>;
    expect(responses.TooManyRequests?.headers).toHaveProperty('Retry-After');
    expect(responses.ServiceUnavailable?.headers).toHaveProperty('Retry-After');
    const check = schemaChecker(document);
    expect(check('Error', { errorCode: '429', message: 'Too many requests' })).toBe(true);
    expect(check('Error', { type: 'about:blank', title: 'Bad Request', status: 400, errors: { name: ['too long'] } })).toBe(true);
  });
});

describe('OpenAPI schemas agree with the parsers', () => {
  const document = buildOpenApiDocument();
  const check = schemaChecker(document);

  it.each(Object.keys(documentedResources))('%s: the document’s sample passes, wrong types fail', (heading) => {
    const name = pascal(resourceNameOf[heading]!);
    const doc = documentedResources[heading]!;
    expect(check(name, sampleRow(doc))).toBe(true);
    expect(check(name, { ...sampleRow(doc), futureField: [1] })).toBe(true);
    for (const site of fieldSites(doc)) {
      if (site.nullable) expect(check(name, withValue(sampleRow(doc), site.path, null)), site.path.join('.')).toBe(true);
      for (const wrong of WRONG[site.type]) {
        expect(check(name, withValue(sampleRow(doc), site.path, wrong)), `${site.path.join('.')} = ${JSON.stringify(wrong)}`).toBe(false);
      }
    }
  });

  it('shows both spellings of the permission setting type as input', () => {
    const id = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    expect(check('ContentModule', { id, permissionSettingType: 'Both departments and user groups' })).toBe(true);
    expect(check('ContentModule', { id, permissionSettingType: 'DepartmentsAndUserGroups' })).toBe(true);
  });

  it('describes list pages and single reads around the resource', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const base = 'https://outpost.test/whole.json';
    ajv.addSchema({ $id: base, ...JSON.parse(JSON.stringify(document)) }, base);
    const pageOf = (id: 'E20' | 'E5') =>
      ajv.getSchema(
        `${base}#/paths/${encodeURIComponent(`/api/v${endpoints[id].version}${endpoints[id].path}`).replace(/%2F/g, '~1')}/get/responses/200/content/application~1json/schema`,
      )!;
    const row = { id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301', name: 'Drivers' };
    expect(pageOf('E20')({ data: [row] })).toBe(true);
    expect(pageOf('E20')({ count: null, data: [row], nextUrl: null, previousUrl: null })).toBe(true);
    expect(pageOf('E20')({ count: 1 })).toBe(false);
    expect(pageOf('E20')({ data: [{ name: 'no id' }] })).toBe(false);
    expect(pageOf('E5')({ data: { id: row.id, status: 'Attending' } })).toBe(true);
  });

  it('accepts the request bodies parseRequest accepts, and refuses what it refuses', () => {
    const post = {
      name: 'Canteen',
      startDate: '2024-05-01T08:00:00',
      locales: [{ culture: 'en-GB', title: 'Canteen' }],
      permissions: [{ departments: [], userGroups: ['3f2504e0-4f89-41d3-9a0c-0305e82c3301'] }],
    };
    const cases: [name: string, id: 'E3' | 'E16' | 'E19', body: unknown][] = [
      ['CreatePost', 'E3', post],
      ['CreatePost', 'E3', { ...post, name: 'n'.repeat(129) }],
      ['CreatePost', 'E3', { ...post, startDate: '2024-05-01T08:00:00Z' }],
      ['CreatePost', 'E3', { ...post, permissions: undefined }],
      ['PatchPost', 'E16', [{ op: 'replace', path: '/mediaIds', value: ['3f2504e0-4f89-41d3-9a0c-0305e82c3301'] }]],
      ['PatchPost', 'E16', [{ op: 'add', path: '/mediaIds', value: [] }]],
      ['PatchPost', 'E16', [{ op: 'replace', path: '/status', value: 'Published' }]],
      ['PatchPost', 'E16', []],
      ['PatchUser', 'E19', [{ op: 'remove', path: '/title' }, { op: 'add', path: '/name', value: 'Ada' }]],
      ['PatchUser', 'E19', [{ op: 'replace', path: '/phoneNumber', value: { countryCode: '31', number: '6' } }]],
      ['PatchUser', 'E19', [{ op: 'remove', path: '/name' }]],
    ];
    for (const [name, id, body] of cases) {
      const parsed = (() => {
        try {
          parseRequest(id, body);
          return true;
        } catch {
          return false;
        }
      })();
      expect(check(name, JSON.parse(JSON.stringify(body)) as unknown), `${id} ${JSON.stringify(body)}`).toBe(parsed);
    }
  });
});
