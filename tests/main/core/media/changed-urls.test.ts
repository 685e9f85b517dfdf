import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { batchChangedUrls } from '../../../../src-main/core/media/changed-urls.js';

describe('the changed media addresses told to the window', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells the first change at once and the ones after it together, at most once per interval', () => {
    const told: (readonly string[])[] = [];
    const changed = batchChangedUrls((urls) => told.push(urls), 250, () => Date.now());
    changed.add(['a']);
    expect(told).toEqual([['a']]);
    for (let i = 0; i < 100; i++) changed.add([`f${i}`, 'b']);
    expect(told).toHaveLength(1);
    vi.advanceTimersByTime(249);
    expect(told).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(told).toHaveLength(2);
    // Each address once, in the order it first changed.
    expect(told[1]).toEqual(['f0', 'b', ...Array.from({ length: 99 }, (_, i) => `f${i + 1}`)]);
    vi.advanceTimersByTime(10_000);
    expect(told).toHaveLength(2);
  });

  it('sends what waits when flushed (the services stop), and nothing when nothing waits', () => {
    const told: (readonly string[])[] = [];
    const changed = batchChangedUrls((urls) => told.push(urls), 250, () => Date.now());
    changed.flush();
    expect(told).toEqual([]);
    changed.add(['a']);
    changed.add(['c']);
    changed.flush();
    expect(told).toEqual([['a'], ['c']]);
    vi.advanceTimersByTime(1_000);
    expect(told).toEqual([['a'], ['c']]);
  });
});
