// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils';
import { NDialogProvider, NMessageProvider } from 'naive-ui';
import { afterEach, describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { createMemoryHistory } from 'vue-router';
import type { WorkspaceList } from '../../../src-shared/workspaces/index.js';
import WorkspaceSwitcher from '../../../src-renderer/components/WorkspaceSwitcher.vue';
import { createAppRouter } from '../../../src-renderer/router.js';
import { useWorkspacesStore } from '../../../src-renderer/stores/workspaces-store.js';
import { eventually, fakeBridge, renderingContext } from '../helpers/renderer-context.js';

const list = (kind: 'token' | 'demo'): WorkspaceList => ({
  active: 'acme-1',
  workspaces: [{ id: 'acme-1', name: 'Acme', kind, baseUrl: kind === 'demo' ? null : 'https://acme.example', databaseName: 'outpost-ws-acme-1', signInNeeded: false, addedAt: '2026-01-01T00:00:00Z' }],
});

async function mountSwitcher(kind: 'token' | 'demo') {
  const { bridge, emit } = fakeBridge({ 'workspaces.list': list(kind) });
  const ctx = renderingContext(undefined, bridge);
  const router = createAppRouter(createMemoryHistory());
  await router.push('/settings');
  const Host = defineComponent(() => () => h(NMessageProvider, () => h(NDialogProvider, () => h(WorkspaceSwitcher))));
  mount(Host, { attachTo: document.body, global: { ...ctx.global, plugins: [...ctx.global.plugins, router] } });
  await useWorkspacesStore().refresh();
  await flushPromises();
  return { emit, router };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the desktop menu’s workspace items in the window', () => {
  it('Add Workspace… opens the connect form', async () => {
    const { emit, router } = await mountSwitcher('token');
    emit('menu.action', { action: 'add-workspace' });
    await eventually(() => expect(router.currentRoute.value.path).toBe('/welcome'));
  });

  it('Sign Out… asks about the open workspace only: sign in again, or remove it', async () => {
    const { emit, router } = await mountSwitcher('token');
    emit('menu.action', { action: 'sign-out' });
    await eventually(() => expect(document.body.textContent).toContain('Sign out of “Acme”?'));
    const buttons = [...document.body.querySelectorAll('.n-dialog button')].map((b) => b.textContent?.trim());
    expect(buttons).toEqual(expect.arrayContaining(['Sign in again…', 'Remove workspace…']));
    ([...document.body.querySelectorAll('.n-dialog button')].find((b) => b.textContent?.trim() === 'Sign in again…') as HTMLElement).click();
    await eventually(() => expect(router.currentRoute.value.path).toBe('/sign-in'));
  });

  it('Sign Out… of the demo offers its removal (it has no credentials)', async () => {
    const { emit } = await mountSwitcher('demo');
    emit('menu.action', { action: 'sign-out' });
    await eventually(() => expect(document.body.textContent).toContain('Remove “Acme”?'));
    expect(document.body.textContent).not.toContain('Sign out of');
  });
});
