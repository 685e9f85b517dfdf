// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { SCOPE_STATES_THROTTLE_MS, useScopeStates } from '../../../src-renderer/composables/use-area-sync.js';
import { createDexieMirrorStore } from '../../../src-shared/store/index.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { eventually, renderingContext, scopeState } from '../helpers/renderer-context.js';

/** What every Counter rendered, in order. */
const shown: number[] = [];

/** A component that shows how many scopes it sees. */
const Counter = defineComponent({
  setup() {
    const { value } = useScopeStates();
    return () => {
      shown.push(value.value.length);
      return h('span', String(value.value.length));
    };
  },
});

describe('the scope states every component reads', () => {
  it('are one live query however many components ask, kept while one of them is mounted', async () => {
    const db = openFakeDatabase();
    const store = createDexieMirrorStore(db);
    // Every read of the whole scopes table, whichever Table object it goes through.
    const table = Object.getPrototypeOf(db.scopes) as { toArray: (this: { name: string }) => Promise<unknown[]> };
    const toArray = table.toArray;
    const reads = vi.fn();
    vi.spyOn(table, 'toArray').mockImplementation(function (this: { name: string }) {
      if (this.name === 'scopes') reads();
      return toArray.call(this);
    });
    await store.putScopes([scopeState('E3', { moduleId: 'm' }, 5)]);
    const ctx = renderingContext(db);
    const first = mount(Counter, { global: ctx.global });
    const others = [mount(Counter, { global: ctx.global }), mount(Counter, { global: ctx.global })];
    await eventually(() => expect([first, ...others].map((o) => o.text())).toEqual(['1', '1', '1']));
    expect(reads).toHaveBeenCalledTimes(1);

    await store.putScopes([scopeState('E9', {}, 3)]);
    await eventually(() => expect(others.map((o) => o.text())).toEqual(['2', '2']));
    expect(reads).toHaveBeenCalledTimes(2);

    // The first one gone, the others still follow the database.
    first.unmount();
    await store.putScopes([scopeState('E20', {}, 2)]);
    await eventually(() => expect(others.map((o) => o.text())).toEqual(['3', '3']));
    expect(reads).toHaveBeenCalledTimes(3);

    // All gone: nothing reads any more; a new one starts its own query.
    for (const o of others) o.unmount();
    await store.putScopes([scopeState('E3', { moduleId: 'n' }, 1)]);
    await new Promise((r) => setTimeout(r, 50));
    expect(reads).toHaveBeenCalledTimes(3);
    const again = mount(Counter, { global: ctx.global });
    await eventually(() => expect(again.text()).toBe('4'));
    expect(reads).toHaveBeenCalledTimes(4);
  });

  it('show a burst of changes (a sync writing pages) at most once per interval, and always the latest', async () => {
    const db = openFakeDatabase();
    const store = createDexieMirrorStore(db);
    await store.putScopes([scopeState('E3', { moduleId: 'm0' }, 1)]);
    const ctx = renderingContext(db);
    const view = mount(Counter, { global: ctx.global });
    await eventually(() => expect(view.text()).not.toBe('0'));
    const before = Number(view.text());
    const rendersBefore = shown.length;
    // Ten pages written within one interval: ten changes of the scopes table.
    const started = performance.now();
    for (let i = 1; i <= 10; i += 1) await store.putScopes([scopeState('E3', { moduleId: `burst${i}` }, 1)]);
    const writing = performance.now() - started;
    await eventually(() => expect(view.text()).toBe(String(before + 10)));
    // The first change may show at once, the rest wait for the interval's end.
    if (writing < SCOPE_STATES_THROTTLE_MS) expect(shown.length - rendersBefore).toBeLessThanOrEqual(2);
    expect(shown.at(-1)).toBe(before + 10);
    view.unmount();
  });
});
