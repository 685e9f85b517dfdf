// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { NMessageProvider } from 'naive-ui';
import { describe, expect, it } from 'vitest';
import { defineComponent, h } from 'vue';
import { createMemoryHistory } from 'vue-router';
import { createDexieMirrorStore, scopeKey } from '../../../src-shared/store/index.js';
import { createAppRouter } from '../../../src-renderer/router.js';
import UsersPage from '../../../src-renderer/views/UsersPage.vue';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { eventually, renderingContext } from '../helpers/renderer-context.js';
import { guidOf, user } from '../helpers/rows.js';

async function mountPage(withUser: boolean) {
  const db = openFakeDatabase();
  if (withUser) await createDexieMirrorStore(db).putRow({ endpoint: 'E19', scope: scopeKey('E19', { userId: guidOf(19, 7) }), row: user(7, { name: 'Nora Tanaka' }) });
  const ctx = renderingContext(db);
  const router = createAppRouter(createMemoryHistory());
  const Host = defineComponent(() => () => h(NMessageProvider, () => h(UsersPage)));
  return mount(Host, { global: { ...ctx.global, plugins: [...ctx.global.plugins, router] }, attachTo: document.body });
}

describe('the Users page', () => {
  it('says it is reading until the directory answers, not that nobody is mentioned, then lists who is', async () => {
    const wrapper = await mountPage(true);
    expect(wrapper.get('[data-testid="users-reading"]').text()).toContain('Reading who the workspace mentions');
    expect(wrapper.text()).not.toContain('No user is mentioned yet');
    expect(wrapper.text()).not.toContain('mentions (0)');
    await eventually(() => expect(wrapper.get('[data-testid="users-table"]').text()).toContain('Nora Tanaka'));
    expect(wrapper.text()).toContain('mentions (1)');
    expect(wrapper.find('[data-testid="users-reading"]').exists()).toBe(false);
    wrapper.unmount();
  });

  it('says nobody is mentioned once the directory has answered with nobody', async () => {
    const wrapper = await mountPage(false);
    await eventually(() => expect(wrapper.text()).toContain('No user is mentioned yet'));
    expect(wrapper.text()).toContain('mentions (0)');
    expect(wrapper.find('[data-testid="users-reading"]').exists()).toBe(false);
    wrapper.unmount();
  });
});
