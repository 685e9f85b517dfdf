import type { SyncStatus } from '../../src-shared/bridge/index.js';

/**
 * The status the window sees: the engine knows whether the workspace answered, the OS
 * knows whether there is a network at all. Offline wins either way, so unplugging the
 * cable shows "Offline" at once instead of after the next failed request. A pause
 * (battery) shows as not running.
 */
export function shellSyncStatus(status: SyncStatus, shell: { readonly osOnline: boolean; readonly paused: boolean }): SyncStatus {
  return {
    ...status,
    online: status.online && shell.osOnline,
    running: status.running && !shell.paused,
  };
}
