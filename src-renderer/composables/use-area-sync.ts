import { endpoints, type EndpointId } from '../../src-shared/api/index.js';
import { completeSyncAt, isInactive, rowsSoFar, type ScopeState } from '../../src-shared/store/index.js';
import { useAppContext } from '../app-context.js';
import { effectScope, onScopeDispose, type EffectScope } from 'vue';
import { useLiveQuery, type LiveQueryResult } from './use-live-query.js';

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

/** Summarises scope states by catalogue area. "Synced" speaks only of completed passes. */
export function summariseByArea(states: readonly ScopeState[]): Record<string, AreaSync> {
  const byArea = new Map<string, ScopeState[]>();
  for (const state of states) {
    const area = endpoints[state.endpoint as EndpointId]?.area;
    if (area) byArea.set(area, [...(byArea.get(area) ?? []), state]);
  }
  const count = (of: readonly ScopeState[], test: (s: ScopeState) => boolean) => of.filter(test).length;
  return Object.fromEntries(
    [...byArea].map(([area, of]) => [
      area,
      {
        lastSyncedAt: completeSyncAt(of),
        scopes: of.length,
        rows: of.reduce((sum, s) => sum + rowsSoFar(s), 0),
        errors: count(of, (s) => s.status === 'error'),
        syncing: count(of, (s) => s.status === 'syncing'),
        mirroring: count(of, (s) => !isInactive(s) && s.lastFullAt === null),
      },
    ]),
  );
}

/** The oldest last complete sync of the areas, or null while any area has never completed one. */
export function workspaceSyncedAt(byArea: Readonly<Record<string, AreaSync>>): string | null {
  const times = Object.values(byArea).filter((a) => a.scopes > 0).map((a) => a.lastSyncedAt);
  if (times.length === 0 || times.some((t) => t === null)) return null;
  return (times as string[]).reduce((oldest, t) => (Date.parse(t) < Date.parse(oldest) ? t : oldest));
}

interface SharedStates {
  readonly result: LiveQueryResult<ScopeState[]>;
  readonly scope: EffectScope;
  users: number;
}
const shared = new WeakMap<object, SharedStates>();

/**
 * How often the scope states shown may change. Every page a sync writes changes its
 * scope's state (dozens a second during a first sync), and each change re-rendered the
 * sidebar, the status bar and Home's cards, and re-checked every chart group. Progress
 * shown four times a second reads the same.
 */
export const SCOPE_STATES_THROTTLE_MS = 250;

/**
 * The scope states of the cache, live: one query for every component that asks (the
 * sidebar, the status bar, the palette, Home), so a page written during a mirror
 * re-reads the scopes table once, not once per component; shown at most every
 * {@link SCOPE_STATES_THROTTLE_MS}.
 */
export function useScopeStates(): LiveQueryResult<ScopeState[]> {
  const { db } = useAppContext();
  let entry = shared.get(db);
  if (!entry) {
    // Owned by no component: it lives while some component uses it.
    const scope = effectScope(true);
    const result = scope.run(() => useLiveQuery(() => db.scopes.toArray(), [], [] as ScopeState[], { throttleMs: SCOPE_STATES_THROTTLE_MS }))!;
    entry = { result, scope, users: 0 };
    shared.set(db, entry);
  }
  const mine = entry;
  mine.users += 1;
  onScopeDispose(() => {
    mine.users -= 1;
    if (mine.users > 0) return;
    mine.scope.stop();
    if (shared.get(db) === mine) shared.delete(db);
  });
  return mine.result;
}
