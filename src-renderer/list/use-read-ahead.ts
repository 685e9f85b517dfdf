import { ref, watch, type Ref } from 'vue';
import type { OutpostDb, StoredRow } from '../../src-shared/store/index.js';
import type { ListQuery } from './list-query.js';
import { readWindow } from './run-list-query.js';

/** Scroll steps read ahead, reads ahead running at once, and places kept from reading ahead. */
const AHEAD_STEPS = 4;
export const AHEAD_IN_FLIGHT = 6;
const AHEAD_KEPT = 24;
/** Rows read on either side of a place: a scroll's steps differ by a row or two. */
const MARGIN = 4;

/** The longest pause between two moves that still counts as one scroll (ms). */
const SCROLL_GAP_MS = 250;

/** A running average that follows the last values (the first value starts it). */
function follow(average: number, value: number): number {
  return average === 0 ? value : 0.7 * average + 0.3 * value;
}

/**
 * How many steps ahead of a scroll a read must start so its rows arrive before the
 * scroll gets there: a read that takes three steps' time is late for the next two.
 * `readMs`: how long reads ahead take now; `stepMs`: the time between the scroll's steps.
 */
export function leadSteps(readMs: number, stepMs: number, most = 16): number {
  if (!(readMs > 0) || !(stepMs > 0)) return 1;
  return Math.max(1, Math.min(most, Math.ceil(readMs / stepMs)));
}

/**
 * The rows of the next few places of a scroll (in its direction, at its speed), read
 * ahead so a fast scroll finds them read: exactly the rows those places show, a few
 * reads at a time, starting at the first place a read can still reach in time (how
 * long reads take and how fast the scroll steps are both measured as it goes), and
 * none for a place the scroll has passed.
 * `key` names what the rows answer (the query and the list's revision, null when
 * nothing is read ahead); rows read for another key are dropped. `count`: the list's
 * rows now; no place at or past it is read. `seen`: the list's revision the window
 * follows, passed with every read (reading it again for each read opened a database
 * transaction on the page's thread at every step of a scroll).
 */
export function useReadAhead(
  db: OutpostDb,
  query: Ref<ListQuery | null>,
  visible: Ref<{ start: number; end: number }>,
  key: () => string | null,
  count: () => number,
  seen: () => number | null,
) {
  /** Rows read ahead, by the index of their first row. */
  const ahead = new Map<number, StoredRow[]>();
  /** Reads running, as [first, end) ranges. */
  const pending = new Map<number, number>();
  const filled = ref(0);
  let aheadFor: string | null = null;
  let lastStart = 0;
  let queued: number[] = [];
  let inFlight = 0;
  let span = 0;
  let direction = 0;
  /** Running averages of a read ahead's time and of the time between a scroll's steps (ms). */
  let readMs = 0;
  let stepMs = 0;
  let lastMoveAt = 0;

  const readNext = () => {
    const q = query.value;
    const readFor = aheadFor;
    while (q && inFlight < AHEAD_IN_FLIGHT && queued.length > 0) {
      const at = queued.shift()!;
      // Passed by the scroll while it waited: not needed any more.
      if ((at - visible.value.start) * direction < 0) continue;
      inFlight++;
      const from = Math.max(0, at - MARGIN);
      pending.set(from, at + span + MARGIN);
      const startedAt = performance.now();
      readWindow(db, q, from, at + span + MARGIN - from, seen() ?? undefined)
        .then(
          ({ rows }) => {
            readMs = follow(readMs, performance.now() - startedAt);
            if (aheadFor !== readFor) return;
            ahead.set(from, rows);
            if (ahead.size > AHEAD_KEPT) ahead.delete(ahead.keys().next().value!);
            // Rows for a place the scroll has not reached re-render nothing now: the move there shows them.
            if (from < visible.value.end && from + rows.length > visible.value.start) filled.value++;
          },
          () => undefined,
        )
        .finally(() => {
          pending.delete(from);
          inFlight--;
          readNext();
        });
    }
  };

  /** True when rows `from .. to` are among the rows read ahead (whatever key they answer). */
  const inAhead = (from: number, to: number) => {
    for (const [at, rows] of ahead) if (at <= from && to <= at + rows.length) return true;
    return false;
  };
  /** True when rows `from .. to` are read ahead or being read. */
  const covered = (from: number, to: number) => {
    if (inAhead(from, to)) return true;
    for (const [at, end] of pending) if (at <= from && to <= end) return true;
    return false;
  };

  watch(visible, ({ start, end }) => {
    const step = start - lastStart;
    lastStart = start;
    const now = performance.now();
    const since = now - lastMoveAt;
    lastMoveAt = now;
    const current = key();
    if (current === null || step === 0) return;
    if (since < SCROLL_GAP_MS) stepMs = follow(stepMs, since);
    if (aheadFor !== current) {
      ahead.clear();
      pending.clear();
      aheadFor = current;
    }
    span = end - start;
    direction = Math.sign(step);
    queued = [];
    const lead = leadSteps(readMs, stepMs);
    for (let k = lead; k < lead + AHEAD_STEPS; k++) {
      const at = start + step * k;
      // Past either end of the list (a jump to the end steps a whole list): nothing to read.
      if (at >= 0 && at < count() && !covered(at, at + end - start)) queued.push(at);
    }
    readNext();
  });

  /** True when every row of `from .. to` has been read ahead for the current key. */
  function holds(from: number, to: number): boolean {
    return aheadFor !== null && aheadFor === key() && inAhead(from, to);
  }

  /** A row read ahead, if it answers the current key. */
  function rowAt(index: number): StoredRow | undefined {
    // `filled` is read first, always: rows arriving for the rows on screen show at once.
    if ((filled.value === 0 && ahead.size === 0) || aheadFor === null || aheadFor !== key()) return undefined;
    for (const [at, rows] of ahead) if (index >= at && index < at + rows.length) return rows[index - at];
    return undefined;
  }

  return { rowAt, holds };
}
