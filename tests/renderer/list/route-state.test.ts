import { describe, expect, it } from 'vitest';
import { listRouteQuery, parseListRoute } from '../../../src-renderer/list/route-state.js';
import { cellText } from '../../../src-renderer/list/cell-text.js';
import { rowsToCsv, rowsToJson } from '../../../src-renderer/list/export-rows.js';
import { columnsOf } from '../../../src-renderer/presentation/columns.js';
import { endpoints } from '../../../src-shared/api/index.js';
import { windowFor } from '../../../src-renderer/list/use-row-window.js';

describe('list state in the URL', () => {
  it('round-trips scope, sort, filters, search and the selected row', () => {
    const state = {
      scope: 'E4:a/b',
      sort: { field: 'creationDateTime', descending: true },
      filters: [
        { field: 'status', op: 'eq' as const, value: 'Attending' },
        { field: 'creationDateTime', op: 'gte' as const, value: '2025-01-01T00:00:00.000Z' },
      ],
      search: 'ada',
      row: 'k1',
    };
    const query = listRouteQuery(state);
    expect(query).toEqual({ scope: 'E4:a/b', sort: '-creationDateTime', f: ['status:eq:Attending', 'creationDateTime:gte:2025-01-01T00:00:00.000Z'], q: 'ada', row: 'k1' });
    expect(parseListRoute(query)).toEqual(state);
  });

  it('drops malformed filters and reads a lone filter', () => {
    expect(parseListRoute({ f: ['bad', 'x:zz:1', 'name:ne:a:b'] }).filters).toEqual([{ field: 'name', op: 'ne', value: 'a:b' }]);
    expect(parseListRoute({ f: 'name:eq:x' }).filters).toHaveLength(1);
    expect(parseListRoute({})).toEqual({ scope: null, sort: null, filters: [], search: '', row: null });
  });
});

describe('cells and exports', () => {
  const columns = columnsOf(endpoints.E21);
  const row = { id: 'c1', name: 'Safety, "urgent"', pushEnabled: true, description: '=cmd()', locales: [{ culture: 'en-GB', channelName: 'Safety EN' }], extra: { a: 1 } };

  it('shows derived titles, booleans and missing values readably', () => {
    const byField = Object.fromEntries(columns.map((c) => [c.field, c]));
    expect(cellText(byField.$title!, row, 'channelName', null)).toBe('Safety EN');
    expect(cellText(byField.pushEnabled!, row, null, null)).toBe('Yes');
    expect(cellText(byField.pushEnabled!, {}, null, null)).toBe('—');
  });

  it('exports CSV with raw values, quoting, formula escaping and unknown fields as JSON', () => {
    const csv = rowsToCsv([row], columns, 'channelName');
    const [header, line] = csv.split('\r\n');
    expect(header).toBe('title,name,pushEnabled,description,id,locales,extra');
    expect(line).toContain('"Safety, ""urgent"""');
    expect(line).toContain("'=cmd()");
    expect(line).toContain('"{""a"":1}"');
    expect(JSON.parse(rowsToJson([row]))).toEqual([row]);
  });
});

describe('row windows', () => {
  it.each([
    [0, 30, { from: 0, to: 100 }],
    [95, 130, { from: 0, to: 200 }],
    [999_950, 999_990, { from: 999_900, to: 1_000_000 }],
  ])('rows %i–%i are read in blocks of 100 as %o', (start, end, expected) => expect(windowFor(start, end, 100)).toEqual(expected));
});
