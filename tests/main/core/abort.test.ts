import { describe, expect, it } from 'vitest';
import { isAbort, wakeAndRenew } from '../../../src-main/core/abort.js';
import { realSleep } from '../../../src-main/core/clock.js';

describe('wakeAndRenew', () => {
  it('cuts a wait short with an AbortError and hands back a controller not yet aborted', async () => {
    const first = new AbortController();
    const waiting = realSleep(60_000, first.signal).then(
      () => 'slept',
      (error: unknown) => error,
    );
    const next = wakeAndRenew(first);
    expect(isAbort(await waiting)).toBe(true);
    expect(first.signal.aborted).toBe(true);
    expect(isAbort(first.signal.reason)).toBe(true);
    expect(next.signal.aborted).toBe(false);
  });

  it('aborts every wake-up with the same reason, made once rather than at each page', () => {
    const reasons = Array.from({ length: 3 }, () => {
      const controller = new AbortController();
      wakeAndRenew(controller);
      return controller.signal.reason as unknown;
    });
    expect(reasons[0]).toBeInstanceOf(Error);
    expect(new Set(reasons).size).toBe(1);
  });
});
