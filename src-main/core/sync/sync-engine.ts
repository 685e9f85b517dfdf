import { randomUUID } from 'node:crypto';
import {
  endpoints,
  parseResponse,
  productionDialect,
  versionedPath,
  type Dialect,
} from '../../../src-shared/api/index.js';
import type { ScopeProgress } from '../../../src-shared/bridge/index.js';
import { scopeKey, type MirrorStore, type ScopeKey, type ScopeState, type SourceRecord } from '../../../src-shared/store/index.js';
import { isAbort } from '../abort.js';
import type { Clock, Sleep } from '../clock.js';
import type { Connectivity } from '../http/connectivity.js';
import { ApiRequestError } from '../http/api-request-error.js';
import type { RequestRunner } from '../http/request-runner.js';
import { backoffDelay, type BackoffOptions } from '../http/retry-timing.js';
import type { Logger } from '../logger.js';
import type { SyncSettings } from '../settings/sync-settings.js';
import { createPageBudget } from './page-budget.js';
import { runPass } from './run-pass.js';
import { nextRun, type PassMode, type ScheduledRun } from './schedule.js';
import { classifyScopeFailure, isPauseSignal } from './scope-failure.js';
import { childScopes, hasChildren, newScopeState, permissionOf, rootScopes, sourceScope } from './scope-plan.js';
import { lastSuccessOf, rowsOf, scopeProgress } from './scope-progress.js';

export interface SyncEngineOptions {
  readonly runner: RequestRunner;
  readonly connectivity: Connectivity;
  readonly store: MirrorStore;
  /** The workspace's base URL; list URLs are built below it. */
  readonly baseUrl: string;
  readonly clock: Clock;
  readonly sleep: Sleep;
  readonly log: Logger;
  readonly settings: () => SyncSettings;
  /** The token's scopes (null when unknown): lists the token cannot read are not requested. */
  readonly grantedScopes: () => Promise<readonly string[] | null>;
  readonly dialect?: Dialect;
  readonly random?: () => number;
  readonly newId?: () => string;
  /** Waits between reachability probes while offline (default 1 s doubling to 30 s). */
  readonly offlineBackoff?: BackoffOptions;
  /** Something visible changed (for status events; called often, throttle it). */
  readonly onChange?: () => void;
}

export interface EngineProgress {
  readonly running: boolean;
  readonly rowsMirrored: number;
  readonly rowsPerSecond: number;
  readonly lastSyncedAt: string | null;
  readonly scopes: readonly ScopeProgress[];
}

export interface ParticipationRef {
  readonly moduleId: string;
  readonly calendarId: string;
  readonly participationId: string;
}

/**
 * The sync engine: keeps the local mirror of every list true. It plans the scopes
 * (roots, sources, discovered children), schedules full and delta passes, runs several
 * at once (the lists the user looks at first), and reports progress.
 */
export interface SyncEngine {
  /** Loads scopes and sources from the store and starts scheduling; resolves once loaded. */
  start(): Promise<void>;
  /** Cancels every pass in flight (their checkpoints stay) and stops scheduling. */
  stop(): Promise<void>;
  /** Runs the given scopes (all when omitted) now: a delta where possible, full when asked. */
  syncNow(options?: { readonly scopes?: readonly string[]; readonly full?: boolean }): boolean;
  /** The scopes the user is looking at: synced and requested before the others. */
  focus(scopes: readonly string[]): void;
  /** Stores a source and syncs the list it roots. */
  addSource(source: SourceRecord): Promise<void>;
  /** Forgets a source, its scope, the scopes discovered below it, and their rows. */
  removeSource(id: string): Promise<boolean>;
  /**
   * Fetches one participation (E5) and writes it into its E4 scope through the store.
   * Resolves null when the server no longer has it.
   */
  refreshParticipation(ref: ParticipationRef): Promise<Record<string, unknown> | null>;
  /** Plans again now (settings changed). */
  replan(): void;
  /** Re-decides which scopes the (new) token may read. */
  recheckPermissions(): Promise<void>;
  progress(): EngineProgress;
  /** Scope states as the engine knows them. */
  states(): ScopeState[];
  /** Resolves when nothing runs and nothing is due (tests, benchmarks). */
  whenSettled(): Promise<void>;
}

interface Runtime {
  state: ScopeState;
  running: AbortController | null;
  failures: number;
  next: ScheduledRun | null;
}

const FOCUS_PRIORITY = 10;
const REFRESH_PRIORITY = 20;
const RATE_WINDOW_MS = 5_000;

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { runner, connectivity, store, clock, sleep, log } = options;
  const dialect = options.dialect ?? productionDialect;
  const random = options.random ?? Math.random;
  const newId = options.newId ?? randomUUID;
  const offlineBackoff = options.offlineBackoff ?? { baseMs: 1_000, maxMs: 30_000 };
  const runtimes = new Map<ScopeKey, Runtime>();
  const forced = new Map<ScopeKey, PassMode>();
  let focused = new Set<ScopeKey>();
  const writes: { at: number; rows: number }[] = [];
  const settledWaiters: (() => void)[] = [];
  const stopper = new AbortController();
  let wakeController = new AbortController();
  let loop: Promise<void> | null = null;
  let offlineProbes = 0;
  const passes = new Set<Promise<void>>();
  let unsubscribe: (() => void) | null = null;
  let storeLost = false;
  // One page being written per running list and the prefetch depth to spare: more
  // would only wait in main's heap for the renderer.
  const pageBudget = createPageBudget(() => {
    const { parallelScopes, prefetchPages } = options.settings();
    return parallelScopes + prefetchPages;
  });

  const iso = () => new Date(clock.now()).toISOString();
  const changed = () => options.onChange?.();
  const wake = () => {
    wakeController.abort();
    wakeController = new AbortController();
  };

  async function waitForWake(ms: number): Promise<void> {
    const signal = AbortSignal.any([wakeController.signal, stopper.signal]);
    try {
      await sleep(Math.max(0, ms), signal);
    } catch (error) {
      if (!isAbort(error)) throw error;
    }
  }

  /** Saves states, tolerating a store that went away (the window closed): we are paused then. */
  async function save(states: ScopeState[]): Promise<void> {
    if (states.length === 0) return;
    try {
      await store.putScopes(states);
    } catch (error) {
      if (!isPauseSignal(error)) throw error;
    }
  }

  function descendants(root: ScopeKey): ScopeKey[] {
    const out: ScopeKey[] = [];
    const walk = (parent: ScopeKey) => {
      for (const rt of runtimes.values()) {
        if (rt.state.parent === parent && !out.includes(rt.state.scope)) {
          out.push(rt.state.scope);
          walk(rt.state.scope);
        }
      }
    };
    walk(root);
    return out;
  }

  async function forget(scopes: ScopeKey[]): Promise<void> {
    if (scopes.length === 0) return;
    for (const scope of scopes) {
      runtimes.get(scope)?.running?.abort();
      runtimes.delete(scope);
      forced.delete(scope);
    }
    await store.removeScopes(scopes);
    changed();
  }

  async function applyPermissions(states: ScopeState[]): Promise<ScopeState[]> {
    const granted = await options.grantedScopes();
    const prefix = options.settings().scopePrefix;
    return states.map((state) => {
      const verdict = permissionOf(endpoints[state.endpoint], granted, prefix);
      if (verdict !== null && state.status !== 'not-permitted') return { ...state, status: 'not-permitted', reason: verdict, pass: state.pass };
      if (verdict === null && state.status === 'not-permitted') return { ...state, status: 'queued', reason: null };
      return state;
    });
  }

  async function adopt(states: ScopeState[]): Promise<void> {
    const checked = await applyPermissions(states);
    await save(checked);
    for (const state of checked) runtimes.set(state.scope, { state, running: null, failures: 0, next: null });
  }

  async function load(): Promise<void> {
    const [stored, sources] = await Promise.all([store.getScopes(), store.getSources()]);
    for (const state of stored) runtimes.set(state.scope, { state, running: null, failures: 0, next: null });
    const wanted = new Map<ScopeKey, ScopeState>();
    for (const plan of rootScopes()) wanted.set(plan.scope, newScopeState(plan, null));
    for (const source of sources) {
      const plan = sourceScope(source.kind, source.params);
      wanted.set(plan.scope, newScopeState(plan, null));
    }
    // Top-level scopes no longer wanted (a source removed elsewhere) go with their children.
    const orphans = [...runtimes.values()]
      .filter((rt) => rt.state.parent === null && !wanted.has(rt.state.scope))
      .flatMap((rt) => [rt.state.scope, ...descendants(rt.state.scope)]);
    const dangling = [...runtimes.values()]
      .filter((rt) => rt.state.parent !== null && !runtimes.has(rt.state.parent))
      .flatMap((rt) => [rt.state.scope, ...descendants(rt.state.scope)]);
    await forget([...new Set([...orphans, ...dangling])]);
    const added = [...wanted.values()].filter((state) => !runtimes.has(state.scope));
    const existing = [...runtimes.values()].map((rt) => rt.state);
    const rechecked = await applyPermissions(existing);
    await save(rechecked.filter((state, i) => state !== existing[i]));
    for (const state of rechecked) runtimes.get(state.scope)!.state = state;
    await adopt(added);
  }

  async function discover(rt: Runtime, complete: boolean): Promise<void> {
    const { endpoint, scope, params } = rt.state;
    const rows = await store.scopeRows(endpoint, scope);
    const planned = childScopes(endpoint, params, rows);
    const wanted = new Set(planned.map((p) => p.scope));
    const added = planned.filter((p, i) => !runtimes.has(p.scope) && planned.findIndex((q) => q.scope === p.scope) === i);
    await adopt(added.map((p) => newScopeState(p, scope)));
    if (complete) {
      // Only a complete full pass proves a parent row is gone.
      const stale = [...runtimes.values()].filter((r) => r.state.parent === scope && !wanted.has(r.state.scope));
      await forget(stale.flatMap((r) => [r.state.scope, ...descendants(r.state.scope)]));
    }
    if (added.length > 0) log.debug('discovered scopes', { parent: scope, added: added.length });
  }

  function noteWrite(rows: number): void {
    const now = clock.now();
    writes.push({ at: now, rows });
    while (writes.length > 0 && writes[0]!.at < now - RATE_WINDOW_MS) writes.shift();
  }

  async function runScope(rt: Runtime, mode: PassMode): Promise<void> {
    const controller = new AbortController();
    const signal = AbortSignal.any([controller.signal, stopper.signal]);
    rt.running = controller;
    rt.state = { ...rt.state, status: 'syncing' };
    forced.delete(rt.state.scope);
    changed();
    const endpoint = endpoints[rt.state.endpoint];
    try {
      const result = await runPass(
        {
          runner,
          store,
          clock,
          baseUrl: options.baseUrl,
          dialect,
          prefetch: options.settings().prefetchPages,
          budget: pageBudget,
          newPassId: newId,
          priority: () => (focused.has(rt.state.scope) ? FOCUS_PRIORITY : 0),
          signal,
          onPage: (state, rows) => {
            rt.state = state;
            noteWrite(rows);
            changed();
          },
        },
        rt.state,
        mode,
      );
      rt.state = result.state;
      rt.failures = 0;
      log.debug('pass finished', { scope: rt.state.scope, mode: result.mode, pages: result.pages, rows: result.rows, deleted: result.deleted });
      if (hasChildren(endpoint.id) && runtimes.get(rt.state.scope) === rt) await discover(rt, result.mode === 'full');
    } catch (error) {
      const failure = classifyScopeFailure(endpoint, error);
      const at = iso();
      switch (failure.kind) {
        case 'paused':
          rt.state = { ...rt.state, status: 'paused' };
          // The window went away: no other scope can write either until a new one attaches.
          if (!isAbort(error)) storeLost = true;
          break;
        case 'offline':
          // Not the list's fault: it waits for the connection, its checkpoint kept.
          rt.state = { ...rt.state, status: 'queued' };
          break;
        case 'not-permitted':
        case 'not-available':
          rt.state = { ...rt.state, status: failure.kind, reason: failure.message, pass: null, lastError: { code: failure.code, message: failure.message, at } };
          await save([rt.state]);
          break;
        default:
          rt.failures += 1;
          log.warn('pass failed', { scope: rt.state.scope, code: failure.code, message: failure.message });
          rt.state = { ...rt.state, status: 'error', lastError: { code: failure.code, message: failure.message, at } };
          await save([rt.state]);
      }
    } finally {
      rt.running = null;
      changed();
      wake();
    }
  }

  function isSettled(due: number): boolean {
    return due === 0 && [...runtimes.values()].every((rt) => rt.running === null);
  }

  function settle(): void {
    for (const resolve of settledWaiters.splice(0)) resolve();
  }

  async function schedule(): Promise<void> {
    while (!stopper.signal.aborted) {
      if (storeLost) {
        for (const rt of runtimes.values()) rt.running?.abort();
        if ([...runtimes.values()].every((rt) => rt.running === null)) settle();
        await waitForWake(60_000);
        continue;
      }
      if (!connectivity.online()) {
        // Offline: no pass could succeed. Probe with backoff until the server answers.
        offlineProbes += 1;
        const online = await runner.probe(stopper.signal).catch(() => false);
        changed();
        if (!online) await waitForWake(backoffDelay(offlineProbes, random(), offlineBackoff));
        continue;
      }
      offlineProbes = 0;
      const settings = options.settings();
      const now = clock.now();
      const due: Runtime[] = [];
      let nextAt = Number.POSITIVE_INFINITY;
      let running = 0;
      for (const rt of runtimes.values()) {
        if (rt.running) {
          running += 1;
          continue;
        }
        const force = forced.get(rt.state.scope);
        rt.next = force && rt.state.status !== 'not-permitted' ? { mode: force, at: 0 } : nextRun(rt.state, settings, rt.failures, random());
        if (rt.next === null || (settings.paused && !force)) continue;
        if (rt.next.at <= now) due.push(rt);
        else nextAt = Math.min(nextAt, rt.next.at);
      }
      due.sort(
        (a, b) =>
          Number(focused.has(b.state.scope)) - Number(focused.has(a.state.scope)) ||
          Number(a.state.parent !== null) - Number(b.state.parent !== null) ||
          a.next!.at - b.next!.at,
      );
      while (running < settings.parallelScopes && due.length > 0) {
        const rt = due.shift()!;
        running += 1;
        const pass: Promise<void> = runScope(rt, rt.next!.mode)
          .catch((error: unknown) => log.error('pass bookkeeping failed', { scope: rt.state.scope, message: (error as Error).message }))
          .finally(() => passes.delete(pass));
        passes.add(pass);
      }
      changed();
      if (isSettled(due.length)) settle();
      // Re-plan at least every minute: settings and clocks change.
      await waitForWake(due.length > 0 ? 60_000 : Math.min(nextAt - now, 60_000));
    }
  }

  return {
    async start() {
      await load();
      // Going offline or online changes what the scheduler should do: plan again at once.
      unsubscribe = connectivity.onChange(() => wake());
      changed();
      loop = schedule().catch((error: unknown) => {
        if (!isAbort(error)) log.error('sync scheduler stopped', { message: (error as Error).message });
      });
    },

    async stop() {
      stopper.abort();
      unsubscribe?.();
      for (const rt of runtimes.values()) rt.running?.abort();
      await loop;
      await Promise.allSettled([...passes]);
      settle();
    },

    syncNow(nowOptions = {}) {
      const targets = nowOptions.scopes ? nowOptions.scopes.filter((s) => runtimes.has(s)) : [...runtimes.keys()];
      for (const scope of targets) {
        const rt = runtimes.get(scope)!;
        if (rt.state.status === 'not-permitted') continue;
        const mode: PassMode = nowOptions.full || rt.state.lastFullAt === null || rt.state.pass?.mode === 'full' ? 'full' : 'delta';
        forced.set(scope, mode);
        rt.failures = 0;
      }
      offlineProbes = 0;
      wake();
      changed();
      return targets.length > 0;
    },

    replan: () => wake(),

    focus(scopes) {
      focused = new Set(scopes);
      wake();
    },

    async addSource(source) {
      await store.putSource(source);
      const plan = sourceScope(source.kind, source.params);
      if (!runtimes.has(plan.scope)) await adopt([newScopeState(plan, null)]);
      wake();
      changed();
    },

    async removeSource(id) {
      const known = runtimes.get(id);
      await store.removeSource(id);
      if (known && known.state.parent === null && rootScopes().every((r) => r.scope !== id)) {
        await forget([id, ...descendants(id)]);
        return true;
      }
      return known !== undefined;
    },

    async refreshParticipation(ref) {
      const params = { moduleId: ref.moduleId, calendarId: ref.calendarId, participationId: ref.participationId };
      const url = `${options.baseUrl.replace(/\/+$/, '')}${versionedPath(endpoints.E5, params)}`;
      let body: unknown;
      try {
        body = await runner.getJson(url, { priority: REFRESH_PRIORITY, signal: stopper.signal });
      } catch (error) {
        if (error instanceof ApiRequestError && error.code === 'not-found') return null;
        throw error;
      }
      const row = parseResponse('E5', body) as Record<string, unknown>;
      await store.putRow({ endpoint: 'E5', scope: scopeKey('E4', { moduleId: ref.moduleId, calendarId: ref.calendarId }), row });
      changed();
      return row;
    },

    async recheckPermissions() {
      const existing = [...runtimes.values()].map((rt) => rt.state);
      const rechecked = await applyPermissions(existing);
      const changedStates = rechecked.filter((state, i) => state !== existing[i]);
      for (const state of changedStates) runtimes.get(state.scope)!.state = state;
      await save(changedStates);
      wake();
      changed();
    },

    progress() {
      const now = clock.now();
      const scopes: ScopeProgress[] = [];
      let rows = 0;
      let running = false;
      let lastSynced: string | null = null;
      for (const rt of runtimes.values()) {
        scopes.push(scopeProgress(rt.state, rt.running !== null, rt.next, now));
        rows += rowsOf(rt.state);
        running ||= rt.running !== null;
        const last = lastSuccessOf(rt.state);
        if (last !== null && (lastSynced === null || Date.parse(last) > Date.parse(lastSynced))) lastSynced = last;
      }
      const recent = writes.filter((w) => w.at >= now - RATE_WINDOW_MS);
      const span = recent.length > 0 ? Math.max(1_000, now - recent[0]!.at) : 1_000;
      const rowsPerSecond = Math.round((recent.reduce((sum, w) => sum + w.rows, 0) * 1000) / span);
      return { running, rowsMirrored: rows, rowsPerSecond: running ? rowsPerSecond : 0, lastSyncedAt: lastSynced, scopes };
    },

    states: () => [...runtimes.values()].map((rt) => rt.state),

    whenSettled() {
      return new Promise<void>((resolve) => {
        settledWaiters.push(resolve);
        wake();
      });
    },
  };
}
