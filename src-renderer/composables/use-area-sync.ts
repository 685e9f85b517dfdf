import { endpoints, type EndpointId } from '../../src-shared/api/index.js';
import type { ScopeState } from '../../src-shared/store/index.js';
import { useAppContext } from '../app-context.js';
import { useLiveQuery } from './use-live-query.js';

/** Per area: its rows so far, whether it is still mirrored for the first time, and its last complete sync. */
export interface AreaSync {
  /** The oldest of its lists' last completed passes: null until every list has completed one. */
  readonly lastSyncedAt: string | null;
  readonly scopes: number;
  /** Rows stored, the pages of first passes still running included. */
  readonly rows: number;
  readonly errors: number;
  readonly syncing: number;
  /** Lists whose first full pass has not finished (waiting or under way). */
  readonly mirroring: number;
}

const inactive = (state: ScopeState) => state.status === 'not-permitted' || state.status === 'not-available';

/** The later of a scope's last full and delta pass: the last one that completed. */
function lastCompleted(state: ScopeState): string | null {
  return [state.lastFullAt, state.lastDeltaAt].filter((t): t is string => !!t).sort().at(-1) ?? null;
}

/** Rows a scope holds, counting the pages of a first pass still running. */
export function rowsSoFar(state: ScopeState): number {
  return Math.max(state.rowCount ?? 0, state.pass?.rows ?? 0);
}

/** Summarises scope states by catalogue area. "Synced" speaks only of completed passes. */
export function summariseByArea(states: readonly ScopeState[]): Record<string, AreaSync> {
  const out: Record<string, AreaSync & { complete: boolean }> = {};
  for (const state of states) {
    const area = endpoints[state.endpoint as EndpointId]?.area;
    if (!area) continue;
    const prev = out[area] ?? { lastSyncedAt: null, complete: true, scopes: 0, rows: 0, errors: 0, syncing: 0, mirroring: 0 };
    const last = lastCompleted(state);
    const counts = !inactive(state);
    const complete = prev.complete && (!counts || last !== null);
    const oldest = !counts || last === null ? prev.lastSyncedAt : [prev.lastSyncedAt, last].filter((t): t is string => !!t).sort()[0]!;
    out[area] = {
      lastSyncedAt: oldest,
      complete,
      scopes: prev.scopes + 1,
      rows: prev.rows + rowsSoFar(state),
      errors: prev.errors + (state.status === 'error' ? 1 : 0),
      syncing: prev.syncing + (state.status === 'syncing' ? 1 : 0),
      mirroring: prev.mirroring + (counts && state.lastFullAt === null ? 1 : 0),
    };
  }
  return Object.fromEntries(Object.entries(out).map(([area, { complete, ...sync }]) => [area, { ...sync, lastSyncedAt: complete ? sync.lastSyncedAt : null }]));
}

/** The oldest last complete sync of the areas, or null while any area has never completed one. */
export function workspaceSyncedAt(byArea: Readonly<Record<string, AreaSync>>): string | null {
  const times = Object.values(byArea).filter((a) => a.scopes > 0).map((a) => a.lastSyncedAt);
  if (times.length === 0 || times.some((t) => t === null)) return null;
  return (times as string[]).sort()[0]!;
}

/** The scope states of the cache, live. */
export function useScopeStates() {
  const { db } = useAppContext();
  return useLiveQuery(() => db.scopes.toArray(), [], [] as ScopeState[]);
}
