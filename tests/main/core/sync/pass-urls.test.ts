import { describe, expect, it } from 'vitest';
import { endpoints, productionDialect } from '../../../../src-shared/api/index.js';
import { cursorUsable, deltaPassUrls, fullPassUrl, immutableSortField, isContinuation, rebaseNextUrl } from '../../../../src-main/core/sync/pass-urls.js';

const base = 'https://tenant.example';
const params = { dataListId: '11111111-1111-4111-8111-111111111111' };

describe('pass URLs', () => {
  it('asks for 1000 rows sorted by creation time where it is sortable', () => {
    expect(fullPassUrl(base, endpoints.E1, params, productionDialect)).toBe(
      'https://tenant.example/api/v1.4/dataLists/11111111-1111-4111-8111-111111111111/items?limit=1000&sort=creationDateTime',
    );
    expect(fullPassUrl(`${base}/`, endpoints.E9, {}, productionDialect)).toBe('https://tenant.example/api/v1.3/contentmodules?limit=1000&sort=creationDateTime');
    expect(fullPassUrl(base, endpoints.E21, {}, productionDialect)).toBe('https://tenant.example/api/v1.4/communication/notifications/channels?limit=1000');
  });

  it.each([
    ['E1', 'creationDateTime'],
    ['E18', 'creationDateTime'],
    ['E21', null],
  ] as const)('%s sorts by %s', (id, field) => {
    expect(immutableSortField(endpoints[id])).toBe(field);
  });

  it('asks a delta for rows created or modified after the high-water marks, with an overlap', () => {
    const urls = deltaPassUrls(base, endpoints.E1, params, { created: '2024-05-01T10:00:05+02:00', modified: '2024-05-02T00:00:00.1234567Z' }, productionDialect);
    expect(urls?.map((u) => Object.fromEntries(new URL(u).searchParams))).toEqual([
      { limit: '1000', sort: 'creationDateTime', 'creationDateTime[gt]': '2024-05-01T08:00:03.000Z' },
      { limit: '1000', sort: 'creationDateTime', 'lastModifiedDateTime[gt]': '2024-05-01T23:59:58.123Z' },
    ]);
  });

  it('has no delta for lists without a creation filter or before anything was seen', () => {
    expect(deltaPassUrls(base, endpoints.E21, {}, { created: '2024-01-01T00:00:00Z', modified: null }, productionDialect)).toBeNull();
    expect(deltaPassUrls(base, endpoints.E1, params, { created: null, modified: null }, productionDialect)).toBeNull();
    // Subtasks have no modification time: only new rows are asked for.
    expect(deltaPassUrls(base, endpoints.E13, { moduleId: params.dataListId, taskId: params.dataListId }, { created: '2024-01-01T00:00:00Z', modified: null }, productionDialect)).toHaveLength(1);
  });

  it.each([
    ['https://tenant.example/api/v1.4/userGroups?limit=1000&cursor=ab', 'https://tenant.example/api/v1.4/userGroups?limit=1000&cursor=ab'],
    ['http://10.0.0.5:8080/api/v1.4/userGroups?cursor=ab', 'https://tenant.example/api/v1.4/userGroups?cursor=ab'],
    ['/api/v1.3/contentmodules?offset=1000', 'https://tenant.example/api/v1.3/contentmodules?offset=1000'],
  ])('follows nextUrl %s at %s', (next, expected) => {
    expect(rebaseNextUrl(base, next)).toBe(expected);
  });

  it('keeps a base path when rebasing, and refuses URLs outside the API', () => {
    expect(rebaseNextUrl('https://host.example/tenant', 'https://inner/api/v1.4/userGroups?cursor=1')).toBe('https://host.example/tenant/api/v1.4/userGroups?cursor=1');
    expect(() => rebaseNextUrl(base, 'https://evil.example/steal')).toThrow(/not an API address/);
  });

  it('puts back a path prefix the service behind a gateway leaves out of its nextUrl, and keeps one it includes', () => {
    expect(rebaseNextUrl('https://host.example/tenant', 'https://host.example/api/v1.4/userGroups?cursor=1')).toBe('https://host.example/tenant/api/v1.4/userGroups?cursor=1');
    expect(rebaseNextUrl('https://host.example/tenant/', 'https://host.example/tenant/api/v1.3/contentmodules?cursor=2')).toBe('https://host.example/tenant/api/v1.3/contentmodules?cursor=2');
  });

  it('builds every list below a path prefix, each at its documented version', () => {
    const prefixed = 'https://host.example/gw/tenant-a';
    expect(fullPassUrl(prefixed, endpoints.E18, {}, productionDialect)).toBe('https://host.example/gw/tenant-a/api/v1.3/training/lessons/participation?limit=1000&sort=creationDateTime');
    expect(fullPassUrl(prefixed, endpoints.E20, {}, productionDialect)).toBe('https://host.example/gw/tenant-a/api/v1.4/userGroups?limit=1000&sort=creationDateTime');
  });

  it('knows when a cursor can still be followed', () => {
    const issued = '2024-01-01T00:00:00Z';
    const at = Date.parse(issued);
    expect(cursorUsable(issued, at + 5 * 3600_000)).toBe(true);
    expect(cursorUsable(issued, at + 6 * 3600_000 - 30_000)).toBe(false);
    expect(cursorUsable(null, at)).toBe(false);
    expect(isContinuation('https://x/api/v1.4/a?cursor=1')).toBe(true);
    expect(isContinuation('https://x/api/v1.4/a?offset=1000')).toBe(true);
    expect(isContinuation('https://x/api/v1.4/a?limit=1000')).toBe(false);
  });
});
