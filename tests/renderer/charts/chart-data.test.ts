// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import { useChartData } from '../../../src-renderer/charts/use-chart-data.js';
import { endpoints, type Filter } from '../../../src-shared/api/index.js';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { openDatabase } from '../../../src-shared/store/index.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { eventually, renderingContext, seedRows } from '../helpers/renderer-context.js';
import { guidOf } from '../helpers/rows.js';

/** An answer rating (E7) or a filling rating (E10) of form `form`. */
const rating = (form: number, i: number, value: number) => ({
  id: guidOf(40 + form, i), url: null, answerId: guidOf(50, i), answerUrl: null, fillingId: guidOf(51, i), fillingUrl: null,
  userId: guidOf(19, i), userUrl: null, rating: value, creationDateTime: '2025-01-01T00:00:00Z', lastModifiedDateTime: null,
});
const answers = (form: number, values: number[]) => values.map((v, i) => rating(form, i, v));

/** Shows the first chart's labels and values of a table, over all its lists or one, of the rows that pass `filters`. */
function chartOf(table: string, scope: string | null, shown = ref(true), filters = ref<Filter[]>([])) {
  return defineComponent({
    setup() {
      const { data } = useChartData(ref(table), ref(scope), shown, filters);
      return () => h('pre', JSON.stringify(data.value[0] ? { labels: data.value[0].labels, values: data.value[0].values } : null));
    },
  });
}

describe('chart data', () => {
  it('counts over every list of its table, or the one list it is given, and follows new pages', async () => {
    const db = openFakeDatabase();
    const sm = guidOf(1, 1);
    const first = await seedRows(db, 'E7', { moduleId: sm, formId: guidOf(2, 1) }, answers(1, [5, 5, 4]));
    await seedRows(db, 'E7', { moduleId: sm, formId: guidOf(2, 2) }, answers(2, [5, 1]));
    // Another table's list is not counted.
    await seedRows(db, 'E10', { moduleId: sm, formId: guidOf(2, 1) }, answers(3, [2, 2, 2, 2]));
    const ctx = renderingContext(db);
    const all = mount(chartOf(endpoints.E7.table, null), { global: ctx.global });
    const one = mount(chartOf(endpoints.E7.table, first), { global: ctx.global });
    const shown = (w: typeof all) => JSON.parse(w.text()) as { labels: string[]; values: number[] } | null;
    await eventually(() => expect(shown(all)).toEqual({ labels: ['5', '4', '1'], values: [3, 1, 1] }), 5000);
    await eventually(() => expect(shown(one)).toEqual({ labels: ['5', '4'], values: [2, 1] }), 5000);

    // A third form's ratings land: the chart over every list counts them at its next recount.
    await seedRows(db, 'E7', { moduleId: sm, formId: guidOf(2, 3) }, answers(4, [1, 1, 1]));
    await eventually(() => expect(shown(all)).toEqual({ labels: ['1', '5', '4'], values: [4, 3, 1] }), 8000);
    expect(shown(one)).toEqual({ labels: ['5', '4'], values: [2, 1] });
  }, 20_000);

  it("counts the rows the list's filters let through, and counts new filters without waiting for the next recount of pages", async () => {
    const db = openDatabase({ indexedDB: new IDBFactory(), IDBKeyRange }, 'outpost-charts-filtered');
    const list = await seedRows(db, 'E7', { moduleId: guidOf(1, 1), formId: guidOf(2, 6) }, answers(7, [5, 5, 4, 2, 1, 1]));
    const ctx = renderingContext(db);
    const filters = ref<Filter[]>([{ field: 'rating', op: 'gte', value: '4' }]);
    const chart = mount(chartOf(endpoints.E7.table, list, ref(true), filters), { global: ctx.global });
    const drawn = () => JSON.parse(chart.text()) as { labels: string[]; values: number[] } | null;
    await eventually(() => expect(drawn()).toEqual({ labels: ['5', '4'], values: [2, 1] }), 5000);
    // Counted just now: pages landing would wait 3 s for the next count; new filters are counted once the user pauses (300 ms).
    const changed = performance.now();
    filters.value = [{ field: 'rating', op: 'lt', value: '4' }];
    await eventually(() => expect(drawn()).toEqual({ labels: ['1', '2'], values: [2, 1] }), 5000);
    expect(performance.now() - changed).toBeLessThan(2500);
    // A value no row has lets nothing through; no filters, every row.
    filters.value = [{ field: 'rating', op: 'eq', value: '3' }];
    await eventually(() => expect(drawn()).toEqual({ labels: [], values: [] }), 5000);
    filters.value = [];
    const pairs = () => (drawn()?.labels ?? []).map((label, i) => [label, drawn()!.values[i]]).sort();
    await eventually(() => expect(pairs()).toEqual([['1', 2], ['2', 1], ['4', 1], ['5', 2]]), 5000);
    db.close();
  }, 20_000);

  it('counts once the user pauses, not while they type or click (a count reads beside their filters)', async () => {
    const db = openFakeDatabase();
    await seedRows(db, 'E7', { moduleId: guidOf(1, 1), formId: guidOf(2, 1) }, answers(1, [5, 5, 4]));
    const ctx = renderingContext(db);
    const chart = mount(chartOf(endpoints.E7.table, null), { global: ctx.global });
    // Busy past the first count's delay (800 ms): a key every 100 ms.
    const busy = setInterval(() => globalThis.dispatchEvent(new Event('keydown')), 100);
    try {
      await new Promise((r) => setTimeout(r, 1600));
      expect(JSON.parse(chart.text())).toBeNull();
    } finally {
      clearInterval(busy);
    }
    await eventually(() => expect(JSON.parse(chart.text())).toEqual({ labels: ['5', '4'], values: [2, 1] }), 5000);
  }, 20_000);

  it('count only while shown: pages landing out of view are counted once the charts come back', async () => {
    // A database of its own name: Dexie's query cache is per name, and the tests above wrote other lists.
    const db = openDatabase({ indexedDB: new IDBFactory(), IDBKeyRange }, 'outpost-charts-shown');
    const sm = guidOf(1, 1);
    await seedRows(db, 'E7', { moduleId: sm, formId: guidOf(2, 4) }, answers(5, [5, 5, 4]));
    const ctx = renderingContext(db);
    const shown = ref(false);
    const chart = mount(chartOf(endpoints.E7.table, null, shown), { global: ctx.global });
    // A chart always shown, over the same lists: what the hidden one should show once back.
    const reference = mount(chartOf(endpoints.E7.table, null), { global: ctx.global });
    const drawn = (w: typeof chart) => JSON.parse(w.text()) as { labels: string[]; values: number[] } | null;
    await seedRows(db, 'E7', { moduleId: sm, formId: guidOf(2, 5) }, answers(6, [1]));
    await eventually(() => expect(drawn(reference)?.values.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(4), 8000);
    // Past the first count's delay (800 ms): nothing counted unseen.
    expect(drawn(chart)).toBeNull();
    shown.value = true;
    await eventually(() => expect(drawn(chart)).toEqual(drawn(reference)), 8000);
    const before = drawn(chart);
    // Out of view again: a new list's rows wait until the charts are shown.
    shown.value = false;
    await seedRows(db, 'E7', { moduleId: sm, formId: guidOf(2, 6) }, answers(7, [1, 1]));
    await eventually(() => expect(drawn(reference)).not.toEqual(before), 8000);
    expect(drawn(chart)).toEqual(before);
    shown.value = true;
    await eventually(() => expect(drawn(chart)).toEqual(drawn(reference)), 8000);
  }, 40_000);
});
