import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { Result, SyncSettings, SyncSettingsPatch } from '../../src-shared/bridge/index.js';
import type { SourceKind, SourceRecord } from '../../src-shared/store/index.js';
import type { SourceCheck } from '../../src-shared/sources/index.js';
import { useAppContext } from '../app-context.js';
import { useLiveQuery } from '../composables/use-live-query.js';

/**
 * What the user sets up and main keeps: the sync schedule, and the sources (roots
 * the API cannot list, added by id or portal link). Main stores the sources in the
 * cache too, so they are read from Dexie; changes go through main.
 */
export const useSettingsStore = defineStore('settings', () => {
  const { db, bridge } = useAppContext();
  const settings = ref<SyncSettings | null>(null);
  /** Why the settings could not be read, if they could not. */
  const loadError = ref<string | null>(null);
  const { value: sources } = useLiveQuery(() => db.sources.orderBy('id').toArray(), [], [] as SourceRecord[]);

  async function load() {
    const result = await bridge.call('settings.get', {});
    if (result.ok) {
      settings.value = result.data;
      loadError.value = null;
    } else loadError.value = result.error.message;
  }

  /** Changes some settings; main answers with all of them as they now are. */
  async function save(patch: SyncSettingsPatch): Promise<Result<SyncSettings>> {
    const result = await bridge.call('settings.set', patch);
    if (result.ok) settings.value = result.data;
    return result;
  }

  /** Adds a source; `label` names it where the workspace answered with a name. */
  const addSource = (kind: SourceKind, input: string, label?: string | null): Promise<Result<{ readonly id: string }>> =>
    bridge.call('sources.add', { kind, input: input.trim(), ...(label ? { label } : {}) });
  /** Asks the workspace for the first page of what was pasted (one request), before adding it. */
  const checkSource = (kind: SourceKind, input: string): Promise<Result<SourceCheck>> => bridge.call('sources.check', { kind, input: input.trim() });
  /** Removes a source, and with it the rows it brought. */
  const removeSource = (id: string): Promise<Result<{ readonly removed: boolean }>> => bridge.call('sources.remove', { id });

  return { settings, loadError, sources, load, save, addSource, checkSource, removeSource };
});
