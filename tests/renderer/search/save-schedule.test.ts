import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSchedule } from '../../../src-renderer/search/save-schedule.js';

describe('when the search index is saved', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('once, after a burst of changes has paused', () => {
    const saved: number[] = [];
    const saves = saveSchedule(() => void saved.push(Date.now()), { afterMs: 15_000, withinMs: 120_000 });
    const start = Date.now();
    for (let i = 0; i < 10; i++) {
      saves.changed();
      vi.advanceTimersByTime(1_000);
    }
    vi.advanceTimersByTime(13_999);
    expect(saved).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(saved).toEqual([start + 24_000]);
    vi.advanceTimersByTime(600_000);
    expect(saved).toHaveLength(1);
  });

  it('at least every withinMs while changes never pause, as in a first sync of many minutes', () => {
    const saved: number[] = [];
    const saves = saveSchedule(() => void saved.push(Date.now()), { afterMs: 15_000, withinMs: 120_000 });
    const start = Date.now();
    // A page every two seconds for ten minutes.
    for (let t = 0; t < 600_000; t += 2_000) {
      saves.changed();
      vi.advanceTimersByTime(2_000);
    }
    vi.advanceTimersByTime(15_000);
    // Each save 120 s after the first change it covers: the last change is saved at the fifth.
    expect(saved.map((t) => t - start)).toEqual([120_000, 240_000, 360_000, 480_000, 600_000]);
  });
});
