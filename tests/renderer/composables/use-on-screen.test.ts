// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import { useOnScreen } from '../../../src-renderer/composables/use-on-screen.js';

/** A stand-in IntersectionObserver whose callback the test calls. */
class FakeObserver {
  static last: FakeObserver | null = null;
  readonly observed = new Set<Element>();
  disconnected = false;
  constructor(readonly callback: (entries: { isIntersecting: boolean }[]) => void) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.disconnected = true;
  }
}

const Probe = defineComponent({
  setup() {
    const root = ref<HTMLElement | null>(null);
    const onScreen = useOnScreen(root);
    return () => h('div', { ref: root }, onScreen.value ? 'shown' : 'hidden');
  },
});

afterEach(() => vi.unstubAllGlobals());

describe('useOnScreen', () => {
  it('follows the observer for the element, shown until told otherwise, and lets it go when unmounted', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const view = mount(Probe);
    expect(view.text()).toBe('shown');
    await view.vm.$nextTick();
    const observer = FakeObserver.last!;
    expect([...observer.observed]).toEqual([view.element]);
    observer.callback([{ isIntersecting: false }]);
    await view.vm.$nextTick();
    expect(view.text()).toBe('hidden');
    observer.callback([{ isIntersecting: false }, { isIntersecting: true }]);
    await view.vm.$nextTick();
    expect(view.text()).toBe('shown');
    view.unmount();
    expect(observer.disconnected).toBe(true);
  });

  it('treats an element as shown where there is no observer', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    expect(mount(Probe).text()).toBe('shown');
  });
});
