import { createRouter, createWebHashHistory, type RouteRecordRaw, type Router, type RouterHistory } from 'vue-router';
import { listenForAddressChanges } from './lib/address-changes.js';
import { AREAS, areaById, decidedScope, listPath } from './presentation/areas.js';
// Most windows open on a list: its page is part of the shell's code, so the router
// mounts it in the shell's own task. Loaded on demand, the page's module was handed to
// the router only after IndexedDB had opened (~60–90 ms after the shell at a million
// rows, marks in the page), however early its code had been fetched.
import ListPage from './views/ListPage.vue';

/** Route meta of a list page: which area and which of its lists. */
export interface ListRouteMeta {
  readonly area: string;
  readonly list: string;
}

export function routes(): RouteRecordRaw[] {
  const lists: RouteRecordRaw[] = AREAS.flatMap((area) =>
    area.lists.map((list) => ({
      path: listPath(area, list),
      name: `${area.id}:${list.slug}`,
      component: list.ownPage === 'users' ? () => import('./views/UsersPage.vue') : ListPage,
      meta: { area: area.id, list: list.slug } satisfies ListRouteMeta,
    })),
  );
  return [
    { path: '/', name: 'home', component: () => import('./views/HomePage.vue') },
    ...lists,
    { path: '/search', name: 'search', component: () => import('./views/SearchPage.vue') },
    { path: '/outbox', name: 'outbox', component: () => import('./views/OutboxPage.vue') },
    { path: '/sync-issues', name: 'sync-issues', component: () => import('./views/SyncIssuesPage.vue') },
    { path: '/settings', name: 'settings', component: () => import('./views/SettingsPage.vue') },
    { path: '/about', name: 'about', component: () => import('./views/AboutPage.vue') },
    { path: '/sources', name: 'sources', component: () => import('./views/SourcesPage.vue') },
    { path: '/welcome', name: 'add-workspace', component: () => import('./views/FirstRunPage.vue') },
    { path: '/sign-in', name: 'sign-in', component: () => import('./views/SignInPage.vue') },
    { path: '/:pathMatch(.*)*', redirect: '/' },
  ];
}

/**
 * Hash history: deep links survive a reload whether the page came from the harness
 * (which serves index.html for every path) or from a file:// URL in Electron.
 */
export function createAppRouter(history?: RouterHistory) {
  // Before the history listens: a list page starts its query on a new address first.
  listenForAddressChanges();
  return createRouter({ history: history ?? createWebHashHistory(), routes: routes() });
}

/**
 * Starts loading the code of the page the window opens on, before the app mounts: its
 * modules download while the shell is built instead of after it (the router asks for
 * them only once the shell is on screen). Loading twice is one load.
 */
export function preloadCurrentPage(router: Router): void {
  for (const record of router.resolve(router.options.history.location).matched) {
    const page = record.components?.default;
    // A lazy page is a function without a component's marks (vue-router tells them apart the same way).
    if (typeof page === 'function' && !('displayName' in page) && !('props' in page) && !('__vccOpts' in page)) {
      void (page as () => Promise<unknown>)().catch(() => undefined);
    }
  }
}

/**
 * The list the window opens on, when it is known before its page is up: the URL's
 * scope, or the one list of a table whose list has no path parameters (as the list
 * page picks it); null for other pages, or when the page picks among the scopes.
 */
export function openingListScope(router: Router): string | null {
  const route = router.resolve(router.options.history.location);
  const meta = route.meta as Partial<ListRouteMeta>;
  const list = meta.area !== undefined && meta.list !== undefined ? areaById(meta.area)?.lists.find((l) => l.slug === meta.list) : undefined;
  if (!list || list.ownPage) return null;
  const scope = route.query.scope;
  return decidedScope(list.table, typeof scope === 'string' && scope ? scope : null) ?? null;
}
