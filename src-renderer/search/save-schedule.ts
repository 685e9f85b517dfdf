/** When the search worker saves its index after changes. */
export interface SaveTiming {
  /** This long after the last change: a burst of sync pages is saved once. */
  readonly afterMs: number;
  /** But no later than this after the first change not saved yet. */
  readonly withinMs: number;
}

/**
 * A first sync of a big workspace changes rows for many minutes without a pause of
 * `afterMs`: saved only after the last change, the index was never saved during it, and a
 * window closed before that left every row it had indexed as notes for the next window
 * to read and index again (at every open, until one stayed open long enough to save).
 */
export const SAVE_TIMING: SaveTiming = { afterMs: 15_000, withinMs: 120_000 };

/** Calls `save` once changes have paused for `afterMs`, or `withinMs` after the first unsaved one. */
export function saveSchedule(save: () => void, timing: SaveTiming = SAVE_TIMING): { changed(): void } {
  let unsavedSince: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    changed() {
      const now = Date.now();
      unsavedSince ??= now;
      clearTimeout(timer);
      timer = setTimeout(
        () => {
          // Changes from here on wait for the next save.
          unsavedSince = null;
          save();
        },
        Math.max(0, Math.min(timing.afterMs, unsavedSince + timing.withinMs - now)),
      );
    },
  };
}
