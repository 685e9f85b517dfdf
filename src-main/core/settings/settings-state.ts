import type { Logger } from '../logger.js';
import { readSettings, settingsPath, writeSettings, type StoredSettings } from './settings-file.js';
import { defaultSyncSettings, syncSettingsSchema, type SyncSettings, type SyncSettingsPatch } from './sync-settings.js';

/** Main's settings in memory, saved to its settings file on every change. */
export interface SettingsState {
  readonly sync: () => SyncSettings;
  /** Published sources the user removed: not added again. */
  readonly dismissed: () => readonly string[];
  /** Reads the file (defaults for what is missing or unreadable). */
  load(): Promise<SyncSettings>;
  /**
   * Applies a patch of the sync settings and saves them.
   * @throws ZodError when the result is not valid settings (nothing is saved then).
   */
  patchSync(patch: SyncSettingsPatch): Promise<SyncSettings>;
  /** Remembers (or forgets) that the user removed a published source; saves only a change. */
  setDismissed(id: string, dismissed: boolean): Promise<void>;
}

export function createSettingsState(options: { readonly dataDir: string; readonly mode: 'demo' | 'remote'; readonly log: Logger }): SettingsState {
  const file = settingsPath(options.dataDir);
  const defaults = defaultSyncSettings(options.mode);
  let stored: StoredSettings = { sync: defaults, dismissedSources: [] };

  async function save(next: StoredSettings): Promise<void> {
    stored = next;
    await writeSettings(file, next);
  }

  return {
    sync: () => stored.sync,
    dismissed: () => stored.dismissedSources,
    async load() {
      stored = await readSettings(file, defaults, options.log);
      return stored.sync;
    },
    async patchSync(patch) {
      const sync = syncSettingsSchema.parse({ ...stored.sync, ...patch });
      await save({ ...stored, sync });
      return sync;
    },
    async setDismissed(id, dismissed) {
      const known = stored.dismissedSources.includes(id);
      if (known === dismissed) return;
      const dismissedSources = dismissed ? [...stored.dismissedSources, id] : stored.dismissedSources.filter((d) => d !== id);
      await save({ ...stored, dismissedSources });
    },
  };
}
