import { describe, expect, it } from 'vitest';
import { capYoungGeneration, nodeHeapControls, OLD_GENERATION_GROWTH_PERCENT, tuneMainHeap, YOUNG_GENERATION_CAP, type HeapControls } from '../../../src-main/core/main-heap.js';

const MB = 1024 * 1024;

/** A heap whose young generation is as big as the test says, recording what the cap asked. */
function fakeHeap(young: number) {
  const asked: boolean[] = [];
  const growth: number[] = [];
  let collected: (() => void) | null = null;
  const heap: HeapControls = {
    oldGrowthPercent: (percent) => growth.push(percent),
    youngBytes: () => young,
    allowGrowth: (allow) => asked.push(allow),
    afterEachCollection(check) {
      collected = check;
      return () => {
        collected = null;
      };
    },
  };
  return {
    heap,
    asked,
    growth,
    collect(size: number) {
      young = size;
      collected?.();
    },
    watching: () => collected !== null,
  };
}

describe('tuneMainHeap', () => {
  it('sets the old generation growth and caps the young one', () => {
    const v8 = fakeHeap(YOUNG_GENERATION_CAP * 2);
    tuneMainHeap(v8.heap);
    expect(v8.growth).toEqual([OLD_GENERATION_GROWTH_PERCENT]);
    expect(v8.asked).toEqual([false]);
  });
});

describe('capYoungGeneration', () => {
  it('lets the young generation grow under the cap and stops it at the cap, asking V8 only on a change', () => {
    const v8 = fakeHeap(2 * MB);
    capYoungGeneration(32 * MB, v8.heap);
    expect(v8.asked).toEqual([true]);
    v8.collect(16 * MB);
    expect(v8.asked).toEqual([true]);
    v8.collect(32 * MB);
    v8.collect(33 * MB);
    expect(v8.asked).toEqual([true, false]);
  });

  it('lets it grow again once V8 has shrunk it under the cap', () => {
    const v8 = fakeHeap(64 * MB);
    capYoungGeneration(32 * MB, v8.heap);
    v8.collect(4 * MB);
    expect(v8.asked).toEqual([false, true]);
  });

  it('stops watching when stopped, leaving growth allowed', () => {
    const v8 = fakeHeap(40 * MB);
    const stop = capYoungGeneration(32 * MB, v8.heap);
    stop();
    expect(v8.watching()).toBe(false);
    expect(v8.asked).toEqual([false, true]);
  });

  it('keeps a real V8 young generation near the cap under a stream of short-lived pages', async () => {
    // Uncapped, this stream grows a fresh process's young generation to 64 MB.
    const cap = 16 * MB;
    expect(nodeHeapControls.youngBytes()).toBeLessThanOrEqual(cap);
    const stop = capYoungGeneration(cap);
    try {
      const held: unknown[] = [];
      for (let page = 0; page < 1000; page += 1) {
        held.push(Array.from({ length: 2000 }, (_, i) => ({ i, text: `row ${i} of page ${page}` })));
        if (held.length > 4) held.shift();
        // Let the observer see the collections, as main's event loop does between pages.
        if (page % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      // One doubling may land between a collection and the observer's call.
      expect(nodeHeapControls.youngBytes()).toBeLessThanOrEqual(2 * cap + MB);
    } finally {
      stop();
    }
  });
});
