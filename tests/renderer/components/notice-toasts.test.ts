// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { NNotificationProvider } from 'naive-ui';
import { describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { createMemoryHistory, type Router } from 'vue-router';
import NoticeToasts from '../../../src-renderer/components/NoticeToasts.vue';
import { createAppRouter } from '../../../src-renderer/router.js';
import { useSyncStore } from '../../../src-renderer/stores/sync-store.js';
import { eventually, renderingContext } from '../helpers/renderer-context.js';

const Host = defineComponent({ setup: () => () => h(NNotificationProvider, null, { default: () => h(NoticeToasts) }) });

/** Mount options with the app context and a router at `path`. */
async function withRouter(path = '/') {
  const ctx = renderingContext();
  const router: Router = createAppRouter(createMemoryHistory());
  await router.push(path);
  return { global: { ...ctx.global, plugins: [...ctx.global.plugins, router] }, router };
}

describe('the notice toasts', () => {
  it('raise a toast for each notice that arrives while the window shows, in its own words', async () => {
    const ctx = await withRouter();
    const wrapper = mount(Host, { global: ctx.global, attachTo: document.body });
    const sync = useSyncStore();
    sync.pushNotice('error', 'Edit of user “Ann” was refused: too long', { title: 'Edit of user “Ann” was refused', content: 'too long — fix or discard it in the outbox.' });
    sync.pushNotice('info', 'Sync resumed');
    await eventually(() => expect(document.body.textContent).toContain('too long — fix or discard it in the outbox.'));
    expect(document.body.textContent).toContain('Edit of user “Ann” was refused');
    expect(document.body.textContent).toContain('Sync resumed');
    expect(document.body.querySelectorAll('.n-notification')).toHaveLength(2);
    wrapper.unmount();
  });

  it('do not raise toasts again for notices listed before the window showed', async () => {
    const ctx = await withRouter();
    const first = mount(Host, { global: ctx.global, attachTo: document.body });
    const sync = useSyncStore();
    sync.pushNotice('warning', 'An old warning');
    await eventually(() => expect(document.body.textContent).toContain('An old warning'));
    first.unmount();
    const second = mount(Host, { global: ctx.global, attachTo: document.body });
    sync.pushNotice('warning', 'A new warning');
    await eventually(() => expect(document.body.textContent).toContain('A new warning'));
    expect(document.body.textContent).not.toContain('An old warning');
    second.unmount();
  });

  it('close a refusal once the user is on the outbox, where it is shown in full; other errors stay', async () => {
    const ctx = await withRouter('/');
    const wrapper = mount(Host, { global: ctx.global, attachTo: document.body });
    const sync = useSyncStore();
    sync.pushNotice('error', 'refused', { title: 'Edit of user “Ann” was refused', content: 'too long — fix or discard it in the outbox.' }, '/outbox');
    sync.pushNotice('error', 'Sync could not start: disk full');
    await eventually(() => expect(document.body.querySelectorAll('.n-notification')).toHaveLength(2));
    await ctx.router.push('/people');
    expect(document.body.textContent).toContain('Edit of user “Ann” was refused');
    await ctx.router.push('/outbox');
    await eventually(() => expect(document.body.textContent).not.toContain('Edit of user “Ann” was refused'));
    expect(document.body.textContent).toContain('Sync could not start: disk full');
    wrapper.unmount();
  });
});
