import { computed, ref, watch, type Ref } from 'vue';

/**
 * The rows in view of a scroller whose rows all have one height: the range is
 * arithmetic on the scroll position, whatever the count. A general virtualizer
 * (TanStack Virtual) keeps a start and size per row and rebuilds them whenever the
 * count changes: 22 ms at 300,000 rows and ~70 ms at a million, paid when a big list
 * opened and on every filter that changed its count.
 */
export interface FixedRowsOptions {
  readonly count: Ref<number>;
  readonly scroller: Ref<HTMLElement | null>;
  readonly rowHeight: number;
  /** Pixels above the first row inside the scroller (a sticky header). */
  readonly offset: number;
  /** Rows rendered beyond each edge of the view. */
  readonly overscan: number;
  /** The view's height until the scroller has one (and where nothing is laid out). */
  readonly initialHeight: number;
}

export interface FixedRow {
  readonly index: number;
  /** The row's top inside the scroller's content, `offset` included. */
  readonly start: number;
}

export function useFixedRows(options: FixedRowsOptions) {
  const { count, scroller, rowHeight, offset, overscan, initialHeight } = options;
  const scrollTop = ref(0);
  const height = ref(initialHeight);
  const measure = () => {
    const el = scroller.value;
    if (!el) return;
    scrollTop.value = el.scrollTop;
    height.value = el.clientHeight || initialHeight;
  };

  watch(
    scroller,
    (el, _old, onCleanup) => {
      if (!el) return;
      // Not measured now: reading the box in the middle of mounting forced a layout of
      // the half-built page (~10 ms as a big list opened); the observer reports it once laid out.
      el.addEventListener('scroll', measure, { passive: true });
      const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
      if (resize) resize.observe(el);
      else measure();
      onCleanup(() => {
        el.removeEventListener('scroll', measure);
        resize?.disconnect();
      });
    },
    // Stopped with the component's scope; the cleanup above then lets the scroller go.
    { immediate: true, flush: 'post' },
  );

  const items = computed<FixedRow[]>(() => {
    const n = count.value;
    if (n <= 0) return [];
    // The view starts below the header: row i shows from scrollTop + offset on.
    const first = Math.max(0, Math.floor(scrollTop.value / rowHeight) - overscan);
    const last = Math.min(n - 1, Math.ceil((scrollTop.value + height.value - offset) / rowHeight) + overscan - 1);
    const rows: FixedRow[] = [];
    for (let index = first; index <= last; index++) rows.push({ index, start: offset + index * rowHeight });
    return rows;
  });
  const totalSize = computed(() => offset + Math.max(0, count.value) * rowHeight);

  /** Scrolls to `top`; nothing is read back (that forced a layout on every new query, ~3 ms each), the scroll event reports where it landed. */
  function scrollToOffset(top: number) {
    const el = scroller.value;
    if (scrollTop.value === top || !el) return;
    el.scrollTop = top;
    scrollTop.value = top;
  }

  /** Scrolls the least that shows the whole row below the header. */
  function scrollToIndex(index: number) {
    const el = scroller.value;
    if (!el) return;
    const top = offset + index * rowHeight;
    const view = height.value;
    if (top - offset < scrollTop.value) scrollToOffset(top - offset);
    else if (top + rowHeight > scrollTop.value + view) scrollToOffset(top + rowHeight - view);
  }

  return { items, totalSize, scrollToOffset, scrollToIndex };
}
