import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_OPS, productionDialect as dialect, type FilterOp, type SortKey } from '../../src-shared/api/index.js';
import { startServer, type RunningServer } from '../../src-server/index.js';
import { clientOf, followAll, listPath, type Client } from './server-fixture.js';

/**
 * The dialect end to end: URLs written by the client's encoder, read by the reference
 * server over real HTTP, answered with exactly the rows an in-memory filter keeps.
 */
let server: RunningServer;
let client: Client;

beforeAll(async () => {
  // E18 holds 2,000 rows at this scale, with many rows per points value.
  server = await startServer({ quiet: true, scale: 0.002 });
  client = clientOf(server);
});
afterAll(() => server.close());

/** The list URL with the query the dialect writes for these filters and sort. */
function urlOf(filters: { field: string; op: FilterOp; value: string }[], sort: readonly SortKey[] = []): string {
  const query = new URLSearchParams(filters.map((f) => dialect.encodeFilter(f)));
  query.set('limit', '1000');
  if (sort.length > 0) query.set('sort', dialect.encodeSort(sort));
  return `${listPath('E18', {})}?${query.toString()}`;
}

const COMPARE: Record<FilterOp, (a: number, b: number) => boolean> = {
  eq: (a, b) => a === b,
  ne: (a, b) => a !== b,
  lt: (a, b) => a < b,
  lte: (a, b) => a <= b,
  gt: (a, b) => a > b,
  gte: (a, b) => a >= b,
};

describe('every operator through the reference server', () => {
  it.each([...FILTER_OPS])('points %s the median answers the rows filtered in memory', async (op) => {
    const all = server.data.rows('E18');
    const points = all.map((r) => r['points'] as number).sort((a, b) => a - b);
    const pivot = points[Math.floor(points.length / 2)]!;
    const expected = all.filter((r) => COMPARE[op](r['points'] as number, pivot));
    // Each operator must split the rows for the comparison to mean anything.
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    const { rows } = await followAll(client, urlOf([{ field: 'points', op, value: String(pivot) }]));
    expect(rows).toEqual(expected);
  });

  it('a leading + and empty sort parts on the wire sort as the keys they name', async () => {
    const all = server.data.rows('E18');
    const ascending = [...all].sort((a, b) => (a['points'] as number) - (b['points'] as number)).map((r) => r['points']);
    for (const sort of ['+points', 'points,', ',points', ' +points ']) {
      const answer = await client.get(`${listPath('E18', {})}?limit=1000&sort=${encodeURIComponent(sort)}`);
      expect(answer.status, `${sort}: ${answer.text}`).toBe(200);
      expect((answer.body as { data: Record<string, unknown>[] }).data.map((r) => r['points']), sort).toEqual(ascending.slice(0, 1000));
    }
  });

  it.each([
    ['colour', /colour is not sortable/],
    ['-', /sort is empty/],
    [',', /sort is empty/],
    ['points,-points', /points appears twice/],
  ])('refuses sort=%j with a 400 naming sort', async (sort, message) => {
    const answer = await client.get(`${listPath('E18', {})}?sort=${encodeURIComponent(sort)}`);
    expect(answer.status).toBe(400);
    expect((answer.body as { errors: Record<string, string[]> }).errors['sort']).toEqual([expect.stringMatching(message)]);
  });
});
