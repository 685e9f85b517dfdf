import { z } from 'zod';
import { FILTER_OPS, productionDialect, type Dialect } from './dialect.js';
import {
  DEFAULT_SCOPE_PREFIX,
  ENDPOINT_IDS,
  endpoints,
  scopesOf,
  type EndpointDef,
  type QueryParam,
} from './endpoints.js';
import {
  postPatchPaths,
  requests,
  userPatchPaths,
  type PatchPathRule,
  type RequestName,
} from './requests.js';
import { apiPrefix, TOKEN_PATH } from './paths.js';
import { media, resources, type ResourceName } from './resources.js';
import { dateTime, dateTimeOffset, guid, localDateTime, type ScalarType } from './scalars.js';

/**
 * The OpenAPI 3.1 document of the Workplace Platform API, derived from the catalogue:
 * nothing here restates an endpoint, a field or a scope.
 */

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1). */
export type JsonSchema = Record<string, unknown>;

export interface OpenApiParameter {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly required: boolean;
  readonly description: string;
  readonly schema: JsonSchema;
  readonly 'x-filterable'?: boolean;
  readonly 'x-sortable'?: boolean;
}

export interface OpenApiOperation {
  readonly operationId: string;
  readonly summary: string;
  readonly description: string;
  readonly tags: readonly string[];
  readonly parameters: readonly OpenApiParameter[];
  readonly requestBody?: {
    readonly required: true;
    readonly content: Readonly<Record<string, { readonly schema: JsonSchema }>>;
  };
  readonly responses: Readonly<Record<string, unknown>>;
  readonly security: readonly Readonly<Record<string, readonly string[]>>[];
  readonly 'x-endpoint-id': string;
  readonly 'x-primary-key': readonly string[];
}

export type OpenApiPathItem = Partial<Record<'get' | 'post' | 'patch', OpenApiOperation>>;

export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly servers: readonly { readonly url: string; readonly description: string }[];
  readonly tags: readonly { readonly name: string; readonly description: string }[];
  readonly paths: Readonly<Record<string, OpenApiPathItem>>;
  readonly components: {
    readonly schemas: Readonly<Record<string, JsonSchema>>;
    readonly responses: Readonly<Record<string, unknown>>;
    readonly headers: Readonly<Record<string, unknown>>;
    readonly securitySchemes: Readonly<Record<string, unknown>>;
  };
}

export interface OpenApiOptions {
  /** The API's base URL (`{base_url}`), without `/api/v…`; default: the document's own origin. */
  readonly serverUrl?: string;
  /** The tenant's scope prefix; default `svc.api`. */
  readonly scopePrefix?: string;
  /** The filter and sort syntax described for F and S parameters; default production's. */
  readonly dialect?: Dialect;
}

/** Pagination limits of the document's common list conventions. */
export const LIST_LIMIT = { default: 200, maximum: 1000 } as const;

const OAUTH2 = 'oauth2';
const BEARER = 'bearer';
const ref = (kind: 'schemas' | 'responses' | 'headers', name: string) => ({
  $ref: `#/components/${kind}/${name}`,
});
const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
const camel = (title: string) =>
  title
    .split(/\s+/)
    .map((word, i) => (i === 0 ? word.toLowerCase() : pascal(word.toLowerCase())))
    .join('');

/** `z.toJSONSchema` output without the `$schema`/`$id` keys OpenAPI components must not carry. */
function bare(schema: JsonSchema): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

const toJson = (schema: z.ZodType): JsonSchema => bare(z.toJSONSchema(schema, { io: 'input' }) as JsonSchema);

/**
 * Every resource, the shared media object and scalars, and the create body as
 * components that refer to one another.
 */
function registeredSchemas(): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  // Shared scalars by name, so their patterns are written once.
  registry.add(guid, { id: 'Guid' });
  registry.add(dateTimeOffset, { id: 'DateTimeOffset' });
  registry.add(dateTime, { id: 'DateTime' });
  registry.add(localDateTime, { id: 'LocalDateTime' });
  registry.add(media, { id: 'Media' });
  for (const name of Object.keys(resources) as ResourceName[]) {
    registry.add(resources[name], { id: pascal(name) });
  }
  registry.add(requests.createPost, { id: pascal('createPost' satisfies RequestName) });
  const { schemas } = z.toJSONSchema(registry, {
    io: 'input',
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => [id, bare(schema as JsonSchema)]),
  );
}

/** A JSON-patch body: one branch per allowed path, with its ops and value shape. */
function patchSchema(rules: Readonly<Record<string, PatchPathRule>>, what: string): JsonSchema {
  return {
    description: `JSON patch of ${what}: the allowed paths, their operations and value shapes. A missing op means the operation shown for the path.`,
    type: 'array',
    minItems: 1,
    items: {
      oneOf: Object.entries(rules).map(([path, rule]) => ({
        type: 'object',
        required: ['path'],
        properties: {
          op: { enum: [...rule.ops] },
          path: { const: path },
          ...(rule.value ? { value: toJson(rule.value) } : {}),
          from: { type: 'string' },
        },
      })),
    },
  };
}

function scalarSchema(type: ScalarType): JsonSchema {
  switch (type) {
    case 'guid':
      return ref('schemas', 'Guid');
    case 'string':
      return { type: 'string' };
    case 'boolean':
      return { type: 'boolean' };
    case 'integer':
      return { type: 'integer' };
    case 'double':
      return { type: 'number' };
    case 'datetimeoffset':
      return {
        type: 'string',
        description: 'ISO 8601 date-time with an offset, or a plain date',
        examples: ['2024-05-01T10:00:00Z', '2024-05-01'],
      };
    case 'datetime':
      return {
        type: 'string',
        description: 'ISO 8601 date-time, or a plain date',
        examples: ['2024-05-01T10:00:00', '2024-05-01'],
      };
  }
}

function pathParameters(endpoint: EndpointDef): OpenApiParameter[] {
  return endpoint.pathParams.map((name) => ({
    name,
    in: 'path',
    required: true,
    description: 'guid',
    schema: scalarSchema('guid'),
  }));
}

function queryParameter(name: string, param: QueryParam, dialect: Dialect): OpenApiParameter {
  const flags = [param.filter ? 'F' : '', param.sort ? 'S' : ''].filter(Boolean).join(' ');
  const filter = param.filter
    ? `Filterable: \`${dialect.encodeFilter({ field: name, op: 'eq', value: 'X' }).join('=')}\` or ` +
      `\`${dialect.encodeFilter({ field: name, op: 'gt', value: 'X' }).join('=')}\` with an operator of ` +
      `${FILTER_OPS.join(', ')}; several filters combine with AND. `
    : 'Not filterable. ';
  const sort = param.sort ? 'Sortable: name it in `sort`.' : 'Not sortable.';
  return {
    name,
    in: 'query',
    required: false,
    description: `${flags} (${param.type}). ${filter}${sort}`,
    schema: scalarSchema(param.type),
    'x-filterable': param.filter,
    'x-sortable': param.sort,
  };
}

/** sort, offset, limit and cursor: the common list conventions. */
function listParameters(endpoint: EndpointDef, dialect: Dialect): OpenApiParameter[] {
  const sortable = Object.entries(endpoint.query)
    .filter(([, p]) => p.sort)
    .map(([name]) => name);
  const [first, second] = sortable;
  const example = first
    ? dialect.encodeSort([
        { field: first, descending: true },
        ...(second ? [{ field: second, descending: false }] : []),
      ])
    : undefined;
  const sort: OpenApiParameter = {
    name: 'sort',
    in: 'query',
    required: false,
    description:
      `Comma separated sortable property names: ${sortable.join(', ')}; for example \`${example}\` ` +
      `(${first} descending${second ? `, then ${second} ascending` : ''}). ` +
      (endpoint.defaultSort ? `Default: \`${endpoint.defaultSort}\`.` : 'The default order is not documented.'),
    schema: {
      type: 'string',
      ...(endpoint.defaultSort ? { default: endpoint.defaultSort } : {}),
      ...(example ? { examples: [example] } : {}),
    },
  };
  return [
    ...(sortable.length > 0 ? [sort] : []),
    {
      name: 'offset',
      in: 'query',
      required: false,
      description: 'Number of results to skip.',
      schema: { type: 'integer', minimum: 0, default: 0 },
    },
    {
      name: 'limit',
      in: 'query',
      required: false,
      description: 'Page size.',
      schema: { type: 'integer', minimum: 1, maximum: LIST_LIMIT.maximum, default: LIST_LIMIT.default },
    },
    {
      name: 'cursor',
      in: 'query',
      required: false,
      description:
        'Produced by the service inside nextUrl and previousUrl, never by clients; valid for 6 hours after the URL was issued.',
      schema: { type: 'string', pattern: '^[0-9a-f]{32}$' },
    },
  ];
}

function success(endpoint: EndpointDef): Record<string, unknown> {
  const row = ref('schemas', pascal(endpoint.resource));
  const schema: JsonSchema =
    endpoint.kind === 'list'
      ? {
          type: 'object',
          required: ['data'],
          properties: {
            count: { type: ['integer', 'null'] },
            data: { type: 'array', items: row },
            nextUrl: { type: ['string', 'null'] },
            previousUrl: { type: ['string', 'null'] },
          },
        }
      : { type: 'object', required: ['data'], properties: { data: row } };
  const content = { 'application/json': { schema } };
  if (endpoint.kind === 'create') {
    // The document does not show the success status of a create.
    return {
      '201': { description: 'Created.', content },
      '200': { description: 'Created.', content },
    };
  }
  const description =
    endpoint.kind === 'list' ? 'A page of results.' : endpoint.kind === 'patch' ? 'Updated.' : 'The resource.';
  return { '200': { description, content } };
}

function operation(endpoint: EndpointDef, prefix: string, dialect: Dialect): OpenApiOperation {
  const scopes = scopesOf(endpoint, prefix);
  const query = Object.entries(endpoint.query).map(([name, p]) => queryParameter(name, p, dialect));
  const parameters = [
    ...pathParameters(endpoint),
    ...query,
    ...(endpoint.kind === 'list' ? listParameters(endpoint, dialect) : []),
  ];
  const badRequest = endpoint.unavailableWhen
    ? { '400': { ...ref('responses', 'BadRequest'), description: `Bad request, or ${endpoint.unavailableWhen}.` } }
    : { '400': ref('responses', 'BadRequest') };
  return {
    operationId: camel(endpoint.title),
    summary: `${endpoint.id}. ${endpoint.title}`,
    description: `Any one of the scopes ${scopes.join(', ')} grants access.`,
    tags: [endpoint.area],
    parameters,
    ...(endpoint.request && endpoint.contentType
      ? {
          requestBody: {
            required: true as const,
            content: { [endpoint.contentType]: { schema: ref('schemas', pascal(endpoint.request)) } },
          },
        }
      : {}),
    responses: {
      ...success(endpoint),
      ...badRequest,
      '401': ref('responses', 'Unauthorized'),
      '403': ref('responses', 'Forbidden'),
      ...(endpoint.pathParams.length > 0 ? { '404': ref('responses', 'NotFound') } : {}),
      ...(endpoint.request ? { '415': ref('responses', 'UnsupportedMediaType') } : {}),
      '429': ref('responses', 'TooManyRequests'),
      '503': ref('responses', 'ServiceUnavailable'),
      default: ref('responses', 'Error'),
    },
    security: scopes.flatMap((scope): Record<string, string[]>[] => [
      { [OAUTH2]: [scope] },
      { [BEARER]: [scope] },
    ]),
    'x-endpoint-id': endpoint.id,
    'x-primary-key': [...endpoint.primaryKey],
  };
}

function errorResponse(description: string, retryAfter = false) {
  const content = {
    'application/problem+json': { schema: ref('schemas', 'Error') },
    'application/json': { schema: ref('schemas', 'Error') },
  };
  return {
    description,
    ...(retryAfter ? { headers: { 'Retry-After': ref('headers', 'RetryAfter') } } : {}),
    content,
  };
}

/** ProblemDetails fields, and the `{errorCode, message}` body of rate-limit answers. */
function errorSchema(): JsonSchema {
  return {
    type: 'object',
    properties: {
      type: { type: 'string' },
      title: { type: 'string' },
      status: { type: 'integer' },
      detail: { type: 'string' },
      instance: { type: 'string' },
      errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
      errorCode: { type: 'string' },
      message: { type: 'string' },
    },
  };
}

/** The JSON-patch bodies, named after the catalogue's request names. */
function patchSchemas(): Record<string, JsonSchema> {
  const patches: Record<Exclude<RequestName, 'createPost'>, JsonSchema> = {
    patchPost: patchSchema(postPatchPaths, 'a content post'),
    patchUser: patchSchema(userPatchPaths, 'a user'),
  };
  return Object.fromEntries(Object.entries(patches).map(([name, schema]) => [pascal(name), schema]));
}

function scopeDescriptions(prefix: string): Record<string, string> {
  const areas = [...new Set(ENDPOINT_IDS.map((id) => endpoints[id].area))];
  const entries: [string, string][] = [
    [prefix, 'Every area, read and write'],
    [`${prefix}:read`, 'Every area, read'],
    [`${prefix}:write`, 'Every area, write'],
  ];
  for (const area of areas) {
    entries.push(
      [`${prefix}.${area}`, `${area}, read and write`],
      [`${prefix}.${area}:read`, `${area}, read`],
      [`${prefix}.${area}:write`, `${area}, write`],
    );
  }
  return Object.fromEntries(entries);
}

/**
 * Builds the OpenAPI 3.1 document of every catalogue endpoint under its versioned path
 * (`/api/v1.3/…`, `/api/v1.4/…`): path and query parameters with their F/S flags,
 * pagination, response schemas from the resource schemas (their input form, so
 * every accepted spelling is shown), the three request bodies, OAuth2 client
 * credentials and bearer security with each endpoint's scopes, and error responses.
 * Pure: no I/O, a new object each call.
 */
export function buildOpenApiDocument(options: OpenApiOptions = {}): OpenApiDocument {
  const prefix = options.scopePrefix ?? DEFAULT_SCOPE_PREFIX;
  const dialect = options.dialect ?? productionDialect;
  const base = options.serverUrl?.replace(/\/+$/, '');

  const paths: Record<string, OpenApiPathItem> = {};
  for (const id of ENDPOINT_IDS) {
    const endpoint = endpoints[id];
    const path = `${apiPrefix(endpoint.version)}${endpoint.path}`;
    const method = endpoint.method.toLowerCase() as keyof OpenApiPathItem;
    paths[path] = { ...paths[path], [method]: operation(endpoint, prefix, dialect) };
  }

  const areas = [...new Set(ENDPOINT_IDS.map((id) => endpoints[id].area))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Workplace Platform REST API',
      version: '1.4',
      description:
        'Versions 1.3 and 1.4; the version is a path segment. Unset values are null; unknown fields may appear ' +
        'and are to be kept. Lists page with `limit` and follow `nextUrl` (which carries a `cursor`).',
    },
    servers: [{ url: base ?? '/', description: base ? 'Workplace API' : 'This server' }],
    tags: areas.map((area) => ({ name: area, description: `Endpoints of the ${area} area` })),
    paths,
    components: {
      schemas: {
        ...registeredSchemas(),
        ...patchSchemas(),
        Error: errorSchema(),
      },
      headers: {
        RetryAfter: {
          description: 'Seconds to wait before the next request.',
          schema: { type: 'integer', minimum: 0 },
        },
      },
      responses: {
        BadRequest: errorResponse('Bad request.'),
        Unauthorized: errorResponse('Missing, invalid or expired token.'),
        Forbidden: errorResponse('The token has none of the endpoint’s scopes.'),
        NotFound: errorResponse('No such resource.'),
        UnsupportedMediaType: errorResponse('The body is not of the documented content type.'),
        TooManyRequests: errorResponse('Rate limit reached: retry after Retry-After seconds.', true),
        ServiceUnavailable: errorResponse('Temporarily unavailable: retry after Retry-After seconds.', true),
        Error: errorResponse('Unexpected error.'),
      },
      securitySchemes: {
        [OAUTH2]: {
          type: 'oauth2',
          description: 'Client credentials: a form POST of grant_type, client_id, client_secret and space-separated scope.',
          flows: {
            clientCredentials: { tokenUrl: `${base ?? ''}${TOKEN_PATH}`, scopes: scopeDescriptions(prefix) },
          },
        },
        [BEARER]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'An access token from the OAuth2 flow, sent as `Authorization: Bearer <token>`.',
        },
      },
    },
  };
}
