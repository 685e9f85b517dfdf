import type { SyncStatus } from '../../../src-shared/bridge/index.js';

/** Scope statuses a pass cannot leave on its own: the list is done for this run. */
const TERMINAL = new Set(['idle', 'not-permitted', 'not-available', 'error']);

/** Whether every scope has finished its first pass (or cannot have one). */
export function mirrorComplete(status: SyncStatus): boolean {
  return (
    !status.running &&
    status.scopes.length > 0 &&
    status.scopes.every((s) => TERMINAL.has(s.status) && (s.lastSuccessAt !== null || s.status !== 'idle'))
  );
}

/** Scopes that ended in error, for the report (a benchmark of a broken mirror is no benchmark). */
export function failedScopes(status: SyncStatus): string[] {
  return status.scopes.filter((s) => s.status === 'error').map((s) => `${s.scope}: ${s.lastError ?? 'error'}`);
}
