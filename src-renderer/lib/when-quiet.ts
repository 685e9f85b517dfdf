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

type Events = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** Runs `work` once, when the window is quiet (see {@link QuietTiming}); the function returned withdraws it. */
export function whenQuiet(work: () => void, timing: QuietTiming, events: Events = globalThis as unknown as Events, now: () => number = () => performance.now()): () => void {
  const asked = now();
  let lastActivity = asked;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const busy = () => {
    lastActivity = now();
  };
  const stop = () => {
    clearTimeout(timer);
    for (const name of ACTIVITY_EVENTS) events.removeEventListener(name, busy, true);
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
  for (const name of ACTIVITY_EVENTS) events.addEventListener(name, busy, { capture: true, passive: true });
  timer = setTimeout(check, timing.afterMs);
  return stop;
}
