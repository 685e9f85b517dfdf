import { describe, expect, it } from 'vitest';
import { REPORT_EVERY_MS, reportActivity } from '../../../src-renderer/lib/report-activity.js';

describe('telling main that the user acts in the window', () => {
  it('tells at the first key, scroll or wheel, then at most once a second while they go on, and never after it stops', () => {
    const target = new EventTarget();
    let clock = 0;
    let told = 0;
    const stop = reportActivity(() => (told += 1), target, () => clock);
    target.dispatchEvent(new Event('keydown'));
    expect(told).toBe(1);
    // A scroll: sixty events a second for three seconds.
    for (let i = 1; i <= 180; i++) {
      clock = (i * 1000) / 60;
      target.dispatchEvent(new Event(i % 2 === 0 ? 'scroll' : 'wheel'));
    }
    expect(told).toBe(1 + Math.floor(3000 / REPORT_EVERY_MS));
    // Anything else the page hears is not the user acting.
    clock += 5_000;
    target.dispatchEvent(new Event('message'));
    expect(told).toBe(4);
    stop();
    target.dispatchEvent(new Event('pointerdown'));
    expect(told).toBe(4);
  });
});
