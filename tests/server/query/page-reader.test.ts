import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endpoints, productionDialect } from '../../../src-shared/api/index.js';
import { createListState } from '../../../src-server/data/list-state.js';
import type { Row } from '../../../src-server/data/row-generator.js';
import { createWorld } from '../../../src-server/data/world.js';
import { parseListQuery, type ListQuery } from '../../../src-server/query/list-query.js';
import { readPage, type Position } from '../../../src-server/query/page-reader.js';
import { comparableOf, compareValues, matches } from '../../../src-server/query/scalar-values.js';

const world = createWorld(7, 'demo');
const generator = () => {
  const r = world.resolve(endpoints.E18, {}, { live: () => true, postModule: () => undefined });
  if (r.kind !== 'list') throw new Error('E18 is a list');
  return r.generator();
};

/** What a page sequence must equal: live rows filtered, then stably sorted (ties by index). */
function naive(rows: { row: Row; index: number }[], query: ListQuery): Row[] {
  const tie = query.sort[0]?.descending ? -1 : 1;
  return rows
    .filter(({ row }) => query.filters.every((f) => matches(f.op, comparableOf(f.type, row[f.field]), f.value)))
    .sort((a, b) => {
      for (const k of query.sort) {
        const c = compareValues(comparableOf(k.type, a.row[k.field]), comparableOf(k.type, b.row[k.field]));
        if (c !== 0) return k.descending ? -c : c;
      }
      return (a.index - b.index) * tie;
    })
    .map(({ row }) => row);
}

const field = fc.constantFrom('creationDateTime', 'points', 'completionRate', 'courseLessonParticipationState', 'lastModifiedDateTime');
const sortArb = fc.uniqueArray(fc.tuple(field, fc.boolean()), { maxLength: 2, selector: ([f]) => f }).map((keys) =>
  keys.map(([f, d]) => (d ? `-${f}` : f)).join(','),
);
const filterArb = fc.oneof(
  fc.tuple(fc.constant('points'), fc.constantFrom('gt', 'lte', 'ne'), fc.integer({ min: 0, max: 1000 }).map(String)),
  fc.tuple(fc.constant('creationDateTime'), fc.constantFrom('gt', 'gte', 'lt', 'eq'), fc.constantFrom('2023-06-01', '2024-02-15T10:00:00Z', '2025-01-01T00:00:00+02:00', '2027-01-01')),
  fc.tuple(fc.constant('courseLessonParticipationState'), fc.constantFrom('eq', 'ne'), fc.constantFrom('Completed', 'InProgress')),
  fc
    .tuple(fc.constantFrom('userId', 'courseLessonId'), fc.constantFrom('eq', 'ne'), fc.nat(200))
    .map(([f, op, k]) => [f, op, String(generator().row(k)[f]).toUpperCase()] as const),
  fc.tuple(fc.constant('lastModifiedDateTime'), fc.constantFrom('gt', 'gte', 'eq', 'lt'), fc.constantFrom('2024-03-01T12:00:00Z', '2025-06-01', '2025-12-31', '2026-06-01', 'null')),
);
const mutationArb = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('insert' as const), points: fc.integer({ min: 0, max: 1000 }) }),
    fc.record({ kind: fc.constant('update' as const), at: fc.nat(200), points: fc.integer({ min: 0, max: 1000 }) }),
    fc.record({ kind: fc.constant('remove' as const), at: fc.nat(200) }),
  ),
  { maxLength: 12 },
);

describe('readPage', () => {
  it('pages forward and backward through exactly the rows a naive filter and sort gives', () => {
    fc.assert(
      fc.property(sortArb, fc.array(filterArb, { maxLength: 2 }), fc.integer({ min: 1, max: 40 }), mutationArb, (sort, filters, limit, mutations) => {
        let now = Date.UTC(2026, 3, 1);
        const state = createListState(endpoints.E18, generator(), () => (now += 1000));
        for (const m of mutations) {
          const live = [...Array(state.total()).keys()].filter((i) => state.isLive(i));
          const target = live.length > 0 && 'at' in m ? live[m.at % live.length]! : undefined;
          const key = target === undefined ? undefined : `${state.row(target)['courseLessonId']}+${state.row(target)['userId']}`;
          if (m.kind === 'insert') state.insert({ points: m.points });
          else if (m.kind === 'update' && key) state.update(key, { points: m.points });
          else if (m.kind === 'remove' && key) state.remove(key);
        }
        const pairs: [string, string][] = filters.map(([f, op, v]) => [op === 'eq' ? f : `${f}[${op}]`, v]);
        if (sort) pairs.push(['sort', sort]);
        pairs.push(['limit', String(limit)]);
        const parsed = parseListQuery(endpoints.E18, pairs, productionDialect);
        if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
        const query = parsed.query;
        const rows = [...Array(state.total()).keys()].filter((i) => state.isLive(i)).map((index) => ({ index, row: state.row(index) }));
        const expected = naive(rows, query);

        const pages: Row[][] = [];
        let position: Position | null = null;
        for (let guard = 0; guard < 500; guard++) {
          const page = readPage(state, query, position);
          pages.push(page.rows);
          if (!page.more || !page.last) break;
          position = { boundary: page.last, direction: 'after', inclusive: false };
        }
        expect(pages.flat()).toEqual(expected);
        expect(pages.slice(0, -1).every((p) => p.length === limit)).toBe(true);

        if (pages.length > 1) {
          const last = readPage(state, query, null);
          let back: Position | null = position;
          const before = readPage(state, query, back);
          expect(before.rows).toEqual(pages[pages.length - 1]);
          back = { boundary: before.first!, direction: 'before', inclusive: false };
          const previous = readPage(state, query, back);
          expect(previous.rows).toEqual(pages[pages.length - 2]);
          expect(last.rows).toEqual(pages[0]);
        }
      }),
      { seed: 20_260_601, numRuns: 120 },
    );
  });

  it('offsets within a page sequence and after a cursor', () => {
    const state = createListState(endpoints.E18, generator(), () => Date.UTC(2026, 0, 1));
    const parsed = parseListQuery(endpoints.E18, [['sort', '-points'], ['offset', '7'], ['limit', '5']], productionDialect);
    if (!parsed.ok) throw new Error('valid query');
    const all = readPage(state, { ...parsed.query, offset: 0, limit: 1000 }, null).rows;
    const page = readPage(state, parsed.query, null);
    expect(page.rows).toEqual(all.slice(7, 12));
    const after = readPage(state, parsed.query, { boundary: page.last!, direction: 'after', inclusive: false });
    expect(after.rows).toEqual(all.slice(19, 24));
  });
});
