/**
 * Background work that can wait for the user: started once the window has been quiet
 * (no key, pointer, wheel, scroll or navigation) for a moment. Loading the search index
 * of a million-row workspace two seconds after a window opened took the second core
 * while the user filtered and sorted a list: the slowest filter and sort changes after
 * the first doubled (one bench run each way).
 */

export interface QuietTiming {
  /** Not before this long after it was asked for. */
  readonly afterMs: number;
  /** Once nothing happened for this long. */
  readonly quietMs: number;
  /** At the latest this long after it was asked for, quiet or not. */
  readonly latestMs: number;
}

/** What the window does that counts as the user being busy (scroll: any element's, seen while it captures). */
export const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'wheel', 'scroll', 'hashchange'] as const;

export type ActivityEvents = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** Calls `listener` at each of the user's {@link ACTIVITY_EVENTS} (captured, passive); the function returned stops. */
export function onActivity(events: ActivityEvents, listener: () => void): () => void {
  for (const name of ACTIVITY_EVENTS) events.addEventListener(name, listener, { capture: true, passive: true });
  // Removed with the same options object form: some EventTargets (Node's) match only that.
  return () => {
    for (const name of ACTIVITY_EVENTS) events.removeEventListener(name, listener, { capture: true });
  };
}

/** Runs `work` once, when the window is quiet (see {@link QuietTiming}); the function returned withdraws it. */
export function whenQuiet(work: () => void, timing: QuietTiming, events: ActivityEvents = globalThis as unknown as ActivityEvents, now: () => number = () => performance.now()): () => void {
  const asked = now();
  let lastActivity = asked;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const busy = () => {
    lastActivity = now();
  };
  const stopListening = onActivity(events, busy);
  const stop = () => {
    clearTimeout(timer);
    stopListening();
  };
  const check = () => {
    const at = now();
    const quietFor = at - lastActivity;
    if (quietFor >= timing.quietMs || at - asked >= timing.latestMs) {
      stop();
      work();
      return;
    }
    timer = setTimeout(check, Math.min(timing.quietMs - quietFor, asked + timing.latestMs - at));
  };
  timer = setTimeout(check, timing.afterMs);
  return stop;
}
