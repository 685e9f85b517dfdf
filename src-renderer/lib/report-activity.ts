import { ACTIVITY_EVENTS } from './when-quiet.js';

/** How often, at most, the window tells main that the user acts in it (ms). */
export const REPORT_EVERY_MS = 1_000;

type Events = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/**
 * Tells main while the user acts in the window (keys, pointer, wheel, scroll), at most
 * once per {@link REPORT_EVERY_MS}: main's background media fetch waits for a quiet
 * moment instead of taking the second core from a scroll. Returns the function that stops.
 */
export function reportActivity(tell: () => void, events: Events = globalThis as unknown as Events, now: () => number = () => performance.now()): () => void {
  let toldAt = Number.NEGATIVE_INFINITY;
  const seen = () => {
    const at = now();
    if (at - toldAt < REPORT_EVERY_MS) return;
    toldAt = at;
    tell();
  };
  for (const name of ACTIVITY_EVENTS) events.addEventListener(name, seen, { capture: true, passive: true });
  return () => {
    for (const name of ACTIVITY_EVENTS) events.removeEventListener(name, seen, { capture: true });
  };
}
