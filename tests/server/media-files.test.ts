import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src-server/index.js';

/** Every media link the server's rows carry, with the type the media object declares. */
function mediaOf(rows: unknown): { url: string; type: string | null }[] {
  const out: { url: string; type: string | null }[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const o = value as Record<string, unknown>;
      if (typeof o['downloadUrl'] === 'string') out.push({ url: o['downloadUrl'], type: typeof o['contentType'] === 'string' ? o['contentType'] : null });
      Object.values(o).forEach(walk);
    }
  };
  walk(rows);
  return out;
}

const MAGIC: Record<string, number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47],
  'image/jpeg': [0xff, 0xd8, 0xff],
  'application/pdf': [0x25, 0x50, 0x44, 0x46],
};

describe('media files', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ quiet: true, seed: 1 });
  });
  afterAll(() => server.close());

  it('serves real bytes of the declared type at every downloadUrl of the posts, deterministically', async () => {
    const moduleId = server.sources.contentPosts[0]!.moduleId;
    const media = mediaOf(server.data.rows('E3', { moduleId }));
    expect(media.length).toBeGreaterThan(2);
    for (const { url, type } of media) {
      expect(url.startsWith(`${server.url}/files/media/`), url).toBe(true);
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const magic = MAGIC[type ?? ''];
      if (magic) expect([...bytes.slice(0, magic.length)]).toEqual(magic);
      const again = new Uint8Array(await (await fetch(url)).arrayBuffer());
      expect(again).toEqual(bytes);
    }
  });

  it('points the API answers at itself, and answers 404 for a malformed media id', async () => {
    // The first item of a data list always has media.
    const dataListId = server.sources.dataLists.find((d) => d.type !== 'User')!.dataListId;
    const answer = await fetch(`${server.url}/api/v1.4/dataLists/${dataListId}/items?limit=1000`, { headers: { authorization: `Bearer ${server.token}` } });
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text).not.toContain('files.workplace.example');
    expect(text).toContain(`${server.url}/files/media/`);
    expect((await fetch(`${server.url}/files/media/not-an-id/x.png`)).status).toBe(404);
  });
});
