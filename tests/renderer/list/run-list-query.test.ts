import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../src-shared/api/index.js';
import { countRows, MEMORY_SORT_LIMIT, readAllRows, readRows, searchRows, walkList } from '../../../src-renderer/list/run-list-query.js';
import type { ListQuery } from '../../../src-renderer/list/list-query.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { scopeState, seedRows } from '../helpers/renderer-context.js';
import { createDexieMirrorStore } from '../../../src-shared/store/index.js';
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

/**
 * The two walks below read thousands of fake-indexeddb rows; on a two-core machine shared
 * with other test runs the first took 43 s, over the 30 s default. The limit is a guard
 * against a hang, not a time budget.
 */
const HEAVY = 180_000;

describe('reads at a position', () => {
  it('read the rows the whole list holds there, ties and reverse order included', async () => {
    const db = openFakeDatabase();
    // points has 50 distinct values over 1,200 rows: many ties.
    const scope = await seedRows(db, 'E18', {}, Array.from({ length: 1200 }, (_, i) => lesson(i)));
    for (const sort of [{ field: 'points', descending: false }, { field: 'points', descending: true }, { field: 'creationDateTime', descending: true }, null]) {
      const query: ListQuery = { endpoint: endpoints.E18, scope, sort, filters: [], search: '' };
      const all = (await readAllRows(db, query)).map((r) => r.key);
      expect(all).toHaveLength(1200);
      for (const offset of [0, 99, 100, 250, 777, 1150]) expect((await readRows(db, query, offset, 30)).map((r) => r.key)).toEqual(all.slice(offset, offset + 30));
    }
  }, HEAVY);

  it('are not counted by a walk for lists filtered row by row or searched', async () => {
    const db = openFakeDatabase();
    const scope = await seedRows(db, 'E18', {}, Array.from({ length: 10 }, (_, i) => lesson(i)));
    const base: ListQuery = { endpoint: endpoints.E18, scope, sort: { field: 'points', descending: false }, filters: [], search: '' };
    expect(await walkList(db, base)).toEqual({ counted: 10, complete: true });
    expect(await walkList(db, { ...base, search: 'x' })).toBeNull();
    expect(await walkList(db, { ...base, filters: [{ field: 'userId', op: 'ne', value: 'x' }] })).toBeNull();
  });
});

describe('walking a list in chunks', () => {
  it('counts the same in small chunks as in one, through runs of equal keys, bounds and reverse order', async () => {
    const db = openFakeDatabase();
    const scope = await seedRows(db, 'E18', {}, Array.from({ length: 700 }, (_, i) => lesson(i)));
    // Rows of other lists in the same table, whose ranges border this one's.
    const store = createDexieMirrorStore(db);
    for (const other of ['E18:a', 'E18:b', 'E18:c']) {
      await store.applyPage({ endpoint: 'E18', scope: other, pass: 'p1', rows: Array.from({ length: 30 }, (_, i) => lesson(i)), quarantined: [], state: scopeState('E18', {}, 30, { scope: other }) });
    }
    const base: ListQuery = { endpoint: endpoints.E18, scope, sort: { field: 'points', descending: false }, filters: [], search: '' };
    const queries: ListQuery[] = [
      base,
      { ...base, sort: { field: 'points', descending: true } },
      { ...base, sort: null },
      { ...base, filters: [{ field: 'points', op: 'gt', value: '10' }, { field: 'points', op: 'lt', value: '40' }] },
      { ...base, sort: { field: 'points', descending: true }, filters: [{ field: 'points', op: 'gte', value: '10' }, { field: 'points', op: 'lte', value: '40' }] },
      { ...base, sort: null, filters: [{ field: 'courseLessonParticipationState', op: 'eq', value: 'Completed' }] },
    ];
    for (const query of queries) {
      const progress: number[] = [];
      const whole = await walkList(db, query);
      const chunked = await walkList(db, query, { chunk: 7, onProgress: (p) => void progress.push(p.counted) });
      expect(whole?.complete).toBe(true);
      expect(chunked).toEqual(whole);
      expect(whole?.counted).toBe(await countRows(db, query));
      expect(whole?.counted).toBe((await readAllRows(db, query)).length);
      // Reported as it goes, in steps of the chunk.
      expect(progress.at(-1)).toBe(whole?.counted);
      if (whole!.counted > 7) expect(progress[0]).toBe(7);
    }
  }, HEAVY);

  it('stops when its signal aborts and reads no further chunk', async () => {
    const db = openFakeDatabase();
    const scope = await seedRows(db, 'E18', {}, Array.from({ length: 300 }, (_, i) => lesson(i)));
    const query: ListQuery = { endpoint: endpoints.E18, scope, sort: { field: 'points', descending: false }, filters: [], search: '' };
    const controller = new AbortController();
    const seen: number[] = [];
    const result = await walkList(db, query, {
      chunk: 40,
      signal: controller.signal,
      onProgress: (p) => {
        seen.push(p.counted);
        controller.abort();
      },
    });
    expect(seen).toEqual([40]);
    expect(result).toMatchObject({ counted: 40, complete: false });
  });

  it('is not offered for lists filtered row by row, searched or of every scope', async () => {
    const db = openFakeDatabase();
    const scope = await seedRows(db, 'E18', {}, [lesson(1)]);
    const base: ListQuery = { endpoint: endpoints.E18, scope, sort: null, filters: [], search: '' };
    expect(await walkList(db, { ...base, search: 'x' })).toBeNull();
    expect(await walkList(db, { ...base, filters: [{ field: 'points', op: 'ne', value: '1' }] })).toBeNull();
    expect(await walkList(db, { ...base, scope: null })).toBeNull();
  });
});

describe('searching', () => {
  it('stops at the cap or the time budget and says whether it saw every row', async () => {
    const db = openFakeDatabase();
    const scope = await seedRows(db, 'E18', {}, Array.from({ length: 300 }, (_, i) => lesson(i)));
    const query: ListQuery = { endpoint: endpoints.E18, scope, sort: null, filters: [], search: 'completed' };
    const all = await searchRows(db, query, Number.POSITIVE_INFINITY);
    expect(all.complete).toBe(true);
    expect(all.rows).toHaveLength(100);
    expect(all.scanned).toBe(300);
    const capped = await searchRows(db, query, Number.POSITIVE_INFINITY, 10);
    expect(capped).toMatchObject({ complete: false });
    expect(capped.rows).toHaveLength(10);
    let t = 0;
    const outOfTime = await searchRows(db, query, 5, 1000, () => (t += 100));
    expect(outOfTime.complete).toBe(false);
    expect(outOfTime.scanned).toBeLessThan(300);
  });
});
