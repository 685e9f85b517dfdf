// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils';
import { NMessageProvider } from 'naive-ui';
import { describe, expect, it } from 'vitest';
import { defineComponent, h, ref } from 'vue';
import { createDexieMirrorStore, scopeKey } from '../../../src-shared/store/index.js';
import PostEditor from '../../../src-renderer/editors/PostEditor.vue';
import UserEditor from '../../../src-renderer/editors/UserEditor.vue';
import EntryEditor from '../../../src-renderer/editors/EntryEditor.vue';
import { toOutboxView } from '../../../src-renderer/stores/outbox-store.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { eventually, fakeBridge, renderingContext, seedRows } from '../helpers/renderer-context.js';
import { guidOf, user, userGroup } from '../helpers/rows.js';

/** Mounts an editor drawer open, inside the providers its toasts need. */
function withProviders(component: unknown, props: Record<string, unknown>) {
  return defineComponent({
    setup() {
      const show = ref(true);
      return () => h(NMessageProvider, null, { default: () => h(component as never, { ...props, show: show.value, 'onUpdate:show': (v: boolean) => (show.value = v) }) });
    },
  });
}

describe('the post editor', () => {
  it('disables the notification options the module does not allow, saying why', async () => {
    const db = openFakeDatabase();
    const moduleId = guidOf(1, 1);
    await seedRows(db, 'E9', {}, [{ id: moduleId, name: 'News', notificationsEnabled: true, pushNotificationsEnabled: false, forceInstantPushEnabled: true }]);
    await seedRows(db, 'E20', {}, [userGroup(1), userGroup(2)]);
    const ctx = renderingContext(db);
    const wrapper = mount(withProviders(PostEditor, { moduleId }), { global: ctx.global, attachTo: document.body });
    await eventually(() => expect(document.body.querySelector('[data-testid="notify-sendPushNotification"]')?.className).toContain('disabled'));
    expect(document.body.querySelector('[data-testid="notify-sendNotification"]')?.className).not.toContain('disabled');
    expect(document.body.querySelector('[data-testid="notify-forceInstantPush"]')?.className).toContain('disabled');
    expect(document.body.textContent).toContain('Push notifications are turned off for this module');
    wrapper.unmount();
  });

  it('shows the server’s objections instead of queuing an invalid post', async () => {
    const db = openFakeDatabase();
    const { bridge, calls } = fakeBridge();
    const ctx = renderingContext(db, bridge);
    const wrapper = mount(withProviders(PostEditor, { moduleId: guidOf(1, 1) }), { global: ctx.global, attachTo: document.body });
    await flushPromises();
    (document.body.querySelector('[data-testid="post-save"]') as HTMLButtonElement).click();
    await eventually(() => expect(document.body.textContent).toContain('name is required'));
    expect(calls.filter((c) => c.name.startsWith('outbox'))).toEqual([]);
    wrapper.unmount();
  });

  it('previews Markdown as sanitized HTML while typing', async () => {
    const ctx = renderingContext();
    const wrapper = mount(withProviders(PostEditor, { moduleId: guidOf(1, 1) }), { global: ctx.global, attachTo: document.body });
    await flushPromises();
    const textarea = document.body.querySelector('textarea[aria-label="Body"]') as HTMLTextAreaElement;
    textarea.value = '**Soup** today <script>window.__x=1</script>';
    textarea.dispatchEvent(new Event('input'));
    await eventually(() => expect(document.body.querySelector('[data-testid="markdown-preview"] strong')?.textContent).toBe('Soup'));
    expect(document.body.querySelector('[data-testid="markdown-preview"]')?.innerHTML).not.toContain('<script');
    wrapper.unmount();
  });
});

describe('the user editor', () => {
  it('turns edits into the documented patch operations, live', async () => {
    const db = openFakeDatabase();
    const row = user(3);
    const scope = scopeKey('E19', { userId: row.id });
    await createDexieMirrorStore(db).putRow({ endpoint: 'E19', scope, row });
    const ctx = renderingContext(db);
    const stored = { scope, key: row.id, pass: '', row, k: {} };
    const wrapper = mount(withProviders(UserEditor, { stored }), { global: ctx.global, attachTo: document.body });
    await flushPromises();
    expect(document.body.querySelector('[data-testid="user-ops"]')?.textContent).toContain('0 changes');
    const title = document.body.querySelector('input[aria-label="Title (clear to remove)"]') as HTMLInputElement;
    title.value = '';
    title.dispatchEvent(new Event('input'));
    const initials = document.body.querySelector('input[aria-label="Initials"]') as HTMLInputElement;
    initials.value = 'PX';
    initials.dispatchEvent(new Event('input'));
    await eventually(() => expect(document.body.querySelector('[data-testid="user-ops"]')?.textContent).toContain('2 changes: add /initials, remove /title'));
    wrapper.unmount();
  });
});

describe('queuing through the outbox', () => {
  it('sends the user patch as an outbox.queue command and closes on success', async () => {
    const db = openFakeDatabase();
    const row = user(4);
    const scope = scopeKey('E19', { userId: row.id });
    await createDexieMirrorStore(db).putRow({ endpoint: 'E19', scope, row });
    const { bridge, calls } = fakeBridge({ 'outbox.queue': { queued: true, id: 'entry-1', target: `user:${row.id}` } });
    const ctx = renderingContext(db, bridge);
    const wrapper = mount(withProviders(UserEditor, { stored: { scope, key: row.id, pass: '', row, k: {} } }), { global: ctx.global, attachTo: document.body });
    await flushPromises();
    const name = document.body.querySelector('input[aria-label="Name"]') as HTMLInputElement;
    name.value = 'Renamed Person';
    name.dispatchEvent(new Event('input'));
    await flushPromises();
    (document.body.querySelector('[data-testid="user-save"]') as HTMLButtonElement).click();
    await eventually(() => expect(calls.find((c) => c.name === 'outbox.queue')).toBeDefined());
    // The copy the user edited goes with it, to tell a later server change apart.
    expect(calls.find((c) => c.name === 'outbox.queue')?.arg).toEqual({ edit: { kind: 'patchUser', userId: row.id, ops: [{ op: 'add', path: '/name', value: 'Renamed Person' }] }, base: row });
    wrapper.unmount();
  });

  it('shows main’s refusal of a user patch at the field it names and stays open', async () => {
    const db = openFakeDatabase();
    const row = user(5);
    const scope = scopeKey('E19', { userId: row.id });
    await createDexieMirrorStore(db).putRow({ endpoint: 'E19', scope, row });
    const { bridge } = fakeBridge({ 'outbox.queue': { queued: false, errors: [{ path: 'name', message: 'name is taken by the server’s rules' }] } });
    const ctx = renderingContext(db, bridge);
    const wrapper = mount(withProviders(UserEditor, { stored: { scope, key: row.id, pass: '', row, k: {} } }), { global: ctx.global, attachTo: document.body });
    await flushPromises();
    const name = document.body.querySelector('input[aria-label="Name"]') as HTMLInputElement;
    name.value = 'Another Name';
    name.dispatchEvent(new Event('input'));
    await flushPromises();
    (document.body.querySelector('[data-testid="user-save"]') as HTMLButtonElement).click();
    const nameItem = () => [...document.body.querySelectorAll('.n-form-item')].find((item) => item.querySelector('input[aria-label="Name"]'));
    await eventually(() => expect(nameItem()?.textContent).toContain('name is taken by the server’s rules'));
    expect(document.body.querySelector('[data-testid="user-save"]')).not.toBeNull();
    wrapper.unmount();
  });
});

describe('a refused new post', () => {
  it('reopens in the create form with what was typed and sends the fixed body in its place', async () => {
    const moduleId = guidOf(1, 1);
    const body = { name: 'Taken name', startDate: '2025-05-06T07:08:09', publishOnCreate: true, locales: [{ culture: 'en-GB', title: 'Menu', bodyText: '**Soup**' }] };
    const raw = {
      id: 'e1',
      seq: 1,
      target: `post:${moduleId}/tmp-1`,
      edit: { kind: 'createPost', moduleId, tempId: 'tmp-1', body },
      state: 'needs-attention',
      attempts: 1,
      lastError: { status: 400, code: 'validation', message: 'The name is taken', fields: [{ path: 'name', message: 'The name is taken' }] },
      createdAt: '2025-05-06T07:08:09Z',
      updatedAt: '2025-05-06T07:08:09Z',
    };
    const { bridge, calls } = fakeBridge({ 'outbox.resolve': { resolved: true } });
    const ctx = renderingContext(openFakeDatabase(), bridge);
    const wrapper = mount(withProviders(EntryEditor, { entry: toOutboxView(raw) }), { global: ctx.global, attachTo: document.body });
    const name = () => document.body.querySelector('[data-testid="post-name"] input') as HTMLInputElement | null;
    await eventually(() => expect(name()?.value).toBe('Taken name'));
    expect(document.body.textContent).toContain('The name is taken');
    name()!.value = 'Free name';
    name()!.dispatchEvent(new Event('input'));
    await flushPromises();
    (document.body.querySelector('[data-testid="post-save"]') as HTMLButtonElement).click();
    await eventually(() => expect(calls.find((c) => c.name === 'outbox.resolve')).toBeDefined());
    const sent = calls.find((c) => c.name === 'outbox.resolve')?.arg as { id: string; action: string; body: Record<string, unknown> };
    expect(sent).toMatchObject({ id: 'e1', action: 'revise', body: { name: 'Free name', startDate: '2025-05-06T07:08:09', locales: [{ culture: 'en-GB', title: 'Menu', bodyText: '**Soup**' }] } });
    expect(calls.filter((c) => c.name === 'outbox.queue')).toEqual([]);
    wrapper.unmount();
  });
});
