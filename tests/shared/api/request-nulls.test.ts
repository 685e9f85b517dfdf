import { describe, expect, it } from 'vitest';
import { ApiParseError, parseRequest } from '../../../src-shared/api/index.js';

/**
 * The service's model binder reads JSON null on an optional property as "not set".
 * Every optional field of E3, E16 and E19 (nested ones included) therefore takes null
 * and parses as absent; every required field still refuses it.
 */

const guid = (n: number) => `3f2504e0-4f89-41d3-9a0c-${String(n).padStart(12, '0')}`;

/** A deep copy of `body` with the value at `path` (keys and indices) set to null. */
function withNull(body: unknown, path: readonly (string | number)[]): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let at: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1)!] = null;
  return copy;
}

/** The same copy with the key at `path` deleted: what null must mean. */
function without(body: unknown, path: readonly (string | number)[]): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let at: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  delete at[path.at(-1)!];
  return copy;
}

function refusedPath(id: 'E3' | 'E16' | 'E19', body: unknown): string {
  try {
    parseRequest(id, body);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiParseError);
    return (error as ApiParseError).path;
  }
  throw new Error('expected the body to be refused');
}

/** `['locales', 0, 'title']` → `$.locales[0].title`. */
const jsonPathOf = (path: readonly (string | number)[]) =>
  `$${path.map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`)).join('')}`;

describe('E3: null on an optional field is absent', () => {
  const full = {
    name: 'Canteen closed on Friday',
    startDate: '2024-05-01T08:00:00',
    startDateTimeZone: 'W. Europe Standard Time',
    endDate: '2024-05-31T18:00:00',
    endDateTimeZone: 'W. Europe Standard Time',
    categoryId: guid(1),
    mediaIds: [guid(2)],
    publishOnCreate: true,
    locales: [{ culture: 'en-GB', title: 'Canteen', bodyText: '**Closed**' }],
    permissions: [{ departments: [guid(3)], userGroups: [guid(4)], requireAllUserGroups: true }],
    notifications: { sendNotification: true, sendPushNotification: true, forceInstantPush: false },
  };

  const optional: (string | number)[][] = [
    ['startDateTimeZone'],
    ['endDate'],
    ['endDateTimeZone'],
    ['categoryId'],
    ['mediaIds'],
    ['publishOnCreate'],
    ['notifications'],
    ['notifications', 'sendNotification'],
    ['notifications', 'sendPushNotification'],
    ['notifications', 'forceInstantPush'],
    ['locales', 0, 'culture'],
    ['locales', 0, 'title'],
    ['locales', 0, 'bodyText'],
    ['permissions', 0, 'requireAllUserGroups'],
  ];

  it.each(optional.map((p) => [jsonPathOf(p), p] as const))('%s: null parses as absent', (_, path) => {
    const parsed = parseRequest('E3', withNull(full, path));
    expect(parsed).toEqual(without(full, path));
    // Absent, not null: nothing downstream sees the null.
    expect(JSON.stringify(parsed)).not.toContain('null');
  });

  it('takes every optional field null at once', () => {
    // Children before their parent, so the parent's null is the last word.
    const body = [...optional].reverse().reduce<unknown>((b, path) => withNull(b, path), full);
    const parsed = parseRequest('E3', body);
    expect(parsed).toEqual({
      name: full.name,
      startDate: full.startDate,
      locales: [{}],
      permissions: [{ departments: full.permissions[0]!.departments, userGroups: full.permissions[0]!.userGroups }],
    });
  });

  const required: (string | number)[][] = [
    ['name'],
    ['startDate'],
    ['locales'],
    ['permissions'],
    ['permissions', 0, 'departments'],
    ['permissions', 0, 'userGroups'],
  ];

  it.each(required.map((p) => [jsonPathOf(p), p] as const))('%s: required, null is refused there', (where, path) => {
    expect(refusedPath('E3', withNull(full, path))).toBe(where);
  });

  it('still types a present optional value: null is not a licence for anything', () => {
    expect(refusedPath('E3', { ...full, endDate: '2024-05-31' })).toBe('$.endDate');
    expect(refusedPath('E3', { ...full, mediaIds: [null] })).toBe('$.mediaIds[0]');
  });
});

describe('E16: null in patch items', () => {
  const item = { op: 'replace', path: '/categoryId', value: guid(1), from: '/categoryId' };

  it.each([['op'], ['from']])('%s: null parses as absent', (key) => {
    const parsed = parseRequest('E16', [withNull(item, [key])]);
    const expected = { ...(without(item, [key]) as Record<string, unknown>), op: 'replace' };
    expect(parsed).toEqual([expected]);
  });

  it('path: null is absent, and a patch item needs a path', () => {
    expect(refusedPath('E16', [withNull(item, ['path'])])).toBe('$[0].path');
  });

  it('value: null is absent, and replace needs a value', () => {
    expect(refusedPath('E16', [withNull(item, ['value'])])).toBe('$[0].value');
  });

  const nested: [string, unknown, (string | number)[]][] = [
    ['/locales', [{ culture: 'en-GB', title: 'T', bodyText: 'B' }], [0, 'culture']],
    ['/locales', [{ culture: 'en-GB', title: 'T', bodyText: 'B' }], [0, 'title']],
    ['/locales', [{ culture: 'en-GB', title: 'T', bodyText: 'B' }], [0, 'bodyText']],
    ['/permissions', [{ userGroups: [], departments: [], requireAllUserGroups: true }], [0, 'requireAllUserGroups']],
    ['/notifications', { sendNotification: true, sendPushNotification: true, forceInstantPush: true }, ['sendNotification']],
    ['/notifications', { sendNotification: true, sendPushNotification: true, forceInstantPush: true }, ['sendPushNotification']],
    ['/notifications', { sendNotification: true, sendPushNotification: true, forceInstantPush: true }, ['forceInstantPush']],
  ];

  it.each(nested.map(([path, value, at]) => [`${path} ${jsonPathOf(at)}`, path, value, at] as const))(
    '%s: null parses as absent',
    (_, path, value, at) => {
      const parsed = parseRequest('E16', [{ op: 'replace', path, value: withNull(value, at) }]);
      expect(parsed).toEqual([{ op: 'replace', path, value: without(value, at) }]);
    },
  );

  it.each([['departments'], ['userGroups']])('/permissions[0].%s: required, null is refused', (key) => {
    const value = [{ userGroups: [], departments: [], [key]: null }];
    expect(refusedPath('E16', [{ op: 'replace', path: '/permissions', value }])).toBe(`$[0].value[0].${key}`);
  });
});

describe('E19: null in patch items', () => {
  it('from: null is absent on every kind of op', () => {
    expect(parseRequest('E19', [{ op: 'add', path: '/name', value: 'Ada', from: null }])).toEqual([{ op: 'add', path: '/name', value: 'Ada' }]);
    expect(parseRequest('E19', [{ op: 'remove', path: '/title', value: null, from: null }])).toEqual([{ op: 'remove', path: '/title' }]);
  });

  it('op: null means the op the document shows for the path', () => {
    expect(parseRequest('E19', [{ op: null, path: '/registerNumber', value: 'R-1' }])).toEqual([{ op: 'add', path: '/registerNumber', value: 'R-1' }]);
    expect(parseRequest('E19', [{ op: null, path: '/gender', value: 'Female' }])).toEqual([{ op: 'replace', path: '/gender', value: 'Female' }]);
  });

  it('value: null is absent, so a set op lacks its value', () => {
    expect(refusedPath('E19', [{ op: 'add', path: '/name', value: null }])).toBe('$[0].value');
  });

  it.each([['countryCode'], ['number']])('/phoneNumber.%s: required, null is refused', (key) => {
    const value = { countryCode: 47, number: '40000000', [key]: null };
    expect(refusedPath('E19', [{ op: 'replace', path: '/phoneNumber', value }])).toBe(`$[0].value.${key}`);
  });
});
