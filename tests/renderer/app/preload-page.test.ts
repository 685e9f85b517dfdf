import { describe, expect, it, vi } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import { preloadCurrentPage } from '../../../src-renderer/router.js';

describe('loading the page the window opens on', () => {
  it('starts loading the code of the current page only, before the app mounts', async () => {
    const lists = vi.fn(() => Promise.resolve({ default: { render: () => null } }));
    const home = vi.fn(() => Promise.resolve({ default: { render: () => null } }));
    const history = createMemoryHistory();
    history.replace('/training?scope=E18');
    const router = createRouter({ history, routes: [{ path: '/', component: home }, { path: '/training', component: lists }] });
    preloadCurrentPage(router);
    expect(lists).toHaveBeenCalledTimes(1);
    expect(home).not.toHaveBeenCalled();
    // A page already loaded (a component, not a loader) is left alone.
    const loaded = createRouter({ history, routes: [{ path: '/training', component: { render: () => null } }] });
    expect(() => preloadCurrentPage(loaded)).not.toThrow();
  });
});
