import { endpoints } from '../../../src-shared/api/index.js';
import type { MirrorStore, ScopeKey, ScopeState, SourceRecord } from '../../../src-shared/store/index.js';
import type { Logger } from '../logger.js';
import type { SyncSettings } from '../settings/sync-settings.js';
import type { PassMode, ScheduledRun } from './schedule.js';
import { isPauseSignal } from './scope-failure.js';
import { childScopes, newScopeState, permissionOf, rootScopes, sourceScope } from './scope-plan.js';

/** A scope as the engine runs it: its saved state and what is happening to it now. */
export interface ScopeRuntime {
  state: ScopeState;
  /** The pass running now, to cancel it. */
  running: AbortController | null;
  /** Consecutive failed passes (the backoff). */
  failures: number;
  /** When it runs next, as last planned. */
  next: ScheduledRun | null;
}

export interface ScopeRegistryOptions {
  readonly store: MirrorStore;
  readonly log: Logger;
  readonly settings: () => SyncSettings;
  /** The token's scopes (null when unknown): lists the token cannot read are marked. */
  readonly grantedScopes: () => Promise<readonly string[] | null>;
  /** Something visible changed. */
  readonly onChange: () => void;
}

/**
 * Every list scope the mirror keeps: the roots, the sources the user added, and the
 * children discovered from their rows; which of them the token may read; and which the
 * user asked for now or is looking at.
 */
export interface ScopeRegistry {
  readonly runtimes: ReadonlyMap<ScopeKey, ScopeRuntime>;
  /** Loads scopes and sources from the store, adds the missing, forgets the orphaned. */
  load(): Promise<void>;
  /** Plans the children a finished pass of `rt` made known; a complete full pass also forgets the gone ones. */
  discover(rt: ScopeRuntime, complete: boolean): Promise<void>;
  addSource(source: SourceRecord): Promise<void>;
  /** Forgets a source, its scope, the scopes discovered below it, and their rows. */
  removeSource(id: string): Promise<boolean>;
  /** Re-decides which scopes the (new) token may read. */
  recheckPermissions(): Promise<void>;
  /** Saves states, tolerating a store that went away (the window closed). */
  save(states: ScopeState[]): Promise<void>;
  /**
   * Asks for these scopes (all when omitted) to run now, in `full` mode or a delta where one is possible.
   * @returns whether any scope was asked.
   */
  force(scopes: readonly string[] | undefined, full: boolean): boolean;
  /** The mode a scope was asked to run in now, if it was. */
  forcedMode(scope: ScopeKey): PassMode | undefined;
  /** A pass of the scope started: it is no longer asked for. */
  started(scope: ScopeKey): void;
  focus(scopes: readonly string[]): void;
  isFocused(scope: ScopeKey): boolean;
  states(): ScopeState[];
}

/** The registry's scopes and marks, shared by the steps below. */
interface RegistryState {
  readonly options: ScopeRegistryOptions;
  readonly runtimes: Map<ScopeKey, ScopeRuntime>;
  readonly forced: Map<ScopeKey, PassMode>;
  focused: Set<ScopeKey>;
}

const runtimeOf = (state: ScopeState): ScopeRuntime => ({ state, running: null, failures: 0, next: null });

/** Saves states, tolerating a store that went away (the window closed). */
async function save(s: RegistryState, states: ScopeState[]): Promise<void> {
  if (states.length === 0) return;
  try {
    await s.options.store.putScopes(states);
  } catch (error) {
    if (!isPauseSignal(error)) throw error;
  }
}

/** Every scope discovered below `root`, depth first. */
function descendants(s: RegistryState, root: ScopeKey): ScopeKey[] {
  const out: ScopeKey[] = [];
  const walk = (parent: ScopeKey) => {
    for (const rt of s.runtimes.values()) {
      if (rt.state.parent === parent && !out.includes(rt.state.scope)) {
        out.push(rt.state.scope);
        walk(rt.state.scope);
      }
    }
  };
  walk(root);
  return out;
}

/** Cancels and drops these scopes, and removes them from the store. */
async function forget(s: RegistryState, scopes: ScopeKey[]): Promise<void> {
  if (scopes.length === 0) return;
  for (const scope of scopes) {
    s.runtimes.get(scope)?.running?.abort();
    s.runtimes.delete(scope);
    s.forced.delete(scope);
  }
  await s.options.store.removeScopes(scopes);
  s.options.onChange();
}

/** The states with the token's permission verdict applied (unchanged states stay the same objects). */
async function applyPermissions(s: RegistryState, states: ScopeState[]): Promise<ScopeState[]> {
  const granted = await s.options.grantedScopes();
  const prefix = s.options.settings().scopePrefix;
  return states.map((state) => {
    const verdict = permissionOf(endpoints[state.endpoint], granted, prefix);
    if (verdict !== null && state.status !== 'not-permitted') return { ...state, status: 'not-permitted', reason: verdict, pass: state.pass };
    if (verdict === null && state.status === 'not-permitted') return { ...state, status: 'queued', reason: null };
    return state;
  });
}

/** Checks, saves and runs new scopes. */
async function adopt(s: RegistryState, states: ScopeState[]): Promise<void> {
  const checked = await applyPermissions(s, states);
  await save(s, checked);
  for (const state of checked) s.runtimes.set(state.scope, runtimeOf(state));
}

/** Checks the permissions of every known scope again; saves and keeps the states that changed. */
async function recheck(s: RegistryState): Promise<void> {
  const existing = [...s.runtimes.values()].map((rt) => rt.state);
  const rechecked = await applyPermissions(s, existing);
  const changed = rechecked.filter((state, i) => state !== existing[i]);
  for (const state of changed) s.runtimes.get(state.scope)!.state = state;
  await save(s, changed);
}

/** Loads scopes and sources from the store, adds the missing, forgets the orphaned. */
async function load(s: RegistryState): Promise<void> {
  const { runtimes } = s;
  const [stored, sources] = await Promise.all([s.options.store.getScopes(), s.options.store.getSources()]);
  for (const state of stored) runtimes.set(state.scope, runtimeOf(state));
  const wanted = new Map<ScopeKey, ScopeState>();
  for (const plan of rootScopes()) wanted.set(plan.scope, newScopeState(plan, null));
  for (const source of sources) {
    const plan = sourceScope(source.kind, source.params);
    wanted.set(plan.scope, newScopeState(plan, null));
  }
  // Top-level scopes no longer wanted (a source removed elsewhere) go with their children.
  const orphans = [...runtimes.values()]
    .filter((rt) => rt.state.parent === null && !wanted.has(rt.state.scope))
    .flatMap((rt) => [rt.state.scope, ...descendants(s, rt.state.scope)]);
  const dangling = [...runtimes.values()]
    .filter((rt) => rt.state.parent !== null && !runtimes.has(rt.state.parent))
    .flatMap((rt) => [rt.state.scope, ...descendants(s, rt.state.scope)]);
  await forget(s, [...new Set([...orphans, ...dangling])]);
  const added = [...wanted.values()].filter((state) => !runtimes.has(state.scope));
  await recheck(s);
  await adopt(s, added);
}

/** Plans the children a finished pass of `rt` made known; a complete full pass also forgets the gone ones. */
async function discover(s: RegistryState, rt: ScopeRuntime, complete: boolean): Promise<void> {
  const { runtimes } = s;
  const { endpoint, scope, params } = rt.state;
  const rows = await s.options.store.scopeRows(endpoint, scope);
  const planned = childScopes(endpoint, params, rows);
  const wanted = new Set(planned.map((p) => p.scope));
  const added = planned.filter((p, i) => !runtimes.has(p.scope) && planned.findIndex((q) => q.scope === p.scope) === i);
  await adopt(s, added.map((p) => newScopeState(p, scope)));
  if (complete) {
    // Only a complete full pass proves a parent row is gone.
    const stale = [...runtimes.values()].filter((r) => r.state.parent === scope && !wanted.has(r.state.scope));
    await forget(s, stale.flatMap((r) => [r.state.scope, ...descendants(s, r.state.scope)]));
  }
  if (added.length > 0) s.options.log.debug('discovered scopes', { parent: scope, added: added.length });
}

export function createScopeRegistry(options: ScopeRegistryOptions): ScopeRegistry {
  const { store } = options;
  const s: RegistryState = { options, runtimes: new Map(), forced: new Map(), focused: new Set() };
  const { runtimes, forced } = s;

  return {
    runtimes,
    load: () => load(s),
    discover: (rt, complete) => discover(s, rt, complete),

    async addSource(source) {
      await store.putSource(source);
      const plan = sourceScope(source.kind, source.params);
      if (!runtimes.has(plan.scope)) await adopt(s, [newScopeState(plan, null)]);
    },

    async removeSource(id) {
      const known = runtimes.get(id);
      await store.removeSource(id);
      if (known && known.state.parent === null && rootScopes().every((r) => r.scope !== id)) {
        await forget(s, [id, ...descendants(s, id)]);
        return true;
      }
      return known !== undefined;
    },

    recheckPermissions: () => recheck(s),
    save: (states) => save(s, states),

    force(scopes, full) {
      const targets = scopes ? scopes.filter((scope) => runtimes.has(scope)) : [...runtimes.keys()];
      for (const scope of targets) {
        const rt = runtimes.get(scope)!;
        if (rt.state.status === 'not-permitted') continue;
        forced.set(scope, full || rt.state.lastFullAt === null || rt.state.pass?.mode === 'full' ? 'full' : 'delta');
        rt.failures = 0;
      }
      return targets.length > 0;
    },
    forcedMode: (scope) => forced.get(scope),
    started: (scope) => void forced.delete(scope),
    focus(scopes) {
      s.focused = new Set(scopes);
    },
    isFocused: (scope) => s.focused.has(scope),
    states: () => [...runtimes.values()].map((rt) => rt.state),
  };
}
