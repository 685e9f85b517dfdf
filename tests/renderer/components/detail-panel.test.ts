// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import { createMemoryHistory } from 'vue-router';
import { endpoints } from '../../../src-shared/api/index.js';
import { createDexieMirrorStore, scopeId, scopeKey, type StoredRow } from '../../../src-shared/store/index.js';
import DetailPanel from '../../../src-renderer/components/DetailPanel.vue';
import { createAppRouter } from '../../../src-renderer/router.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import type { MediaStatus } from '../../../src-shared/media/index.js';
import { eventually, fakeBridge, renderingContext, seedRows } from '../helpers/renderer-context.js';
import { guidOf, user } from '../helpers/rows.js';

const IMAGE = 'https://media.example/forklift.png';
const KEY = 'a'.repeat(64);

/** Main's media as the panel sees it: `stored` addresses have a local copy under KEY; the rest are refused or unknown. */
function mediaBridge(stored: readonly string[], refused: Readonly<Record<string, string>> = {}) {
  const fake = fakeBridge();
  const call = fake.bridge.call.bind(fake.bridge);
  const statusOf = (url: string): MediaStatus =>
    stored.includes(url)
      ? { url, state: 'stored', reason: null, pinned: false, key: KEY, size: 2048, contentType: 'image/png' }
      : { url, state: refused[url] ? 'refused' : 'unknown', reason: refused[url] ?? null, pinned: false, key: null, size: null, contentType: null };
  fake.bridge.call = (async (name: string, arg: never) => {
    if (name.startsWith('media.')) fake.calls.push({ name, arg });
    if (name === 'media.status') return { ok: true, data: (arg as { urls: string[] }).urls.map(statusOf) };
    if (name === 'media.pin') return { ok: true, data: { ...statusOf((arg as { url: string }).url), pinned: (arg as { pinned: boolean }).pinned } };
    return call(name as never, arg);
  }) as typeof fake.bridge.call;
  return fake;
}

function item(): Record<string, unknown> {
  return {
    id: guidOf(25, 1),
    url: null,
    customId: 'EQ-1',
    isEnabled: true,
    locales: [
      { culture: 'en-GB', title: 'Forklift' },
      { culture: 'da-DK', title: 'Gaffeltruck' },
    ],
    customFieldValues: [
      { dataListCustomFieldId: guidOf(29, 1), type: 'Color', value: '#e4572e' },
      { dataListCustomFieldId: guidOf(29, 2), type: 'Barcode', value: '5701234100000' },
      { dataListCustomFieldId: guidOf(29, 3), type: 'Number', value: '1234.5' },
      { dataListCustomFieldId: guidOf(29, 4), type: 'Media', medias: [{ id: guidOf(28, 1), downloadUrl: IMAGE, referenceUrl: null, contentType: 'image/png', fileName: 'forklift.png' }] },
      { dataListCustomFieldId: guidOf(29, 5), type: 'Data List', dataListItems: [{ type: 'User', id: guidOf(19, 7), url: null }] },
    ],
    surpriseField: { kept: true },
  };
}

async function mountPanel(stored: StoredRow, endpoint = endpoints.E1, bridge = mediaBridge([IMAGE]).bridge) {
  const db = openFakeDatabase();
  await createDexieMirrorStore(db).putRow({ endpoint: 'E19', scope: scopeKey('E19', { userId: guidOf(19, 7) }), row: user(7, { name: 'Nora Tanaka' }) });
  const ctx = renderingContext(db, bridge);
  const router = createAppRouter(createMemoryHistory());
  const wrapper = mount(DetailPanel, { props: { endpoint, stored }, global: { ...ctx.global, plugins: [...ctx.global.plugins, router] }, attachTo: document.body });
  return { wrapper, db };
}

describe('the detail panel', () => {
  it('shows every field readably: custom fields by type, media, resolved references, extra fields', async () => {
    const { wrapper } = await mountPanel({ scope: scopeId('E1:x'), scopeKey: 'E1:x', key: guidOf(25, 1), pass: 'p', row: item(), k: {} });
    expect(wrapper.get('h2').text()).toBe('Forklift');
    const swatch = wrapper.get('[data-type="color"] .swatch');
    expect(swatch.attributes('style')).toContain('background');
    expect(wrapper.get('[data-type="barcode"]').text()).toBe('5701234100000');
    expect(wrapper.get('[data-type="number"]').text()).toMatch(/1[,.]?234[.,]5/);
    // The image comes from main's local copy, never from the address the row carries.
    await eventually(() => expect(wrapper.find('[data-type="media"] img').exists()).toBe(true));
    const img = wrapper.get('[data-type="media"] img');
    expect(img.attributes('src')).toBe(`/media/${KEY}`);
    expect(img.attributes('alt')).toBe('forklift.png');
    expect(wrapper.get('[data-testid="media-state"]').text()).toBe('Kept offline · 2 KB');
    await eventually(() => expect(wrapper.get('[data-type="datalist"]').text()).toContain('Nora Tanaka'));
    expect(wrapper.text()).toContain('surpriseField');
    expect(wrapper.text()).toContain('(not in the API document)');
    wrapper.unmount();
  });

  it('switches culture for every localised text at once', async () => {
    const { wrapper } = await mountPanel({ scope: scopeId('E1:x'), scopeKey: 'E1:x', key: guidOf(25, 1), pass: 'p', row: item(), k: {} });
    expect(wrapper.text()).toContain('Forklift');
    await wrapper.setProps({ culture: 'da-DK' });
    await flushPromises();
    expect(wrapper.get('h2').text()).toBe('Gaffeltruck');
    wrapper.unmount();
  });

  it('renders post bodies sanitized and offers the post’s comments', async () => {
    const moduleId = guidOf(1, 1);
    const postId = guidOf(2, 1);
    const row = {
      id: postId,
      userId: guidOf(19, 7),
      locales: [{ culture: 'en-GB', title: 'Hello', bodyText: '<p onclick="alert(1)">Hi <a href="javascript:alert(2)">there</a> <strong>all</strong></p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2">' }],
    };
    const { wrapper } = await mountPanel({ scope: scopeId(scopeKey('E3', { moduleId })), scopeKey: scopeKey('E3', { moduleId }), key: postId, pass: '', row, k: {} }, endpoints.E3);
    // The sanitiser loads with the first details that need it.
    await eventually(() => expect(wrapper.find('[data-testid="safe-html"]').exists()).toBe(true));
    const html = wrapper.get('[data-testid="safe-html"]');
    expect(html.find('strong').text()).toBe('all');
    expect(html.html()).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    expect(wrapper.get('.related-link').text()).toContain('Comments');
    await eventually(() => expect(wrapper.text()).toContain('Nora Tanaka'));
    wrapper.unmount();
  });

  it('shows a post’s feature image from its local copy, through the web address allow-list, and other hrefs as text', async () => {
    const moduleId = guidOf(1, 1);
    const feature = 'https://files.workplace.example/media/abc';
    const post = (url: string) => ({ id: guidOf(2, 2), featureMediaId: guidOf(28, 2), featureMediaDownloadUrl: url, locales: [{ culture: 'en-GB', title: 'Hello' }] });
    const scope = scopeKey('E3', { moduleId });
    const { wrapper } = await mountPanel({ scope: scopeId(scope), scopeKey: scope, key: guidOf(2, 2), pass: '', row: post(feature), k: {} }, endpoints.E3, mediaBridge([feature]).bridge);
    await eventually(() => expect(wrapper.find(`img[src="/media/${KEY}"]`).exists()).toBe(true));
    expect(wrapper.get(`img[src="/media/${KEY}"]`).attributes('alt')).toBe('Feature media download url');
    expect(wrapper.find(`img[src="${feature}"]`).exists()).toBe(false);
    expect(wrapper.get(`a[href="${feature}"]`).attributes('rel')).toContain('noopener');
    wrapper.unmount();
    for (const hostile of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'https://user:pw@files.example/x.png']) {
      const { wrapper: other } = await mountPanel({ scope: scopeId(scope), scopeKey: scope, key: guidOf(2, 2), pass: '', row: post(hostile), k: {} }, endpoints.E3);
      expect(other.find('img').exists(), hostile).toBe(false);
      expect(other.find(`a[href="${hostile}"]`).exists(), hostile).toBe(false);
      expect(other.text()).toContain(hostile);
      other.unmount();
    }
  });

  it('says "Not downloaded" where main has no copy (and why, when it refused one), never loading the remote image, and pins one', async () => {
    const refusedUrl = 'https://media.example/clip.png';
    const row = item();
    (row['customFieldValues'] as Record<string, unknown>[])[3] = {
      dataListCustomFieldId: guidOf(29, 4),
      type: 'Media',
      medias: [
        { id: guidOf(28, 1), downloadUrl: IMAGE, referenceUrl: null, contentType: 'image/png', fileName: 'forklift.png' },
        { id: guidOf(28, 3), downloadUrl: refusedUrl, referenceUrl: null, contentType: 'image/png', fileName: 'clip.png' },
      ],
    };
    const fake = mediaBridge([], { [refusedUrl]: 'the server sent text/html where the media says image/png' });
    const { wrapper } = await mountPanel({ scope: scopeId('E1:x'), scopeKey: 'E1:x', key: guidOf(25, 1), pass: 'p', row, k: {} }, endpoints.E1, fake.bridge);
    const states = () => wrapper.findAll('[data-testid="media-state"]').map((e) => e.text());
    await eventually(() => expect(states()).toEqual(['Not downloaded', 'Not downloaded: the server sent text/html where the media says image/png']));
    expect(wrapper.findAll('[data-testid="media-missing"]')).toHaveLength(2);
    expect(wrapper.find('img').exists()).toBe(false);
    // A refused file cannot be kept; the other one can.
    expect(wrapper.findAll('[data-testid="media-pin"]')).toHaveLength(1);
    await wrapper.get('[data-testid="media-pin"]').setValue(true);
    await eventually(() => expect((wrapper.get('[data-testid="media-pin"]').element as HTMLInputElement).checked).toBe(true));
    expect(fake.calls.some((c) => c.name === 'media.status' && (c.arg as { want?: boolean }).want === true)).toBe(true);
    wrapper.unmount();
  });

  it('shows custom and external ids as the text they are', async () => {
    const { wrapper } = await mountPanel({ scope: scopeId('E20:'), scopeKey: 'E20:', key: guidOf(20, 1), pass: '', row: { id: guidOf(20, 1), name: 'Drivers', externalId: 'UG-00042' }, k: {} }, endpoints.E20);
    expect(wrapper.text()).toContain('UG-00042');
    expect(wrapper.findAll('.mono').map((e) => e.text())).not.toContain('UG-00042');
    wrapper.unmount();
  });

  it('says what to do when nothing is selected, and marks pending edits', async () => {
    const { wrapper } = await mountPanel({ scope: scopeId('E20:'), scopeKey: 'E20:', key: 'k', pass: '', row: { id: 'k', name: 'Group' }, k: {}, pending: 1 }, endpoints.E20);
    expect(wrapper.find('[data-testid="pending-tag"]').exists()).toBe(true);
    await wrapper.setProps({ stored: null });
    expect(wrapper.text()).toContain('Select a row');
    wrapper.unmount();
  });
});

describe('references', () => {
  it('fall back to the bare id when the row is not cached', async () => {
    const db = openFakeDatabase();
    await seedRows(db, 'E20', {}, []);
    const { wrapper } = await mountPanel({ scope: scopeId('E2:a/b'), scopeKey: 'E2:a/b', key: 'c', pass: '', row: { id: 'c', userId: guidOf(19, 99) }, k: {} }, endpoints.E2);
    await flushPromises();
    expect(wrapper.text()).toContain(guidOf(19, 99).slice(0, 8));
    wrapper.unmount();
  });
});
