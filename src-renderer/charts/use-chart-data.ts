import { computed, onScopeDispose, ref, shallowRef, watch, type Ref } from 'vue';
import type { ScopeState } from '../../src-shared/store/index.js';
import { useAppContext } from '../app-context.js';
import { aggregate, type ChartData } from './aggregate.js';
import { chartsOf } from './chart-specs.js';
import { endpointOfTable, type Filter } from '../../src-shared/api/index.js';
import { residualsOf } from '../list/list-query.js';
import { rowLabel } from '../presentation/references.js';
import { useScopeStates } from '../composables/use-area-sync.js';
import { whenQuiet, type QuietTiming } from '../lib/when-quiet.js';

/** Recount at most this often while rows stream in: counting is cheap, not free. */
const THROTTLE_MS = 3000;
/**
 * And no more than a 40th of the time: a recount counts in the list worker (which also
 * answers the lists on screen) and redraws on the window's thread, beside the mirror
 * writing pages, and takes longer as lists grow. Recounting every 3 s regardless, the
 * window on Home spent 213–219 ms of renderer CPU per 1,000 mirrored rows instead of
 * 131–145 (3 % of large). The time measured runs until the charts have redrawn:
 * measured on the count alone, Home's charts kept the window's thread ~1 s busier than
 * the outbox per 15 s of a mirror at 30 % of large.
 */
const COST_SHARE = 40;
const FIRST_DELAY_MS = 800;
/**
 * A count also waits for the user to pause (when-quiet.ts): it reads a field of the
 * list in the list worker (20-80 ms at a million rows, most of it the database's), and
 * the filter or sort just asked for waited behind it: the slowest changes of a bench
 * run at a million rows were those a chart counted beside.
 */
const COUNT_WHEN: QuietTiming = { afterMs: 0, quietMs: 300, latestMs: 3000 };

/**
 * The data of a table's charts over the given scopes (null = every scope of the
 * table), of the rows that pass `filters` (a list's charts count what the list shows).
 * Recounted when the scopes' states change (a page landed), throttled, and only while
 * `shown` (charts scrolled out of view or folded are recounted when they come back, not
 * redrawn unseen while a sync writes pages); a change of filters is counted once the
 * user pauses, not after the throttle.
 */
export function useChartData(table: Ref<string>, scope: Ref<string | null>, shown: Readonly<Ref<boolean>> = ref(true), filters: Readonly<Ref<readonly Filter[]>> = ref([])) {
  const { db } = useAppContext();
  const data = shallowRef<(ChartData | null)[]>([]);
  const loading = shallowRef(true);
  // From the scope states the shell already follows: no query of its own per chart card.
  const { value: allStates } = useScopeStates();
  const states = computed<ScopeState[]>(() => {
    const endpoint = endpointOfTable(table.value).id;
    return allStates.value.filter((s) => (scope.value ? s.scope === scope.value : s.endpoint === endpoint));
  });
  const residual = computed(() => residualsOf(endpointOfTable(table.value), filters.value));
  /** The filters the charts count by, as the list worker tests them. */
  const filtered = () => JSON.stringify(residual.value);
  /** What the charts count: the table, the scopes and how far each has got, and the filters. */
  const counted = () => `${table.value}|${scope.value}|${states.value.map((s) => `${s.scope}:${s.rowCount}:${s.pass?.rows ?? 0}:${s.status}`).join('|')}|${filtered()}`;
  /** What the last count started on, and its filters. */
  let countedAt: string | null = null;
  let filteredAt = filtered();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let withdraw: (() => void) | null = null;
  // The first count waits a moment: the list's own first rows come first.
  let last = Date.now() - THROTTLE_MS + FIRST_DELAY_MS;
  let gap = THROTTLE_MS;
  let run = 0;
  const recount = async () => {
    timer = null;
    withdraw = null;
    // Hidden since it was asked for: counted when shown again (the watch below asks then).
    if (!shown.value) return;
    last = Date.now();
    const mine = ++run;
    countedAt = counted();
    filteredAt = filtered();
    const specs = chartsOf(table.value);
    const scopes = scope.value ? [scope.value] : states.value.map((s) => s.scope);
    const by = residual.value;
    const results = await Promise.all(specs.map((spec) => aggregate(db, table.value, scopes, spec, (r) => rowLabel(table.value, r.row), by).catch(() => null)));
    if (mine !== run) return;
    data.value = results;
    loading.value = false;
    // The redraw is part of the cost: the charts update in the ticks after the data
    // changed (Chart.js draws on the window's thread), all done before a timer fires.
    await new Promise((r) => setTimeout(r, 0));
    gap = Math.max(THROTTLE_MS, (Date.now() - last) * COST_SHARE);
  };
  watch(
    () => [counted(), shown.value] as const,
    ([now, isShown]) => {
      // Out of view: counted when back, and only if something changed meanwhile.
      if (!isShown || now === countedAt) return;
      // New filters are counted without waiting for the throttle (still once the user pauses).
      const refiltered = filtered() !== filteredAt;
      if (timer && refiltered) {
        clearTimeout(timer);
        timer = null;
      }
      if (timer || withdraw) return;
      const wait = refiltered ? 0 : Math.max(0, last + gap - Date.now());
      timer = setTimeout(() => {
        timer = null;
        withdraw = whenQuiet(() => void recount(), COUNT_WHEN);
      }, wait);
    },
    { immediate: true },
  );
  onScopeDispose(() => {
    if (timer) clearTimeout(timer);
    withdraw?.();
  });
  return { data, loading };
}
