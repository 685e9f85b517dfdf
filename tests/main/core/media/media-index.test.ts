import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evictionPlan, mediaKey, newEntry, readMediaIndex, writeMediaIndex, type MediaEntry } from '../../../../src-main/core/media/media-index.js';

const stored = (name: string, size: number, lastUsed: number, pinned = false): MediaEntry => ({
  ...newEntry(`https://f.example/${name}`, 'image/png', lastUsed),
  state: 'stored',
  contentType: 'image/png',
  size,
  pinned,
});
const names = (plan: MediaEntry[]) => plan.map((e) => e.url.split('/').pop());

describe('eviction by budget', () => {
  it('removes nothing while everything fits', () => {
    expect(evictionPlan([stored('a', 100, 1), stored('b', 100, 2)], 200)).toEqual([]);
  });

  it('removes the least recently used unpinned copies first, only as many as needed', () => {
    const entries = [stored('new', 100, 30), stored('old', 100, 10), stored('mid', 100, 20)];
    expect(names(evictionPlan(entries, 250))).toEqual(['old']);
    expect(names(evictionPlan(entries, 100))).toEqual(['old', 'mid']);
  });

  it('never removes a pinned copy, which still counts against the budget', () => {
    const entries = [stored('pinned-oldest', 100, 1, true), stored('b', 100, 2), stored('c', 100, 3)];
    expect(names(evictionPlan(entries, 200))).toEqual(['b']);
    expect(names(evictionPlan(entries, 0))).toEqual(['b', 'c']);
  });

  it('looks only at stored copies', () => {
    const queued = { ...newEntry('https://f.example/q', null, 0), size: 500 };
    expect(evictionPlan([queued, stored('a', 100, 5)], 100)).toEqual([]);
  });
});

describe('the index file', () => {
  it('round-trips, and drops what does not parse or names another file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outpost-media-index-'));
    try {
      const file = join(dir, 'index.json');
      const a = stored('a', 10, 1, true);
      await writeMediaIndex(dir, file, [a]);
      expect(await readMediaIndex(file)).toEqual([a]);
      await writeFile(file, JSON.stringify({ version: 1, entries: [a, { ...a, url: 'https://f.example/other' }, { nonsense: true }] }));
      expect(await readMediaIndex(file)).toEqual([a]);
      await writeFile(file, '{ torn');
      expect(await readMediaIndex(file)).toEqual([]);
      expect(await readMediaIndex(join(dir, 'missing.json'))).toEqual([]);
      expect(a.key).toBe(mediaKey('https://f.example/a'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
