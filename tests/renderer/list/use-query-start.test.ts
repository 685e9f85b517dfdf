// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { computed, defineComponent, h, nextTick, ref } from 'vue';
import { createMemoryHistory, createRouter, createWebHashHistory, useRoute, useRouter, type RouterHistory } from 'vue-router';
import { endpoints } from '../../../src-shared/api/index.js';
import type { ListQuery } from '../../../src-renderer/list/list-query.js';
import { listRouteQuery, parseListRoute, type ListRouteState } from '../../../src-renderer/list/route-state.js';
import { listenForAddressChanges } from '../../../src-renderer/lib/address-changes.js';
import { useQueryStart } from '../../../src-renderer/list/use-query-start.js';

/** A list page on `/list` that records each query started, with where the router was then. */
async function listPage(history: RouterHistory = createMemoryHistory()) {
  const started: { filters: string[]; routeThen: string }[] = [];
  /** Where the router's history was at each start. */
  const historyAt: string[] = [];
  let ask: ((state: ListRouteState) => void) | undefined;
  const Page = defineComponent({
    setup() {
      const route = useRoute();
      const router = useRouter();
      const queryOf = (state: ListRouteState): ListQuery => ({ endpoint: endpoints.E20, scope: 'E20:', sort: state.sort, filters: state.filters, search: state.search });
      const query = computed(() => queryOf(parseListRoute(route.query)));
      ask = useQueryStart(router, queryOf, () => query.value, (q) => {
        historyAt.push(router.options.history.location);
        started.push({ filters: q.filters.map((f) => `${f.field}:${f.op}:${String(f.value)}`), routeThen: router.currentRoute.value.fullPath });
      });
      return () => h('div');
    },
  });
  const blank = { render: () => h('p') };
  const router = createRouter({ history, routes: [{ path: '/list', component: blank }, { path: '/other', component: blank }] });
  await router.push('/list');
  // The page is shown until `shown` is false, wherever the router is.
  const shown = ref(true);
  const wrapper = mount({ render: () => (shown.value ? h(Page) : h('p')) }, { global: { plugins: [router] } });
  await router.isReady();
  const state = (filter: string | null): ListRouteState => ({ ...parseListRoute({}), filters: filter ? [{ field: 'name', op: 'eq', value: filter }] : [] });
  const to = (filter: string | null) => ({ path: '/list', query: listRouteQuery(state(filter)) });
  return { router, wrapper, shown, started, historyAt, ask: (filter: string | null) => ask!(state(filter)), to };
}

describe('starting a list query as soon as it is known', () => {
  it('starts a query the route changes to, once', async () => {
    const { router, wrapper, started, to } = await listPage();
    expect(started).toEqual([]);
    await router.push(to('a'));
    expect(started.map((s) => s.filters)).toEqual([['name:eq:a']]);
    wrapper.unmount();
  });

  it('starts a query the history names before the router has navigated to it, and not again when it has', async () => {
    const { router, wrapper, started, to } = await listPage();
    await router.push(to('a'));
    await router.push(to('b'));
    started.length = 0;
    router.back();
    // Named by the history: started at once, while the route is still the one before.
    expect(started).toEqual([{ filters: ['name:eq:a'], routeThen: router.resolve(to('b')).fullPath }]);
    await flushPromises();
    expect(router.currentRoute.value.fullPath).toBe(router.resolve(to('a')).fullPath);
    expect(started).toHaveLength(1);
    wrapper.unmount();
  });

  it('starts the query a page is about to navigate to, and not again when it lands', async () => {
    const { router, wrapper, started, ask, to } = await listPage();
    ask('c');
    expect(started).toEqual([{ filters: ['name:eq:c'], routeThen: '/list' }]);
    await router.replace(to('c'));
    expect(started).toHaveLength(1);
    // Back to the query shown before: started again.
    await router.replace(to(null));
    expect(started.map((s) => s.filters)).toEqual([['name:eq:c'], []]);
    wrapper.unmount();
  });

  it('starts nothing for another page the history names, nor once the page is gone', async () => {
    const { router, wrapper, shown, started, to } = await listPage();
    await router.push('/other');
    await router.push(to('d'));
    started.length = 0;
    router.back();
    expect(started).toEqual([]);
    await flushPromises();
    await router.push(to('e'));
    await router.push(to('f'));
    started.length = 0;
    shown.value = false;
    await nextTick();
    router.back();
    await flushPromises();
    expect(router.currentRoute.value.fullPath).toBe(router.resolve(to('e')).fullPath);
    expect(started).toEqual([]);
    wrapper.unmount();
  });

  it('starts the query an address in the hash names when the window hears of it, before the router does, once', async () => {
    // As the app's router does: the window's address changes are listened for before its history is made.
    listenForAddressChanges();
    const page = await listPage(createWebHashHistory());
    const { router, wrapper, started, to } = page;
    await router.push(to('g'));
    started.length = 0;
    const before = router.options.history.location;
    // The address changed as a typed one or the bench's does: no history state of the app's.
    window.history.replaceState(null, '', `#${router.resolve(to('h')).fullPath}`);
    let heardByRouter: string | null = null;
    const look = () => (heardByRouter = router.options.history.location);
    window.addEventListener('popstate', look);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    window.removeEventListener('popstate', look);
    expect(started).toEqual([{ filters: ['name:eq:h'], routeThen: before }]);
    // Before the router's history had written the address back.
    expect(page.historyAt.at(-1)).toBe(before);
    // The router heard of it too, after: it then navigates there without a second start.
    expect(heardByRouter).toBe(router.resolve(to('h')).fullPath);
    await flushPromises();
    expect(router.currentRoute.value.fullPath).toBe(router.resolve(to('h')).fullPath);
    expect(started).toHaveLength(1);
    // Gone with the page: the address names the list again, and nothing starts.
    const { shown } = page;
    shown.value = false;
    await nextTick();
    window.history.replaceState(null, '', `#${router.resolve(to('i')).fullPath}`);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    await flushPromises();
    expect(started).toHaveLength(1);
    wrapper.unmount();
  });
});
