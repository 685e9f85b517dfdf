import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { worldSpec } from '../../src-server/data/world-spec.js';
import { startServer, type RunningServer } from '../../src-server/index.js';
import { clientOf, followAll, listPath, type Client } from './server-fixture.js';

describe('large scale', () => {
  it('holds at least the rows the issue asks for', () => {
    const spec = worldSpec('large');
    expect(spec.lessonParticipations).toBeGreaterThanOrEqual(1_000_000);
    expect(spec.dataLists[0]!.size).toBeGreaterThanOrEqual(200_000);
    expect(spec.contentModules[0]!.posts[0]!.comments).toBeGreaterThanOrEqual(100_000);
    const demo = worldSpec('demo');
    expect(worldSpec(0.5).lessonParticipations).toBe(500_000);
    expect(worldSpec(0.00001).lessonParticipations).toBe(demo.lessonParticipations);
  });

  describe('served lazily', () => {
    let server: RunningServer;
    let client: Client;
    beforeAll(async () => {
      server = await startServer({ quiet: true, scale: 'large' });
      client = clientOf(server);
    });
    afterAll(() => server.close());

    it('reaches the end of a million rows by offset and by a cursor from there', async () => {
      const tail = await client.get(listPath('E18', {}, { offset: '999990', limit: '20', sort: 'creationDateTime' }));
      const body = tail.body as { count: number; nextUrl: string | null; data: Record<string, unknown>[] };
      expect(body.count).toBe(10);
      expect(body.nextUrl).toBeNull();
      const near = (await client.get(listPath('E18', {}, { offset: '999980', limit: '5' }))).body as { nextUrl: string };
      const next = (await client.get(near.nextUrl)).body as { data: Record<string, unknown>[]; previousUrl: string };
      expect(next.data).toHaveLength(5);
      expect(next.previousUrl).not.toBeNull();
      const items = server.sources.dataLists[0]!;
      const last = (await client.get(listPath('E1', items, { offset: '199999' }))).body as { data: { sortOrder: number }[] };
      expect(last.data.map((i) => i.sortOrder)).toEqual([200_000]);
      const comments = server.sources.contentPosts[0]!;
      const newest = (await client.get(listPath('E2', { moduleId: comments.moduleId, contentId: comments.contentId }, { offset: '99999' }))).body as { count: number };
      expect(newest.count).toBe(1);
      expect(process.memoryUsage().rss).toBeLessThan(1.5 * 1024 ** 3);
    });
  });

  it('gives every row once to a full pass of limit=1000 sorted by creationDateTime', async () => {
    const server = await startServer({ quiet: true, scale: 0.02 });
    try {
      const { rows, pages } = await followAll(clientOf(server), listPath('E18', {}, { limit: '1000', sort: 'creationDateTime' }));
      expect(pages).toBe(20);
      expect(rows).toEqual(server.data.rows('E18'));
      expect(new Set(rows.map((r) => `${r['courseLessonId']}+${r['userId']}`)).size).toBe(20_000);
    } finally {
      await server.close();
    }
  });
});
