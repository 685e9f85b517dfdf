import { describe, expect, it } from 'vitest';
import type { MediaRef } from '../../../../src-main/core/media/media-refs.js';
import { tapStoreForMedia, type MediaScanStats } from '../../../../src-main/core/media/media-tap.js';

const media = (n: number) => ({ id: `m${n}`, downloadUrl: `https://tenant.example/media/${n}`, contentType: 'image/png', fileName: `${n}.png` });

function fakeStore() {
  const calls: string[] = [];
  return {
    calls,
    store: {
      applyPage: async (command: { rows: unknown[] }) => {
        calls.push(`applyPage ${command.rows.length}`);
        return { written: command.rows.length };
      },
      putRow: async (_command: { row: unknown }) => void calls.push('putRow'),
      getScopes: async () => [],
    },
  };
}

describe('tapStoreForMedia', () => {
  it('notices the media of every page and single row, and still stores them', async () => {
    const { store, calls } = fakeStore();
    const noticed: MediaRef[][] = [];
    const tapped = tapStoreForMedia(store, (refs) => noticed.push([...refs]));
    expect(await tapped.applyPage({ rows: [{ id: 'a', media: [media(1)] }, { id: 'b', media: [media(1), media(2)] }] })).toEqual({ written: 2 });
    await tapped.putRow({ row: { id: 'x' } });
    expect(noticed.map((refs) => refs.map((r) => r.url))).toEqual([['https://tenant.example/media/1', 'https://tenant.example/media/2'], []]);
    expect(calls).toEqual(['applyPage 2', 'putRow']);
  });

  it('adds the rows it scanned and the time the scan took to the stats it is given', async () => {
    const { store } = fakeStore();
    const stats: MediaScanStats = { rows: 0, ms: 0 };
    let clock = 0;
    // Each reading of the clock moves it on by 5 ms: one scan reads it twice.
    const tapped = tapStoreForMedia(store, () => undefined, { stats, now: () => (clock += 5) });
    await tapped.applyPage({ rows: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] });
    await tapped.putRow({ row: { id: 'x' } });
    await tapped.getScopes();
    expect(stats).toEqual({ rows: 4, ms: 10 });
  });

  it('stores the page even when noticing its media fails', async () => {
    const { store, calls } = fakeStore();
    const tapped = tapStoreForMedia(store, () => {
      throw new Error('media index broken');
    });
    await tapped.applyPage({ rows: [{ id: 'a', media: [media(3)] }] });
    expect(calls).toEqual(['applyPage 1']);
  });
});
