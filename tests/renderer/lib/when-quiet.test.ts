import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_EVENTS, whenQuiet } from '../../../src-renderer/lib/when-quiet.js';

const timing = { afterMs: 2000, quietMs: 1000, latestMs: 30_000 };

describe('work that waits for a quiet window', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  const setUp = () => {
    const events = new EventTarget();
    const work = vi.fn();
    const cancel = whenQuiet(work, timing, events, () => Date.now());
    const act = (name: (typeof ACTIVITY_EVENTS)[number] = 'hashchange') => events.dispatchEvent(new Event(name));
    return { work, cancel, act };
  };

  it('runs at its earliest moment when nothing happened', () => {
    const { work } = setUp();
    vi.advanceTimersByTime(1999);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits while the user filters, sorts and scrolls, and runs once they paused', () => {
    const { work, act } = setUp();
    // A change every 300 ms from 1.5 s to 6 s: keys, clicks, wheel, scroll, navigation.
    vi.advanceTimersByTime(1500);
    for (let i = 0; i < 15; i++) {
      act(ACTIVITY_EVENTS[i % ACTIVITY_EVENTS.length]);
      vi.advanceTimersByTime(300);
    }
    // Last activity at 5.7 s: quiet from 6.7 s.
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(699);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs at its latest moment even when the window is never quiet', () => {
    const { work, act } = setUp();
    for (let t = 0; t < 29_900; t += 100) {
      act('scroll');
      vi.advanceTimersByTime(100);
    }
    expect(work).not.toHaveBeenCalled();
    act('scroll');
    vi.advanceTimersByTime(100);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('can be withdrawn, and stops listening once done', () => {
    const { work, cancel } = setUp();
    cancel();
    vi.advanceTimersByTime(60_000);
    expect(work).not.toHaveBeenCalled();
    const events = new EventTarget();
    const removed = vi.spyOn(events, 'removeEventListener');
    whenQuiet(() => undefined, timing, events, () => Date.now());
    vi.advanceTimersByTime(2000);
    expect(removed).toHaveBeenCalledTimes(ACTIVITY_EVENTS.length);
  });
});
