// @vitest-environment happy-dom
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { effectScope, nextTick, ref } from 'vue';
import { useFixedRows } from '../../../src-renderer/lib/fixed-rows.js';

const ROW = 30;
const HEADER = 32;

/** A scroller of a given height (happy-dom lays nothing out). */
function scrollerOf(height: number): HTMLElement {
  const el = document.createElement('div');
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => height });
  document.body.append(el);
  return el;
}

function setup(rows: number, height: number) {
  const count = ref(rows);
  const el = scrollerOf(height);
  const scroller = ref<HTMLElement | null>(el);
  const scope = effectScope();
  const fixed = scope.run(() => useFixedRows({ count, scroller, rowHeight: ROW, offset: HEADER, overscan: 6, initialHeight: 600 }))!;
  return { count, el, fixed, scope };
}

/** Rows that show any pixel in the view (below the header) and `overscan` more each side, by brute force. */
function expected(rows: number, top: number, height: number, overscan: number): number[] {
  const seen = Array.from({ length: rows }, (_, i) => i).filter((i) => HEADER + i * ROW + ROW > top + HEADER && HEADER + i * ROW < top + height);
  if (seen.length === 0) return [];
  const first = Math.max(0, seen[0]! - overscan);
  const last = Math.min(rows - 1, seen.at(-1)! + overscan);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

describe('rows of one height in view', () => {
  it('are the rows a scroll shows, with their place, for any count, position and height', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 100, max: 1200 }), async (rows, at, height) => {
        const { el, fixed, scope } = setup(rows, height);
        const top = Math.min(at, Math.max(0, rows * ROW + HEADER - height));
        el.scrollTop = top;
        el.dispatchEvent(new Event('scroll'));
        await nextTick();
        const shown = fixed.items.value.map((r) => r.index);
        // Every row the view shows is there; at most the overscan beyond each edge.
        const wanted = expected(rows, el.scrollTop, height, 6);
        for (const index of expected(rows, el.scrollTop, height, 0)) expect(shown).toContain(index);
        expect(shown[0] ?? 0).toBeGreaterThanOrEqual(wanted[0] ?? 0);
        expect(shown.at(-1) ?? 0).toBeLessThanOrEqual(wanted.at(-1) ?? 0);
        expect(fixed.items.value.every((r) => r.start === HEADER + r.index * ROW)).toBe(true);
        expect(fixed.totalSize.value).toBe(HEADER + rows * ROW);
        scope.stop();
        el.remove();
      }),
      { numRuns: 60 },
    );
  });

  it('follow the count without a scroll, and a million rows cost no more than a thousand', async () => {
    const { count, fixed, scope } = setup(0, 600);
    expect(fixed.items.value).toEqual([]);
    count.value = 1_000_000;
    expect(fixed.items.value.map((r) => r.index)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(fixed.totalSize.value).toBe(HEADER + 30_000_000);
    count.value = 3;
    expect(fixed.items.value.map((r) => r.index)).toEqual([0, 1, 2]);
    scope.stop();
  });

  it('scroll the least that shows a row whole below the header', async () => {
    const { el, fixed, scope } = setup(1000, 600);
    fixed.scrollToIndex(100);
    // Its bottom at the view's bottom.
    expect(el.scrollTop).toBe(HEADER + 101 * ROW - 600);
    const bottomAligned = el.scrollTop;
    fixed.scrollToIndex(95);
    expect(el.scrollTop).toBe(bottomAligned);
    // A row above the view: its top just below the sticky header.
    fixed.scrollToIndex(10);
    expect(el.scrollTop).toBe(10 * ROW);
    await nextTick();
    expect(fixed.items.value[0]!.index).toBe(4);
    fixed.scrollToOffset(0);
    expect(el.scrollTop).toBe(0);
    scope.stop();
  });
});
