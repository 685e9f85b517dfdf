import type { SyncSettings } from '../../../src-shared/bridge/index.js';

export { syncSettingsSchema, syncSettingsPatchSchema, type SyncSettings, type SyncSettingsPatch } from '../../../src-shared/bridge/index.js';

/**
 * Defaults a user would accept: changes every 5 minutes, a full pass (which is what
 * notices deletions) every 6 hours, 100 requests a minute against a real tenant (its
 * documented rate limit), none against the embedded demo server; 500 MB of media.
 */
export function defaultSyncSettings(mode: 'demo' | 'remote'): SyncSettings {
  return {
    deltaIntervalMinutes: 5,
    fullIntervalMinutes: 6 * 60,
    requestBudgetPerMinute: mode === 'demo' ? null : 100,
    parallelScopes: 4,
    prefetchPages: 2,
    scopePrefix: 'svc.api',
    paused: false,
    mediaBudgetMB: 500,
  };
}
