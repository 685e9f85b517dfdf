import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDate } from '../../src-server/data/dates.js';
import { startServer, type RunningServer } from '../../src-server/index.js';
import { clientOf, followAll, listPath, listScopes, withRaw, type Client } from './server-fixture.js';

let server: RunningServer;
let client: Client;
let scopes: ReturnType<typeof listScopes>;
let clock = Date.UTC(2026, 5, 1);

beforeAll(async () => {
  // A small fraction of large: E18 holds 2,000 rows, E1 400.
  server = await startServer({ quiet: true, scale: 0.002, now: () => clock });
  // Long-lived: the test moves the clock past the cursors' six hours.
  client = clientOf(server, server.issueToken(['svc.api'], 30 * 86_400));
  scopes = listScopes(server);
});
afterAll(() => server.close());

type Page = { count: number; data: Record<string, unknown>[]; nextUrl: string | null; previousUrl: string | null };
const page = async (path: string): Promise<Page> => {
  const answer = await client.get(path);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as Page;
};
const problemOf = async (path: string) => {
  const answer = await client.get(path);
  expect(answer.status, answer.text).toBe(400);
  return answer.body as { detail: string; errors: Record<string, string[]> };
};
const keys = (rows: Record<string, unknown>[]) => rows.map((r) => `${r['courseLessonId'] ?? ''}${r['id'] ?? ''}+${r['userId'] ?? ''}`);

describe('limit and offset', () => {
  it('defaults to 200 rows and allows up to 1000', async () => {
    expect((await page(listPath('E18', {}))).count).toBe(200);
    expect((await page(listPath('E18', {}, { limit: '1000' }))).count).toBe(1000);
  });

  it.each(['1001', '0', '-1', 'ten', '2.5'])('refuses limit=%s with a 400 naming limit', async (limit) => {
    const body = await problemOf(listPath('E18', {}, { limit }));
    expect(body.errors['limit']![0]).toMatch(/1 to 1000/);
  });

  it('skips offset rows, then takes limit', async () => {
    const all = server.data.rows('E18');
    const body = await page(listPath('E18', {}, { offset: '5', limit: '3' }));
    expect(body.data).toEqual(all.slice(5, 8));
    expect(body.nextUrl).not.toBeNull();
    expect((await problemOf(listPath('E18', {}, { offset: 'x' }))).errors).toHaveProperty('offset');
  });
});

describe('sort', () => {
  it('sorts descending with a leading minus and by several keys', async () => {
    const all = server.data.rows('E18');
    const desc = await page(listPath('E18', {}, { sort: '-creationDateTime', limit: '50' }));
    expect(desc.data).toEqual([...all].reverse().slice(0, 50));
    const { rows } = await followAll(client, listPath('E18', {}, { sort: '-points,courseLessonId', limit: '300' }));
    const expected = [...all].sort(
      (a, b) => (b['points'] as number) - (a['points'] as number) || String(a['courseLessonId']).localeCompare(String(b['courseLessonId'])),
    );
    expect(rows.map((r) => [r['points'], r['courseLessonId']])).toEqual(expected.map((r) => [r['points'], r['courseLessonId']]));
    expect(new Set(keys(rows)).size).toBe(all.length);
  });

  it('refuses unknown and non-sortable fields', async () => {
    expect((await problemOf(listPath('E18', {}, { sort: 'colour' }))).errors['sort']![0]).toMatch(/not sortable/);
    expect((await problemOf(listPath('E1', scopes.E1!, { sort: 'isEnabled' }))).errors['sort']![0]).toMatch(/isEnabled is not sortable/);
  });

  it('applies the documented default sorts', async () => {
    const created = (rows: Record<string, unknown>[]) => rows.map((r) => parseDate(String(r['creationDateTime'])));
    const comments = await page(listPath('E2', scopes.E2!));
    expect(created(comments.data)).toEqual([...created(comments.data)].sort((a, b) => b - a));
    const items = await page(listPath('E1', scopes.E1!));
    expect(items.data.map((r) => r['sortOrder'])).toEqual([...items.data.map((r) => r['sortOrder'] as number)].sort((a, b) => a - b));
    const modules = await page(listPath('E9', {}));
    const names = modules.data.map((m) => String(m['name']));
    expect(names).toEqual([...names].sort());
    const channels = await page(listPath('E21', {}));
    expect(channels.data.map((c) => c['name'])).toEqual([...channels.data.map((c) => String(c['name']))].sort());
    const completions = await page(listPath('E17', scopes.E17!));
    expect(created(completions.data)).toEqual([...created(completions.data)].sort((a, b) => b - a));
  });
});

describe('filters', () => {
  it('filters by equality, by operator and by a range of plain dates', async () => {
    const enabled = await followAll(client, listPath('E1', scopes.E1!, { isEnabled: 'false', limit: '1000' }));
    expect(enabled.rows.length).toBeGreaterThan(0);
    expect(enabled.rows.every((r) => r['isEnabled'] === false)).toBe(true);
    const all = server.data.rows('E18');
    const from = Date.UTC(2024, 0, 1);
    const until = Date.UTC(2024, 6, 1);
    const { rows } = await followAll(
      client,
      withRaw(listPath('E18', {}, { limit: '1000' }), `creationDateTime%5Bgte%5D=2024-01-01&creationDateTime%5Blt%5D=2024-07-01`),
    );
    const expected = all.filter((r) => {
      const t = parseDate(String(r['creationDateTime']));
      return t >= from && t < until;
    });
    expect(expected.length).toBeGreaterThan(0);
    expect(rows).toEqual(expected);
    const many = await followAll(client, withRaw(listPath('E18', {}, { limit: '1000' }), `points%5Bgt%5D=500&courseLessonParticipationState=Completed`));
    expect(many.rows).toEqual(all.filter((r) => (r['points'] as number) > 500 && r['courseLessonParticipationState'] === 'Completed'));
  });

  it('matches a colour sent as %23 and guids in any case', async () => {
    const categories = server.data.rows('E14', scopes.E14!);
    const color = String(categories[2]!['color']);
    const body = await page(withRaw(listPath('E14', scopes.E14!), `color=${encodeURIComponent(color)}`));
    expect(body.data.map((c) => c['id'])).toContain(categories[2]!['id']);
    const user = String(server.data.rows('E18')[0]!['userId']);
    const byUser = await page(listPath('E18', {}, { userId: user.toUpperCase() }));
    expect(byUser.data.length).toBeGreaterThan(0);
    expect(byUser.data.every((r) => r['userId'] === user)).toBe(true);
  });

  it('refuses unknown operators, non-filterable fields, unknown parameters and bad values', async () => {
    expect((await problemOf(withRaw(listPath('E18', {}), `points%5Blike%5D=3`))).errors['points[like]']![0]).toMatch(/unknown filter operator/);
    expect((await problemOf(listPath('E6', scopes.E6!, { sortOrder: '1' }))).errors['sortOrder']![0]).toMatch(/not a filterable field/);
    expect((await problemOf(listPath('E18', {}, { colour: 'red' }))).errors).toHaveProperty('colour');
    expect((await problemOf(listPath('E18', {}, { points: 'many' }))).errors['points']![0]).toMatch(/not an integer/);
    expect((await problemOf(listPath('E18', {}, { creationDateTime: 'yesterday' }))).errors).toHaveProperty('creationDateTime');
    expect((await problemOf(withRaw(listPath('E18', {}), `userId%5Bgt%5D=nobody`))).errors['userId[gt]']![0]).toMatch(/not a guid/);
  });
});

describe('cursors', () => {
  it('nextUrl is absolute, versioned, keeps limit, filters and sort, and carries a 32-hex cursor', async () => {
    const first = await page(listPath('E18', {}, { limit: '100', sort: '-creationDateTime', courseLessonParticipationState: 'Completed' }));
    const next = new URL(first.nextUrl!);
    expect(`${next.protocol}//${next.host}`).toBe(server.url);
    expect(next.pathname).toBe('/api/v1.3/training/lessons/participation');
    expect(next.searchParams.get('limit')).toBe('100');
    expect(next.searchParams.get('sort')).toBe('-creationDateTime');
    expect(next.searchParams.get('courseLessonParticipationState')).toBe('Completed');
    expect(next.searchParams.get('cursor')).toMatch(/^[0-9a-f]{32}$/);
    expect(first.previousUrl).toBeNull();
  });

  it('following nextUrl yields every row once in order; the last page has no nextUrl', async () => {
    for (const [id, sort] of [['E18', null], ['E18', 'creationDateTime'], ['E1', null], ['E1', '-customId'], ['E2', null]] as const) {
      const params = scopes[id]!;
      const query: Record<string, string> = { limit: '70' };
      if (sort) query['sort'] = sort;
      const { rows, pages } = await followAll(client, listPath(id, params, query));
      const expected = server.data.rows(id, params);
      expect(rows.length).toBe(expected.length);
      if (!sort) expect(rows).toEqual(expected);
      expect(new Set(keys(rows)).size).toBe(expected.length);
      expect(pages).toBe(Math.ceil(expected.length / 70));
    }
  });

  it('previousUrl appears on pages reached through a cursor and leads back', async () => {
    const first = await page(listPath('E18', {}, { limit: '10' }));
    const second = await page(first.nextUrl!);
    const third = await page(second.nextUrl!);
    expect(second.previousUrl).not.toBeNull();
    const back = await page(third.previousUrl!);
    expect(back.data).toEqual(second.data);
    const backAgain = await page(back.previousUrl!);
    expect(backAgain.data).toEqual(first.data);
    expect(backAgain.previousUrl).toBeNull();
    expect((await page(backAgain.nextUrl!)).data).toEqual(second.data);
  });

  it('allows a new limit but refuses a cursor with another sort, filter or list', async () => {
    const first = await page(listPath('E18', {}, { limit: '10', sort: 'creationDateTime' }));
    const wider = await page(first.nextUrl!.replace('limit=10', 'limit=25'));
    expect(wider.count).toBe(25);
    expect(wider.data[0]).toEqual(server.data.rows('E18')[10]);
    const resorted = await problemOf(first.nextUrl!.replace('sort=creationDateTime', 'sort=-creationDateTime'));
    expect(resorted.errors['cursor']![0]).toMatch(/another list, filter or sort/);
    await problemOf(`${first.nextUrl!}&points=3`);
    const cursor = new URL(first.nextUrl!).searchParams.get('cursor')!;
    await problemOf(listPath('E1', scopes.E1!, { cursor }));
    expect((await problemOf(listPath('E18', {}, { cursor: 'abc' }))).errors['cursor']![0]).toMatch(/not one this service issued/);
    await problemOf(listPath('E18', {}, { cursor: '0123456789abcdef0123456789abcdef' }));
  });

  it('expires 6 hours after issue (the clock is injectable)', async () => {
    const first = await page(listPath('E18', {}, { limit: '10' }));
    clock += 6 * 3600_000;
    expect((await page(first.nextUrl!)).count).toBe(10);
    clock += 1;
    const body = await problemOf(first.nextUrl!);
    expect(body.detail).toMatch(/cursor has expired/);
  });

  it('yields every row exactly once while rows are created, changed and deleted', async () => {
    const id = 'E1';
    const params = scopes.E1!;
    const before = server.data.rows(id, params);
    let url: string | null = listPath(id, params, { limit: '50', sort: 'creationDateTime' });
    const seen: Record<string, unknown>[] = [];
    let step = 0;
    while (url) {
      const body: Page = await page(url);
      seen.push(...body.data);
      clock += 1000;
      server.data.insert(id, params);
      server.data.insert(id, params);
      const ahead = server.data.rows(id, params)[seen.length + 20];
      if (step === 2 && ahead) server.data.update(id, params, String(ahead['id']), { isEnabled: !ahead['isEnabled'] });
      step++;
      url = body.nextUrl;
    }
    const ids = seen.map((r) => String(r['id']));
    expect(new Set(ids).size).toBe(ids.length);
    for (const row of before) expect(ids).toContain(row['id']);
    const after = server.data.rows(id, params);
    expect(after.length).toBe(before.length + 2 * step);
    const removed = String(after[after.length - 1]!['id']);
    expect(server.data.remove(id, params, removed)).toBe(true);
    expect(server.data.rows(id, params).map((r) => r['id'])).not.toContain(removed);
  });
});
