import { describe, expect, it } from 'vitest';
import {
  ApiParseError,
  jsonPath,
  parseResponse,
  resources,
  type EndpointId,
  type ResourceName,
} from '../../../src-shared/api/index.js';
import { documentedEndpoints } from './document-endpoints.js';
import { documentedResources, resourceNameOf } from './document-resources.js';
import {
  documentedObjects,
  fieldSites,
  sampleRow,
  schemaKeysAt,
  withValue,
  WRONG,
  type Path,
} from './document-samples.js';

/** One endpoint answering with each resource, list endpoints first. */
function endpointFor(heading: string) {
  const candidates = documentedEndpoints.filter((e) => e.resource === heading);
  const chosen = candidates.find((e) => e.response === 'list') ?? candidates[0];
  if (!chosen) throw new Error(`no endpoint answers with ${heading}`);
  return { id: chosen.id as EndpointId, list: chosen.response === 'list' && chosen.method === 'GET' };
}

function respond(heading: string, row: unknown) {
  const { id, list } = endpointFor(heading);
  const body = list ? { count: 1, data: [row], nextUrl: null, previousUrl: null } : { data: row };
  const prefix: Path = list ? ['data', 0] : ['data'];
  return { id, body, prefix, parse: () => parseResponse(id, body) };
}

function parsedRow(heading: string, row: unknown): unknown {
  const result = respond(heading, row).parse();
  return endpointFor(heading).list ? (result as { data: unknown[] }).data[0] : result;
}

function refusal(run: () => unknown): ApiParseError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiParseError);
    return error as ApiParseError;
  }
  throw new Error('expected the body to be refused');
}

const headings = Object.keys(documentedResources);

describe('resource schemas against the document', () => {
  it('has one schema for each documented resource, and no other', () => {
    expect(headings.map((h) => resourceNameOf[h]).sort()).toEqual(Object.keys(resources).sort());
  });

  describe.each(headings.map((h) => [h, documentedResources[h]!] as const))('%s', (heading, doc) => {
    const schema = resources[resourceNameOf[heading] as ResourceName];

    it('declares exactly the documented fields, at every level', () => {
      for (const { path, keys } of documentedObjects(doc)) {
        expect(schemaKeysAt(schema, path).sort(), `fields of ${jsonPath(['row', ...path])}`).toEqual(
          [...keys].sort(),
        );
      }
    });

    it('parses a sample holding every documented field, unchanged', () => {
      const row = sampleRow(doc);
      expect(parsedRow(heading, row)).toEqual(row);
    });

    it('accepts a row with only its identifying fields', () => {
      const keys = heading === 'Lesson participation' ? ['courseLessonId', 'userId'] : ['id'];
      const full = sampleRow(doc);
      const row = Object.fromEntries(keys.map((k) => [k, full[k]]));
      expect(parsedRow(heading, row)).toEqual(row);
    });

    it('accepts null wherever the document says an unset value is null', () => {
      const sites = fieldSites(doc).filter((s) => s.nullable);
      expect(sites.length).toBeGreaterThan(0);
      for (const site of sites) {
        const row = withValue(sampleRow(doc), site.path, null);
        expect(() => parsedRow(heading, row), jsonPath(site.path)).not.toThrow();
      }
    });

    it('refuses a wrong type in any field, naming the endpoint and the JSON path', () => {
      for (const site of fieldSites(doc)) {
        for (const wrong of WRONG[site.type]) {
          const { id, body, prefix, parse } = respond(heading, withValue(sampleRow(doc), site.path, wrong));
          const where = jsonPath([...prefix, ...site.path]);
          const error = refusal(parse);
          expect(error.endpoint, `${where} = ${JSON.stringify(wrong)}`).toBe(id);
          expect(error.path, `${where} = ${JSON.stringify(wrong)}`).toBe(where);
          expect(error.message).toContain(id);
          expect(error.message).toContain(where);
          expect(body).toBeDefined();
        }
      }
    });

    it('keeps unknown extra fields, at the top and inside nested objects', () => {
      const row = sampleRow(doc) as Record<string, unknown>;
      row.futureField = { nested: [1, 'two'] };
      const nested = documentedObjects(doc).filter((o) => o.path.length > 0);
      for (const { path } of nested) {
        const target = path.reduce<Record<string | number, unknown>>(
          (node, segment) => node[segment] as Record<string | number, unknown>,
          row,
        );
        target.addedLater = 'kept';
      }
      expect(parsedRow(heading, row)).toEqual(row);
    });
  });
});

describe('specific document rules', () => {
  it('refuses a non-guid id in a list row with the path $.data[0].id', () => {
    const error = refusal(() =>
      parseResponse('E20', { data: [{ id: '12345', name: 'Drivers' }] }),
    );
    expect(error.message).toMatch(/^E20: \$\.data\[0\]\.id: /);
  });

  it('refuses a malformed date and a wrong type with their paths', () => {
    const id = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    const wrongType = refusal(() => parseResponse('E21', { data: [{ id, pushEnabled: 'yes' }] }));
    expect(wrongType.path).toBe('$.data[0].pushEnabled');
    const badDate = refusal(() =>
      parseResponse('E13', { data: [{ id, creationDateTime: '2024-02-30T10:00:00Z' }] }),
    );
    expect(badDate.message).toMatch(/^E13: \$\.data\[0\]\.creationDateTime: /);
  });

  it('reads a user’s custom fields as strings, date strings or arrays of strings', () => {
    const id = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    const customFields = { SHIRT: 'L', HIRED: '2020-01-01', SKILLS: ['forklift', 'first aid'] };
    expect(parseResponse('E19', { data: { id, customFields } })).toEqual({ id, customFields });
    const error = refusal(() => parseResponse('E19', { data: { id, customFields: { SKILLS: [1] } } }));
    expect(error.path).toBe('$.data.customFields.SKILLS');
  });

  it('keys lesson participations by lesson and user, with no id', () => {
    const row = {
      courseLessonId: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
      userId: '3f2504e0-4f89-41d3-9a0c-0305e82c3302',
      courseLessonParticipationState: 'Completed',
      points: 10,
    };
    expect(parseResponse('E18', { data: [row] })).toMatchObject({ data: [row] });
    expect(refusal(() => parseResponse('E18', { data: [{ ...row, userId: undefined }] })).path).toBe(
      '$.data[0].userId',
    );
  });
});
