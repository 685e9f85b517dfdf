import { onActivity, type ActivityEvents } from './when-quiet.js';

/** How often, at most, the window tells main that the user acts in it (ms). */
export const REPORT_EVERY_MS = 1_000;

/**
 * Tells main while the user acts in the window (keys, pointer, wheel, scroll), at most
 * once per {@link REPORT_EVERY_MS}: main's background media fetch waits for a quiet
 * moment instead of taking the second core from a scroll. Returns the function that stops.
 */
export function reportActivity(tell: () => void, events: ActivityEvents = globalThis as unknown as ActivityEvents, now: () => number = () => performance.now()): () => void {
  let toldAt = Number.NEGATIVE_INFINITY;
  return onActivity(events, () => {
    const at = now();
    if (at - toldAt < REPORT_EVERY_MS) return;
    toldAt = at;
    tell();
  });
}
