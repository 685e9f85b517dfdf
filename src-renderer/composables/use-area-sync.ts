import { endpoints, type EndpointId } from '../../src-shared/api/index.js';
import type { ScopeState } from '../../src-shared/store/index.js';
import { useAppContext } from '../app-context.js';
import { useLiveQuery } from './use-live-query.js';

/** Per area: when its lists last finished a pass, and how many of them are in trouble. */
export interface AreaSync {
  readonly lastSyncedAt: string | null;
  readonly scopes: number;
  readonly rows: number;
  readonly errors: number;
  readonly syncing: number;
}

/** Summarises scope states by catalogue area. */
export function summariseByArea(states: readonly ScopeState[]): Record<string, AreaSync> {
  const out: Record<string, AreaSync> = {};
  for (const state of states) {
    const area = endpoints[state.endpoint as EndpointId]?.area;
    if (!area) continue;
    const prev = out[area] ?? { lastSyncedAt: null, scopes: 0, rows: 0, errors: 0, syncing: 0 };
    const last = [state.lastFullAt, state.lastDeltaAt, prev.lastSyncedAt].filter((t): t is string => !!t).sort().at(-1) ?? null;
    out[area] = {
      lastSyncedAt: last,
      scopes: prev.scopes + 1,
      rows: prev.rows + (state.rowCount ?? 0),
      errors: prev.errors + (state.status === 'error' ? 1 : 0),
      syncing: prev.syncing + (state.status === 'syncing' ? 1 : 0),
    };
  }
  return out;
}

/** The scope states of the cache, live. */
export function useScopeStates() {
  const { db } = useAppContext();
  return useLiveQuery(() => db.scopes.toArray(), [], [] as ScopeState[]);
}
