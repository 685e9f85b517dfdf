import { describe, expect, it } from 'vitest';
import {
  apiBaseUrl,
  ENDPOINT_IDS,
  endpoints,
  indexedFields,
  isPermitted,
  productionDialect,
  resources,
  rowKey,
  scopesOf,
  versionedPath,
  type EndpointDef,
  type EndpointId,
} from '../../../src-shared/api/index.js';
import { documentedAreas, documentedEndpoints, documentedV13, type DocumentedEndpoint } from './document-endpoints.js';
import { resourceNameOf } from './document-resources.js';

/** `creationDateTime datetimeoffset F S` → its parts. */
function readQueryRow(row: string) {
  const [name, type, ...flags] = row.split(' ');
  return { name: name!, param: { type: type!, filter: flags.includes('F'), sort: flags.includes('S') } };
}

/** `creationDateTime descending` → the dialect's `-creationDateTime`. */
function dialectSort(worded: string | null): string | null {
  if (worded === null) return null;
  const [field, direction] = worded.split(' ');
  expect(['ascending', 'descending']).toContain(direction);
  return productionDialect.encodeSort([{ field: field!, descending: direction === 'descending' }]);
}

function expectedKind(doc: DocumentedEndpoint): EndpointDef['kind'] {
  if (doc.method === 'POST') return 'create';
  if (doc.method === 'PATCH') return 'patch';
  return doc.response === 'list' ? 'list' : 'get';
}

function catalogued(doc: DocumentedEndpoint): EndpointDef {
  const endpoint = endpoints[doc.id as EndpointId];
  expect(endpoint, `${doc.id} is missing from the catalogue`).toBeDefined();
  return endpoint;
}

const guidFor = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('catalogue against the document', () => {
  it('declares exactly E1 to E21, each under its own id', () => {
    const expected = documentedEndpoints.map((d) => d.id);
    expect(expected).toEqual(Array.from({ length: 21 }, (_, i) => `E${i + 1}`));
    expect([...ENDPOINT_IDS].sort()).toEqual([...expected].sort());
    for (const id of ENDPOINT_IDS) expect(endpoints[id].id).toBe(id);
  });

  describe.each(documentedEndpoints.map((d) => [d.id, d] as const))('%s', (_id, doc) => {
    it('has the documented method, version, title and kind', () => {
      const endpoint = catalogued(doc);
      expect(endpoint.method).toBe(doc.method);
      expect(endpoint.version).toBe(doc.version);
      expect(endpoint.title).toBe(doc.title);
      expect(endpoint.kind).toBe(expectedKind(doc));
    });

    it('spells the path template and its parameters exactly', () => {
      const endpoint = catalogued(doc);
      expect(endpoint.path).toBe(doc.path);
      expect(endpoint.pathParams).toEqual(doc.pathParams);
      const placeholders = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(placeholders).toEqual([...endpoint.pathParams]);
    });

    it('lists every documented query parameter with its type and F/S flags, and no other', () => {
      const endpoint = catalogued(doc);
      const expected = Object.fromEntries(doc.query.map(readQueryRow).map((r) => [r.name, r.param]));
      expect(endpoint.query).toEqual(expected);
      for (const [name, param] of Object.entries(endpoint.query)) {
        expect(param.filter || param.sort, `${name} is neither F nor S`).toBe(true);
      }
      expect(indexedFields(endpoint).sort()).toEqual(Object.keys(expected).sort());
    });

    it('has the documented default sort, or none where the document shows none', () => {
      expect(catalogued(doc).defaultSort).toBe(dialectSort(doc.defaultSort));
    });

    it('is granted by exactly the four documented scopes', () => {
      const endpoint = catalogued(doc);
      expect(scopesOf(endpoint)).toEqual([...doc.scopes]);
      for (const scope of doc.scopes) expect(isPermitted(endpoint, [scope])).toBe(true);
    });

    it('answers with the documented resource, keyed by its identifying fields', () => {
      const endpoint = catalogued(doc);
      expect(endpoint.resource).toBe(resourceNameOf[doc.resource]);
      const expectedKey =
        doc.resource === 'Lesson participation' ? ['courseLessonId', 'userId'] : ['id'];
      expect(endpoint.primaryKey).toEqual(expectedKey);
    });

    it('declares a request body and content type exactly for the writes', () => {
      const endpoint = catalogued(doc);
      expect(endpoint.contentType).toBe(doc.requestContentType);
      expect(endpoint.request !== undefined).toBe(doc.requestContentType !== undefined);
    });

    it('marks the documented unavailable cases, and only those', () => {
      expect(catalogued(doc).unavailableWhen !== undefined).toBe(doc.unavailable === true);
    });
  });

  it('puts E3, E9 and E18 under v1.3 and every other endpoint under v1.4', () => {
    for (const id of ENDPOINT_IDS) {
      const expected = (documentedV13 as readonly string[]).includes(id) ? '1.3' : '1.4';
      expect(endpoints[id].version, id).toBe(expected);
    }
  });

  it('uses only the documented areas in its scopes', () => {
    const areas = new Set(ENDPOINT_IDS.map((id) => endpoints[id].area));
    expect([...areas].sort()).toEqual([...documentedAreas].sort());
  });

  it('gives lesson participations a compound key and joins it stably', () => {
    const row = { courseLessonId: guidFor(1), userId: guidFor(2) };
    expect(rowKey(endpoints.E18, row)).toBe(`${guidFor(1)}+${guidFor(2)}`);
    expect(rowKey(endpoints.E20, { id: guidFor(3) })).toBe(guidFor(3));
  });

  it('requires every primary-key field in its resource schema', () => {
    for (const id of ENDPOINT_IDS) {
      const endpoint = endpoints[id];
      const schema = resources[endpoint.resource];
      for (const field of endpoint.primaryKey) {
        expect(Object.keys(schema.shape), `${id}.${field}`).toContain(field);
        const row = Object.fromEntries(endpoint.primaryKey.map((f, i) => [f, guidFor(i + 1)]));
        delete row[field];
        expect(schema.safeParse(row).success, `${id} accepts a row without ${field}`).toBe(false);
      }
    }
  });

  it('keeps one table per resource', () => {
    const tableOf = new Map<string, string>();
    for (const id of ENDPOINT_IDS) {
      const { resource, table } = endpoints[id];
      expect(tableOf.get(resource) ?? table, `${id} splits ${resource}`).toBe(table);
      tableOf.set(resource, table);
    }
    expect(new Set(tableOf.values()).size).toBe(tableOf.size);
  });
});

describe('scopes', () => {
  it('refuses a token whose scopes belong to another area or the other access', () => {
    expect(isPermitted(endpoints.E1, ['svc.api.content', 'svc.api.content:read'])).toBe(false);
    expect(isPermitted(endpoints.E19, ['svc.api:read', 'svc.api.users:read'])).toBe(false);
    expect(isPermitted(endpoints.E19, ['svc.api.users:write'])).toBe(true);
    expect(isPermitted(endpoints.E21, [])).toBe(false);
  });

  it('follows a tenant scope prefix', () => {
    expect(scopesOf(endpoints.E9, 'acme.api')).toEqual([
      'acme.api',
      'acme.api:read',
      'acme.api.content',
      'acme.api.content:read',
    ]);
    expect(isPermitted(endpoints.E9, ['svc.api'], 'acme.api')).toBe(false);
    expect(isPermitted(endpoints.E9, ['acme.api:read'], 'acme.api')).toBe(true);
  });
});

describe('paths', () => {
  it('builds the versioned path with parameters bound and encoded', () => {
    expect(versionedPath(endpoints.E1, { dataListId: guidFor(1) })).toBe(
      `/api/v1.4/dataLists/${guidFor(1)}/items`,
    );
    expect(versionedPath(endpoints.E18, {})).toBe('/api/v1.3/training/lessons/participation');
    expect(versionedPath(endpoints.E19, { userId: 'a/b' })).toBe('/api/v1.4/users/a%2Fb');
  });

  it('refuses to build a path with a parameter missing', () => {
    expect(() => versionedPath(endpoints.E17, { moduleId: guidFor(1), taskId: guidFor(2) })).toThrow(
      /subtaskId/,
    );
  });
});

describe('the API address', () => {
  it.each([
    ['https://tenant.example', 'https://tenant.example'],
    ['https://tenant.example/', 'https://tenant.example'],
    ['https://gw.example/tenant-a', 'https://gw.example/tenant-a'],
    ['https://gw.example/tenant-a//', 'https://gw.example/tenant-a'],
    ['https://gw.example/tenant-a/api', 'https://gw.example/tenant-a'],
    ['https://gw.example/tenant-a/api/v1.4', 'https://gw.example/tenant-a'],
    ['https://gw.example/tenant-a/api/v1.3/', 'https://gw.example/tenant-a'],
    ['https://tenant.example/API/V1.4?x=1#top', 'https://tenant.example'],
    ['https://tenant.example/apis', 'https://tenant.example/apis'],
  ])('%s → base %s', (address, base) => {
    expect(apiBaseUrl(address)).toBe(base);
  });
});
