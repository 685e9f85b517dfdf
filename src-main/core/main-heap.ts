import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/** What the tuning needs of V8, passed in by tests. */
export interface HeapControls {
  /** Bytes V8 has set aside for the young generation now. */
  youngBytes(): number;
  /** Lets the young generation grow after a collection, or keeps it at its size. */
  allowGrowth(allow: boolean): void;
  /** Calls `check` after every collection; returns how to stop. */
  afterEachCollection(check: () => void): () => void;
  /** How far the old generation may grow past what a full collection left, in percent. */
  oldGrowthPercent(percent: number): void;
}

export const nodeHeapControls: HeapControls = {
  youngBytes: () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0,
  // Read by V8 each time it considers growing the young generation, so it may change at run time.
  allowGrowth: (allow) => setFlagsFromString(`--semi-space-growth-factor=${allow ? 2 : 1}`),
  afterEachCollection(check) {
    const observer = new PerformanceObserver(check);
    observer.observe({ entryTypes: ['gc'] });
    return () => observer.disconnect();
  },
  // Read at every full collection, so it too may change at run time.
  oldGrowthPercent: (percent) => setFlagsFromString(`--heap-growing-percent=${percent}`),
};

/** 32 MB of young generation (16 MB semi-spaces): at `large`, RSS 56 MB lower at no cost in rows/s or main's CPU (see the README). */
export const YOUNG_GENERATION_CAP = 32 * 1024 * 1024;

/**
 * Stops V8 growing main's young generation past `capBytes`. A mirror parses pages
 * without pause, and V8 answers that by growing the young generation up to 128 MB
 * (Node's 64-bit builds), a third of main's RSS, though what lives in it at once is a
 * few pages. Its largest size can only be set when the process starts, which a packaged
 * Electron app cannot do for its main process; whether it may grow can be changed at
 * any time, so growth is allowed only while it is under the cap (V8 shrinks it again
 * when main is idle, and it may then grow back up to the cap).
 * @returns how to stop watching (growth is allowed again).
 */
export function capYoungGeneration(capBytes: number = YOUNG_GENERATION_CAP, heap: HeapControls = nodeHeapControls): () => void {
  let growing: boolean | null = null;
  const check = () => {
    const allow = heap.youngBytes() < capBytes;
    if (allow === growing) return;
    growing = allow;
    heap.allowGrowth(allow);
  };
  check();
  const stop = heap.afterEachCollection(check);
  return () => {
    stop();
    if (growing === false) heap.allowGrowth(true);
  };
}

/**
 * How far main's old generation may grow past what the last full collection left:
 * V8 lets it grow up to fourfold when collections are quick, and main's live heap
 * during a mirror is small (~35 MB) and steady, so most of that room only fills with
 * text and parsed pages that already died. At `large`, 70 % kept main's peak RSS
 * under 250 MB for ~1 ms more of main's CPU per 1,000 rows (see the README).
 */
export const OLD_GENERATION_GROWTH_PERCENT = 70;

/** What main's process sets first when it starts: the young generation's cap and the old one's growth. @returns how to undo the cap's watch. */
export function tuneMainHeap(heap: HeapControls = nodeHeapControls): () => void {
  heap.oldGrowthPercent(OLD_GENERATION_GROWTH_PERCENT);
  return capYoungGeneration(YOUNG_GENERATION_CAP, heap);
}
