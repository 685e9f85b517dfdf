import { describe, expect, it } from 'vitest';
import { endpoints, ENDPOINT_IDS } from '../../../src-shared/api/index.js';
import { mirrorTableSpecs } from '../../../src-shared/store/index.js';
import { endpointOfTable } from '../../../src-shared/api/index.js';
import { AREAS, childEndpointsOf, isListed, placeOfTable } from '../../../src-renderer/presentation/areas.js';
import { columnsOf, localeTitleField } from '../../../src-renderer/presentation/columns.js';
import { fieldsOf, labelOf } from '../../../src-renderer/presentation/fields.js';

describe('columns from the catalogue', () => {
  it('puts name first, then sortable and filterable fields, ids last, and leaves links out', () => {
    const columns = columnsOf(endpoints.E20).map((c) => c.field);
    expect(columns[0]).toBe('name');
    expect(columns.at(-1)).toBe('id');
    expect(columns).not.toContain('url');
    const byField = Object.fromEntries(columnsOf(endpoints.E20).map((c) => [c.field, c]));
    expect(byField.name).toMatchObject({ sortable: true, filterable: true, kind: 'text' });
    expect(byField.creationDateTime).toMatchObject({ kind: 'datetime', label: 'Created' });
  });

  it('derives a title column from localised texts, named after the locale field', () => {
    expect(localeTitleField(endpoints.E1)).toBe('title');
    expect(localeTitleField(endpoints.E21)).toBe('channelName');
    expect(localeTitleField(endpoints.E2)).toBe('text');
    expect(localeTitleField(endpoints.E18)).toBeNull();
    expect(columnsOf(endpoints.E1)[0]).toMatchObject({ field: '$title', label: 'Title' });
    expect(columnsOf(endpoints.E21).map((c) => c.field).slice(0, 2)).toEqual(['name', '$title']);
  });

  it('knows every field kind the detail panel renders', () => {
    const kinds = (id: keyof typeof endpoints) => Object.fromEntries(fieldsOf(endpoints[id]).map((f) => [f.name, f.kind]));
    expect(kinds('E1')).toMatchObject({ id: 'guid', isEnabled: 'boolean', sortOrder: 'number', locales: 'locales', customFieldValues: 'list', url: 'link' });
    expect(kinds('E3')).toMatchObject({ medias: 'mediaList', permissions: 'list', availableFrom: 'datetime', userId: 'guid' });
    expect(kinds('E19')).toMatchObject({ image: 'media', phoneNumber: 'object', customFields: 'object', birthDate: 'datetime' });
    expect(kinds('E6')).toMatchObject({ locale: 'locales' });
    expect(kinds('E14')).toMatchObject({ color: 'color' });
    expect(kinds('E9')).toMatchObject({ permissionSettingType: 'text' });
  });

  it('types ids by the document, not by their names: customId and externalId are text', () => {
    const kinds = (id: keyof typeof endpoints) => Object.fromEntries(fieldsOf(endpoints[id]).map((f) => [f.name, f.kind]));
    expect(kinds('E1')).toMatchObject({ customId: 'text', id: 'guid' });
    expect(kinds('E20')).toMatchObject({ externalId: 'text' });
    expect(kinds('E19')).toMatchObject({ externalId: 'text', primaryDepartmentId: 'guid' });
    expect(kinds('E3')).toMatchObject({ featureMediaId: 'guid', featureMediaDownloadUrl: 'download', url: 'link', userUrl: 'link' });
    expect(kinds('E18')).toMatchObject({ courseLessonId: 'guid', userId: 'guid' });
    const customId = columnsOf(endpoints.E1).find((c) => c.field === 'customId');
    expect(customId).toMatchObject({ kind: 'text', filterable: true, sortable: true });
  });

  it.each([
    ['pushNotificationsEnabled', 'Push notifications enabled'],
    ['lastModifiedDateTime', 'Modified'],
    ['courseLessonId', 'Course lesson id'],
  ])('labels %s as "%s"', (name, label) => expect(labelOf(name)).toBe(label));
});

describe('areas', () => {
  it('show every mirrored table exactly once', () => {
    const shown = AREAS.flatMap((a) => a.lists.map((l) => l.table)).sort();
    expect(shown).toEqual(Object.keys(mirrorTableSpecs()).sort());
  });

  it('find the endpoint filling each table, list endpoints first', () => {
    expect(endpointOfTable('participations').id).toBe('E4');
    expect(endpointOfTable('posts').kind).toBe('create');
    expect(isListed('posts')).toBe(false);
    expect(isListed('users')).toBe(false);
    expect(placeOfTable('userGroups')?.list.slug).toBe('groups');
    for (const id of ENDPOINT_IDS) expect(placeOfTable(endpoints[id].table)).not.toBeNull();
  });

  it('know which lists a row of a parent list opens', () => {
    expect(childEndpointsOf('E12').map((e) => e.id).sort()).toEqual(['E10', 'E15', 'E6', 'E7', 'E8']);
    expect(childEndpointsOf('E13').map((e) => e.id)).toEqual(['E17']);
  });
});
