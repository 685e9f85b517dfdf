import { describe, expect, it } from 'vitest';
import type { SyncSettings } from '../../../src-shared/bridge/index.js';
import { useSettingsStore } from '../../../src-renderer/stores/settings-store.js';
import { eventually, fakeBridge, storeContext } from '../helpers/renderer-context.js';

const settings: SyncSettings = { deltaIntervalMinutes: 5, fullIntervalMinutes: 60, requestBudgetPerMinute: 90, parallelScopes: 2, prefetchPages: 2, scopePrefix: 'svc.api', paused: false, mediaBudgetMB: 500 };

describe('the settings store', () => {
  it('loads main’s sync settings, or says why it could not', async () => {
    const good = useSettingsStore(storeContext(undefined, fakeBridge({ 'settings.get': settings }).bridge).pinia);
    await good.load();
    expect([good.settings, good.loadError]).toEqual([settings, null]);
    const bad = useSettingsStore(storeContext().pinia);
    await bad.load();
    expect([bad.settings, bad.loadError]).toEqual([null, 'settings.get not under test']);
  });

  it('keeps what main answers to a change, and keeps the old settings when main refuses', async () => {
    const paused = { ...settings, paused: true };
    const fake = fakeBridge({ 'settings.get': settings, 'settings.set': paused });
    const store = useSettingsStore(storeContext(undefined, fake.bridge).pinia);
    await store.load();
    expect(await store.save({ paused: true })).toEqual({ ok: true, data: paused });
    expect(store.settings).toEqual(paused);
    expect(fake.calls.at(-1)).toEqual({ name: 'settings.set', arg: { paused: true } });

    const refusing = useSettingsStore(storeContext(undefined, fakeBridge({ 'settings.get': settings }).bridge).pinia);
    await refusing.load();
    const result = await refusing.save({ parallelScopes: 99 });
    expect(result.ok).toBe(false);
    expect(refusing.settings).toEqual(settings);
  });

  it('adds a pasted source trimmed, removes one by id, and lists the sources main stored', async () => {
    const fake = fakeBridge({ 'sources.add': { id: 'E1:abc' }, 'sources.remove': { removed: true } });
    const { pinia, db } = storeContext(undefined, fake.bridge);
    const store = useSettingsStore(pinia);
    expect(await store.addSource('dataList', '  https://portal.example/datalists/abc  ')).toEqual({ ok: true, data: { id: 'E1:abc' } });
    expect(await store.removeSource('E1:old')).toEqual({ ok: true, data: { removed: true } });
    expect(fake.calls).toEqual([
      { name: 'sources.add', arg: { kind: 'dataList', input: 'https://portal.example/datalists/abc' } },
      { name: 'sources.remove', arg: { id: 'E1:old' } },
    ]);
    await db.sources.put({ id: 'E1:abc', kind: 'dataList', params: { dataListId: 'abc' }, label: 'Equipment', addedAt: '2025-01-01T00:00:00Z' });
    await eventually(() => expect(store.sources.map((s) => s.label)).toEqual(['Equipment']));
  });
});
