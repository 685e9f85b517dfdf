import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settledWithin } from '../../../src-renderer/lib/settled-within.js';

describe('settledWithin', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const watch = (wait: Promise<void>) => {
    const state = { done: false };
    void wait.then(() => (state.done = true));
    return state;
  };

  it('resolves as soon as the work settles, well before the bound, and leaves no timer behind', async () => {
    let finish!: () => void;
    const state = watch(settledWithin(new Promise<void>((resolve) => (finish = resolve)), 80));
    await vi.advanceTimersByTimeAsync(10);
    expect(state.done).toBe(false);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.done).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('resolves at the bound when the work is still running', async () => {
    const state = watch(settledWithin(new Promise<void>(() => undefined), 80));
    await vi.advanceTimersByTimeAsync(79);
    expect(state.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.done).toBe(true);
  });

  it('resolves, never rejects, when the work fails', async () => {
    const state = watch(settledWithin(Promise.reject(new Error('no database')), 80));
    await vi.advanceTimersByTimeAsync(0);
    expect(state.done).toBe(true);
  });
});
