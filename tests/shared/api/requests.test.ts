import { describe, expect, it } from 'vitest';
import { ApiParseError, parseRequest } from '../../../src-shared/api/index.js';

const guid = (n: number) => `3f2504e0-4f89-41d3-9a0c-${String(n).padStart(12, '0')}`;

function refusal(run: () => unknown): ApiParseError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiParseError);
    return error as ApiParseError;
  }
  throw new Error('expected the body to be refused');
}

function refusedAt(id: 'E3' | 'E16' | 'E19', body: unknown): string {
  const error = refusal(() => parseRequest(id, body));
  expect(error.endpoint).toBe(id);
  expect(error.message.startsWith(`${id}: ${error.path}: `)).toBe(true);
  return error.path;
}

describe('E3 create content post', () => {
  const minimal = {
    name: 'Canteen closed on Friday',
    startDate: '2024-05-01T08:00:00',
    locales: [],
    permissions: [],
  };
  const full = {
    ...minimal,
    startDateTimeZone: 'W. Europe Standard Time',
    endDate: '2024-05-31T18:00:00',
    endDateTimeZone: 'W. Europe Standard Time',
    categoryId: guid(1),
    mediaIds: [guid(2), guid(3)],
    publishOnCreate: true,
    locales: [
      { culture: 'en-GB', title: 'Canteen', bodyText: '**Closed** on Friday' },
      { culture: 'nl-NL' },
      {},
    ],
    permissions: [
      { departments: [guid(4)], userGroups: [], requireAllUserGroups: false },
      { departments: [], userGroups: [guid(5), guid(6)] },
    ],
    notifications: { sendNotification: true, sendPushNotification: false, forceInstantPush: false },
  };

  it('accepts the required fields alone, and every documented field', () => {
    expect(parseRequest('E3', minimal)).toEqual(minimal);
    expect(parseRequest('E3', full)).toEqual(full);
    expect(parseRequest('E3', { ...minimal, notifications: {} })).toEqual({ ...minimal, notifications: {} });
  });

  it('limits name to 128 characters', () => {
    expect(parseRequest('E3', { ...minimal, name: 'n'.repeat(128) }).name).toHaveLength(128);
    expect(refusedAt('E3', { ...minimal, name: 'n'.repeat(129) })).toBe('$.name');
    expect(refusedAt('E3', { ...minimal, name: 5 })).toBe('$.name');
  });

  it.each(['name', 'startDate', 'locales', 'permissions'])('requires %s', (field) => {
    const body: Record<string, unknown> = { ...minimal };
    delete body[field];
    expect(refusedAt('E3', body)).toBe(`$.${field}`);
  });

  it.each([
    '2024-05-01T08:00',
    '2024-05-01T08:00:00Z',
    '2024-05-01T08:00:00+00:00',
    '2024-05-01T08:00:00.000',
    '2024-05-01',
    '2024-05-01 08:00:00',
    '2024-13-01T08:00:00',
    '2024-02-30T08:00:00',
    '01/05/2024 08:00:00',
  ])('refuses startDate and endDate "%s": the form is exactly yyyy-MM-ddTHH:mm:ss', (date) => {
    expect(refusedAt('E3', { ...minimal, startDate: date })).toBe('$.startDate');
    expect(refusedAt('E3', { ...minimal, endDate: date })).toBe('$.endDate');
  });

  it('wants guids in categoryId, mediaIds and permissions, and names the offending element', () => {
    expect(refusedAt('E3', { ...minimal, categoryId: 'news' })).toBe('$.categoryId');
    expect(refusedAt('E3', { ...minimal, mediaIds: [guid(1), 'photo.jpg'] })).toBe('$.mediaIds[1]');
    const permission = { departments: [guid(1)], userGroups: [guid(2)] };
    expect(
      refusedAt('E3', { ...minimal, permissions: [permission, { ...permission, departments: ['HR'] }] }),
    ).toBe('$.permissions[1].departments[0]');
    expect(refusedAt('E3', { ...minimal, permissions: [{ ...permission, userGroups: [guid(2), 7] }] })).toBe(
      '$.permissions[0].userGroups[1]',
    );
  });

  it('requires departments and userGroups in each permission, and types the optional fields', () => {
    expect(refusedAt('E3', { ...minimal, permissions: [{ userGroups: [] }] })).toBe('$.permissions[0].departments');
    expect(refusedAt('E3', { ...minimal, permissions: [{ departments: [] }] })).toBe('$.permissions[0].userGroups');
    expect(
      refusedAt('E3', { ...minimal, permissions: [{ departments: [], userGroups: [], requireAllUserGroups: 'yes' }] }),
    ).toBe('$.permissions[0].requireAllUserGroups');
    expect(refusedAt('E3', { ...minimal, locales: [{ culture: 1031 }] })).toBe('$.locales[0].culture');
    expect(refusedAt('E3', { ...minimal, publishOnCreate: 'true' })).toBe('$.publishOnCreate');
    expect(refusedAt('E3', { ...minimal, notifications: { forceInstantPush: 1 } })).toBe(
      '$.notifications.forceInstantPush',
    );
    expect(refusedAt('E3', null)).toBe('$');
  });
});

describe('E16 update content post', () => {
  const valid: Record<string, unknown> = {
    '/categoryId': guid(1),
    '/locales': [{ culture: 'en-GB', title: 'Canteen', bodyText: '_Open_ again' }],
    '/mediaIds': [guid(2)],
    '/permissions': [{ userGroups: [guid(3)], departments: [], requireAllUserGroups: true }],
    '/notifications': { sendNotification: true, sendPushNotification: true, forceInstantPush: false },
  };

  it.each(Object.entries(valid))('replaces %s with a value of the documented shape', (path, value) => {
    const body = [{ op: 'replace', path, value }];
    expect(parseRequest('E16', body)).toEqual(body);
  });

  it('accepts all five paths in one patch', () => {
    const body = Object.entries(valid).map(([path, value]) => ({ op: 'replace', path, value }));
    expect(parseRequest('E16', body)).toHaveLength(5);
  });

  it('reads locales and notifications with the optional fields E3 documents for them', () => {
    const body = [
      { op: 'replace', path: '/locales', value: [{ culture: 'en-GB', title: 'Canteen' }, {}] },
      { op: 'replace', path: '/notifications', value: { sendNotification: false } },
      { op: 'replace', path: '/permissions', value: [{ userGroups: [], departments: [guid(1)] }] },
    ];
    expect(parseRequest('E16', body)).toEqual(body);
  });

  it('takes a missing op as replace, since the document makes op optional', () => {
    expect(parseRequest('E16', [{ path: '/categoryId', value: guid(1) }])).toHaveLength(1);
  });

  it.each(['add', 'remove', 'move', 'copy', 'test', 'REPLACE'])('refuses the op %s', (op) => {
    expect(refusedAt('E16', [{ op, path: '/categoryId', value: guid(1) }])).toBe('$[0].op');
  });

  it.each(['/name', '/status', '/startDate', 'categoryId', '/locales/0/title', 'constructor', '__proto__', ''])(
    'refuses the undocumented path "%s"',
    (path) => {
      expect(refusedAt('E16', [{ op: 'replace', path, value: 'x' }])).toBe('$[0].path');
    },
  );

  it('refuses an operation without a path, and names the failing operation', () => {
    expect(refusedAt('E16', [{ op: 'replace', value: guid(1) }])).toBe('$[0].path');
    expect(
      refusedAt('E16', [
        { op: 'replace', path: '/categoryId', value: guid(1) },
        { op: 'replace', path: '/title', value: 'x' },
      ]),
    ).toBe('$[1].path');
  });

  it.each([
    ['/categoryId', 'news', '$[0].value'],
    ['/categoryId', undefined, '$[0].value'],
    ['/locales', { culture: 'en-GB' }, '$[0].value'],
    ['/locales', [{ title: 42 }], '$[0].value[0].title'],
    ['/mediaIds', [guid(1), 'x'], '$[0].value[1]'],
    ['/permissions', [{ userGroups: [], departments: ['x'] }], '$[0].value[0].departments[0]'],
    ['/permissions', [{ userGroups: [] }], '$[0].value[0].departments'],
    ['/notifications', { sendNotification: 'yes' }, '$[0].value.sendNotification'],
  ])('refuses %s = %j at %s', (path, value, where) => {
    expect(refusedAt('E16', [{ op: 'replace', path, value }])).toBe(where);
  });

  it('refuses bodies that are not a non-empty array of operations', () => {
    expect(refusedAt('E16', { op: 'replace', path: '/categoryId', value: guid(1) })).toBe('$');
    expect(refusedAt('E16', [])).toBe('$');
    expect(refusedAt('E16', ['replace'])).toBe('$[0]');
    expect(refusedAt('E16', [{ op: 1, path: '/categoryId' }])).toBe('$[0].op');
    expect(refusedAt('E16', [{ op: 'replace', path: '/categoryId', value: guid(1), from: 3 }])).toBe(
      '$[0].from',
    );
  });
});

describe('E19 update user', () => {
  /** The document's table: path, op seen, a value of the shape shown. */
  const seen: [string, string, unknown][] = [
    ['/name', 'add', 'Ada Lovelace'],
    ['/phoneNumber', 'replace', { countryCode: 31, number: '612345678' }],
    ['/title', 'remove', undefined],
    ['/customFields', 'add', { SHIRT: 'L', HIRED: '2020-01-01', SKILLS: ['forklift', 'first aid'] }],
    ['/gender', 'replace', 'Female'],
    ['/initials', 'add', 'AL'],
    ['/registerNumber', 'add', 'R-1'],
    ['/dutyPlanNumber', 'add', 'D-7'],
    ['/imageId', 'replace', guid(1)],
    ['/memberCardId', 'replace', guid(2)],
    ['/cardNumber', 'replace', '0042'],
  ];

  it.each(seen)('accepts %s with op %s', (path, op, value) => {
    const body = [value === undefined ? { op, path } : { op, path, value }];
    expect(parseRequest('E19', body)).toEqual(body);
  });

  it('accepts every documented path in one patch', () => {
    const body = seen.map(([path, op, value]) => ({ op, path, value }));
    expect(parseRequest('E19', body)).toHaveLength(seen.length);
  });

  it('refuses the set op the document does not show for a path (add where it shows replace, and back)', () => {
    for (const [path, op, value] of seen) {
      if (op === 'remove') continue;
      const other = op === 'add' ? 'replace' : 'add';
      expect(refusedAt('E19', [{ op: other, path, value }]), path).toBe('$[0].op');
    }
  });

  it('spells out a missing op as the one the document shows for the path', () => {
    const body = seen.filter(([, op]) => op !== 'remove').map(([path, , value]) => ({ path, value }));
    const parsed = parseRequest('E19', body);
    expect(parsed.map((o) => [o.path, o.op])).toEqual(seen.filter(([, op]) => op !== 'remove').map(([path, op]) => [path, op]));
  });

  it('does not limit a user’s name to the 128 characters of a post name', () => {
    expect(parseRequest('E19', [{ op: 'add', path: '/name', value: 'n'.repeat(200) }])).toHaveLength(1);
  });

  it.each([
    ['/name', 'remove'],
    ['/imageId', 'remove'],
    ['/title', 'move'],
    ['/gender', 'test'],
  ])('refuses %s with op %s', (path, op) => {
    expect(refusedAt('E19', [{ op, path, value: 'x', from: '/name' }])).toBe('$[0].op');
  });

  it.each(['/email', '/status', '/customFields/SHIRT', '/phoneNumber/number', 'name', 'toString', '/'])(
    'refuses the unknown path "%s"',
    (path) => {
      expect(refusedAt('E19', [{ op: 'replace', path, value: 'x' }])).toBe('$[0].path');
    },
  );

  it.each([
    ['/name', 5, '$[0].value'],
    ['/phoneNumber', { countryCode: '31', number: '6' }, '$[0].value.countryCode'],
    ['/phoneNumber', { countryCode: 31.5, number: '6' }, '$[0].value.countryCode'],
    ['/phoneNumber', { countryCode: 31 }, '$[0].value.number'],
    ['/customFields', { SKILLS: [1] }, '$[0].value.SKILLS'],
    ['/customFields', ['a'], '$[0].value'],
    ['/imageId', 'avatar.png', '$[0].value'],
    ['/memberCardId', 12, '$[0].value'],
    ['/cardNumber', 42, '$[0].value'],
  ])('refuses %s = %j at %s', (path, value, where) => {
    const op = seen.find(([p]) => p === path)![1];
    expect(refusedAt('E19', [{ op, path, value }])).toBe(where);
  });
});
