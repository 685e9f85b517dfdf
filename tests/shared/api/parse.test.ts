import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiParseError,
  parseListEnvelope,
  parseListPage,
  parseResponse,
  type ListPage,
} from '../../../src-shared/api/index.js';
import { parseKeepsInput } from '../../../src-shared/api/parse.js';
import { resources } from '../../../src-shared/api/resources.js';

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

const accepted = (id: 'E13' | 'E20', row: Record<string, unknown>) =>
  (parseResponse(id, { data: [row] }) as ListPage<unknown>).data[0];

describe('tolerance for what production deployments send', () => {
  const fractions = ['', '.1', '.12', '.123', '.1234', '.12345', '.123456', '.1234567'];

  it.each(fractions.flatMap((f) => ['Z', '+00:00', '+02:00', '-05:30'].map((o) => [f, o])))(
    'reads a date-time with fraction "%s" and offset %s',
    (fraction, offset) => {
      const value = `2024-05-01T10:00:00${fraction}${offset}`;
      expect(accepted('E13', { id: guid(1), creationDateTime: value })).toMatchObject({
        creationDateTime: value,
      });
      expect(accepted('E20', { id: guid(1), creationDateTime: value })).toMatchObject({
        creationDateTime: value,
      });
    },
  );

  it('refuses eight fraction digits and an offset-less datetimeoffset', () => {
    for (const value of ['2024-05-01T10:00:00.12345678Z', '2024-05-01T10:00:00']) {
      expect(refusal(() => parseResponse('E13', { data: [{ id: guid(1), creationDateTime: value }] })).path).toBe(
        '$.data[0].creationDateTime',
      );
    }
  });

  it('reads the document’s datetime (content modules, users, user groups) with or without an offset', () => {
    for (const value of ['2024-05-01T10:00:00', '2024-05-01T10:00:00.5Z']) {
      expect(accepted('E20', { id: guid(1), lastModifiedDateTime: value })).toMatchObject({
        lastModifiedDateTime: value,
      });
    }
  });

  it('checks that a date exists: leap days only in leap years', () => {
    expect(accepted('E13', { id: guid(1), creationDateTime: '2024-02-29T00:00:00Z' })).toBeDefined();
    expect(accepted('E13', { id: guid(1), creationDateTime: '2000-02-29T00:00:00Z' })).toBeDefined();
    for (const value of ['2023-02-29T00:00:00Z', '1900-02-29T00:00:00Z', '2024-04-31T00:00:00Z', '2024-01-01T24:00:00Z']) {
      expect(() => parseResponse('E13', { data: [{ id: guid(1), creationDateTime: value }] }), value).toThrow(
        ApiParseError,
      );
    }
  });

  it('reads availableFrom and availableUntil without an offset, on posts and survey instances', () => {
    const post = { id: guid(1), availableFrom: '2024-05-01T08:00:00', availableUntil: '2024-06-01T08:00:00' };
    expect(parseResponse('E16', { data: post })).toEqual(post);
    const instance = { ...post, availableFromTimeZone: null, availableUntilTimeZone: 'W. Europe Standard Time' };
    expect(parseResponse('E11', { data: [instance] })).toMatchObject({ data: [instance] });
  });

  it.each([
    ['Departments', 'Departments'],
    ['UserGroups', 'UserGroups'],
    ['User groups', 'UserGroups'],
    ['DepartmentsAndUserGroups', 'DepartmentsAndUserGroups'],
    ['Both departments and user groups', 'DepartmentsAndUserGroups'],
    ['DepartmentsOrUserGroups', 'DepartmentsOrUserGroups'],
    ['Either departments or user groups', 'DepartmentsOrUserGroups'],
  ])('normalises the permission setting type "%s" to %s', (sent, normalised) => {
    const page = parseResponse('E9', { data: [{ id: guid(1), permissionSettingType: sent }] });
    expect(page).toMatchObject({ data: [{ permissionSettingType: normalised }] });
  });

  it('accepts a null permission setting type', () => {
    const page = parseResponse('E9', { data: [{ id: guid(1), permissionSettingType: null }] });
    expect(page).toMatchObject({ data: [{ permissionSettingType: null }] });
  });
});

describe('list envelopes', () => {
  const row = { id: guid(1), name: 'Drivers' };

  it('reads an envelope with only data, as null-valued keys, or complete', () => {
    const bare = parseListPage('E20', { data: [row] });
    expect(bare).toEqual({ count: null, data: [row], nextUrl: null, previousUrl: null, rejected: [] });
    const nulls = parseListPage('E20', { count: null, data: [row], nextUrl: null, previousUrl: null });
    expect(nulls).toEqual(bare);
    const next = 'https://tenant.example/api/v1.4/userGroups?limit=1&cursor=0123456789abcdef0123456789abcdef';
    const full = parseListPage('E20', { count: 1, data: [row], nextUrl: next, previousUrl: null, extra: true });
    expect(full).toMatchObject({ count: 1, nextUrl: next, previousUrl: null, data: [row] });
  });

  it('refuses an envelope without data, or with data that is not an array', () => {
    expect(refusal(() => parseListPage('E20', { count: 0 })).path).toBe('$.data');
    expect(refusal(() => parseListPage('E20', { data: {} })).path).toBe('$.data');
    expect(refusal(() => parseListPage('E20', { data: [], count: '1' })).path).toBe('$.count');
    expect(refusal(() => parseListPage('E20', { data: [], nextUrl: 5 })).path).toBe('$.nextUrl');
    expect(refusal(() => parseResponse('E20', null)).path).toBe('$');
    expect(refusal(() => parseResponse('E20', [row])).message).toMatch(/^E20: \$: /);
  });

  it('keeps the valid rows of a page and returns the invalid ones with their paths', () => {
    const rows = [
      row,
      { id: 'nope', name: 'Broken' },
      { id: guid(3), creationDateTime: 'soon', name: 5 },
      { id: guid(4) },
    ];
    const page = parseListPage('E20', { count: 4, data: rows });
    expect(page.data).toEqual([row, { id: guid(4) }]);
    expect(page.count).toBe(4);
    expect(page.rejected.map((r) => r.index)).toEqual([1, 2]);
    expect(page.rejected[0]).toMatchObject({ row: rows[1], issues: [{ path: '$.data[1].id' }] });
    expect(page.rejected[1]!.issues.map((i) => i.path).sort()).toEqual([
      '$.data[2].creationDateTime',
      '$.data[2].name',
    ]);
  });

  it('refuses the whole page in the strict parse when a row is invalid', () => {
    const error = refusal(() => parseResponse('E20', { data: [row, { id: 'nope' }, { id: 7 }] }));
    expect(error.endpoint).toBe('E20');
    expect(error.issues.map((i) => i.path)).toEqual(['$.data[1].id', '$.data[2].id']);
    expect(error.message).toBe('E20: $.data[1].id: expected a guid (and 1 more)');
  });

  it('reads single-resource envelopes as their data', () => {
    const participation = { id: guid(9), status: 'Tentative', attendanceConfirmed: null };
    expect(parseResponse('E5', { data: participation })).toEqual(participation);
    expect(refusal(() => parseResponse('E5', {})).path).toBe('$.data');
    expect(refusal(() => parseResponse('E5', { data: { id: 'x' } })).path).toBe('$.data.id');
  });

  it('is only a list parser for list endpoints', () => {
    expect(() => parseListPage('E19', { data: [] })).toThrow(/not a list endpoint/);
    expect(() => parseListEnvelope('E19', { data: [] })).toThrow(/not a list endpoint/);
  });

  it('reads the envelope alone without checking rows, and refuses it as the full parse does', () => {
    const next = 'https://tenant.example/api/v1.4/userGroups?limit=2&cursor=0123456789abcdef0123456789abcdef';
    expect(parseListEnvelope('E20', { count: 9, data: [row, { id: 'nope' }], nextUrl: next })).toEqual({ count: 9, nextUrl: next, previousUrl: null, rows: 2 });
    expect(parseListEnvelope('E20', { data: [] })).toEqual({ count: null, nextUrl: null, previousUrl: null, rows: 0 });
    for (const body of [{ count: 0 }, { data: {} }, { data: [], count: '1' }, { data: [], nextUrl: 5 }]) {
      expect(refusal(() => parseListEnvelope('E20', body)).path).toBe(refusal(() => parseListPage('E20', body)).path);
    }
  });
});

describe('permission setting types not seen before', () => {
  it('keeps an unknown spelling as sent instead of rejecting the module', () => {
    const page = parseListPage('E9', { data: [{ id: '00000000-0000-4000-8000-000000000001', permissionSettingType: 'Everyone in the company' }] });
    expect(page.rejected).toEqual([]);
    expect(page.data).toMatchObject([{ permissionSettingType: 'Everyone in the company' }]);
  });
});

describe('rows validated without being copied', () => {
  it('knows which schemas parse a row into an equal copy: every resource but the one with a transform', () => {
    const copying = Object.entries(resources).filter(([, schema]) => !parseKeepsInput(schema)).map(([name]) => name);
    expect(copying).toEqual(['contentModule']);
    expect(parseKeepsInput(z.looseObject({ a: z.string().nullable().optional(), b: z.array(z.number()) }))).toBe(true);
    // A plain object drops fields it does not name; trim, defaults and coercion rewrite values.
    expect(parseKeepsInput(z.object({ a: z.string() }))).toBe(false);
    expect(parseKeepsInput(z.looseObject({ a: z.string().trim() }))).toBe(false);
    expect(parseKeepsInput(z.looseObject({ a: z.string().default('x') }))).toBe(false);
    expect(parseKeepsInput(z.looseObject({ a: z.coerce.number() }))).toBe(false);
    expect(parseKeepsInput(z.looseObject({ a: z.string().transform((v) => v.length) }))).toBe(false);
  });

  it('keeps a valid row as it came, still refuses an invalid one, and still normalises a module\'s permission setting type', () => {
    const row = { id: guid(1), name: 'Forklift', extra: { kept: [1, 2] } };
    const bad = { id: 'not-a-guid', name: 'Nope' };
    const page = parseListPage('E13', { data: [row, bad] });
    expect(page.data[0]).toBe(row);
    expect(page.rejected).toMatchObject([{ index: 1, row: bad }]);
    expect(page.rejected[0]!.issues[0]!.path).toContain('$.data[1]');
    const module = { id: guid(2), permissionSettingType: 'User groups' };
    const modules = parseListPage('E9', { data: [module] });
    expect(modules.data).toEqual([{ id: guid(2), permissionSettingType: 'UserGroups' }]);
    expect(module.permissionSettingType).toBe('User groups');
  });
});
