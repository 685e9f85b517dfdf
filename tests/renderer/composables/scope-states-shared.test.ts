// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { defineComponent, h } from 'vue';
import { useScopeStates } from '../../../src-renderer/composables/use-area-sync.js';
import { createDexieMirrorStore } from '../../../src-shared/store/index.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { eventually, renderingContext, scopeState } from '../helpers/renderer-context.js';

/** A component that shows how many scopes it sees. */
const Counter = defineComponent({
  setup() {
    const { value } = useScopeStates();
    return () => h('span', String(value.value.length));
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
});
