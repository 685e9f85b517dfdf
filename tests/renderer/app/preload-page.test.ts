import { describe, expect, it, vi } from 'vitest';
import { createMemoryHistory, createRouter } from 'vue-router';
import { createAppRouter, openingListScope, preloadCurrentPage, routes } from '../../../src-renderer/router.js';
import { scopeKey } from '../../../src-shared/store/index.js';
import ListPage from '../../../src-renderer/views/ListPage.vue';

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

  it('names the list the window opens on when it is known before the page is up', () => {
    const opening = (path: string) => {
      const history = createMemoryHistory();
      history.replace(path);
      return openingListScope(createAppRouter(history));
    };
    // A list without path parameters has one scope; the URL's scope wins; other pages and lists whose page picks a scope name none.
    expect(opening('/training')).toBe(scopeKey('E18', {}));
    expect(opening('/training?scope=E18%3A%7B%7D')).toBe('E18:{}');
    expect(opening('/')).toBeNull();
    expect(opening('/calendars')).toBeNull();
    expect(opening('/content/posts')).toBeNull();
    expect(opening('/settings')).toBeNull();
    // Users have a page of their own, not the list page: nothing to read ahead for it.
    expect(opening('/people?scope=E5%3Ax')).toBeNull();
    expect(opening('/people/groups?scope=E20%3A%7B%7D')).toBe('E20:{}');
  });

  it('gives the list the catalogue marks as having its own page that page, every other list the list page', () => {
    const page = (path: string) => routes().find((r) => r.path === path)?.component;
    expect(String(page('/people'))).toContain('UsersPage');
    // The list page is part of the shell's code (most windows open on a list).
    expect(page('/people/groups')).toBe(ListPage);
    expect(page('/training')).toBe(ListPage);
  });
});
