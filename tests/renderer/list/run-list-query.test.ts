import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../src-shared/api/index.js';
import { countRows, MEMORY_SORT_LIMIT, readAllRows, readRows } from '../../../src-renderer/list/run-list-query.js';
import type { ListQuery } from '../../../src-renderer/list/list-query.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { seedRows } from '../helpers/renderer-context.js';
import { lesson, userGroup } from '../helpers/rows.js';

describe('running list queries on Dexie', () => {
  it('reads a window in index order, filtered, from the right scope only', async () => {
    const db = openFakeDatabase();
    const scope = await seedRows(db, 'E20', {}, Array.from({ length: 50 }, (_, i) => userGroup(49 - i)));
    await seedRows(db, 'E18', {}, [lesson(1)]);
    const query: ListQuery = { endpoint: endpoints.E20, scope, sort: { field: 'name', descending: false }, filters: [], search: '' };
    expect(await countRows(db, query)).toBe(50);
    const window = await readRows(db, query, 10, 5);
    expect(window.map((r) => r.row.name)).toEqual(['Group 010', 'Group 011', 'Group 012', 'Group 013', 'Group 014']);

    const desc = await readRows(db, { ...query, sort: { field: 'name', descending: true } }, 0, 2);
    expect(desc.map((r) => r.row.name)).toEqual(['Group 049', 'Group 048']);

    const odd = { ...query, filters: [{ field: 'description', op: 'eq' as const, value: 'odd' }] };
    expect(await countRows(db, odd)).toBe(25);
    expect((await readRows(db, odd, 0, 3)).map((r) => r.row.name)).toEqual(['Group 001', 'Group 003', 'Group 005']);

    const searched = { ...query, search: 'group 04' };
    expect(await countRows(db, searched)).toBe(10);
    expect((await readAllRows(db, searched)).every((r) => String(r.row.name).startsWith('Group 04'))).toBe(true);
  });

  it('uses the filter index and sorts in memory when the filter leaves few rows', async () => {
    const db = openFakeDatabase();
    const scope = await seedRows(db, 'E18', {}, Array.from({ length: 300 }, (_, i) => lesson(i)));
    const query: ListQuery = {
      endpoint: endpoints.E18,
      scope,
      sort: { field: 'points', descending: true },
      filters: [{ field: 'completionRate', op: 'gte', value: '90' }],
      search: '',
    };
    expect(MEMORY_SORT_LIMIT).toBeGreaterThan(300);
    const rows = await readAllRows(db, query);
    const expected = Array.from({ length: 300 }, (_, i) => lesson(i)).filter((r) => r.completionRate >= 90);
    expect(rows).toHaveLength(expected.length);
    expect(await countRows(db, query)).toBe(expected.length);
    const points = rows.map((r) => r.row.points as number);
    expect(points).toEqual([...points].sort((a, b) => b - a));
  });
});
