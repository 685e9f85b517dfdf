import { endpoints, parseResponse, productionDialect, versionedPath, type Dialect } from '../../../src-shared/api/index.js';
import { scopeKey, type MirrorStore, type ScopeState, type SourceRecord } from '../../../src-shared/store/index.js';
import type { Clock, Sleep } from '../clock.js';
import { ApiRequestError } from '../http/api-request-error.js';
import type { Connectivity } from '../http/connectivity.js';
import type { RequestRunner } from '../http/request-runner.js';
import type { BackoffOptions } from '../http/retry-timing.js';
import type { Logger } from '../logger.js';
import type { SyncSettings } from '../settings/sync-settings.js';
import { createProgressMeter, type EngineProgress } from './engine-progress.js';
import { createScheduler } from './scheduler.js';
import { createScopeRegistry } from './scope-registry.js';

export type { EngineProgress } from './engine-progress.js';

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

export interface ParticipationRef {
  readonly moduleId: string;
  readonly calendarId: string;
  readonly participationId: string;
}

/**
 * The sync engine: keeps the local mirror of every list true. It plans the scopes
 * (roots, sources, discovered children: the scope registry), schedules full and delta
 * passes (the scheduler) and reports progress (the progress meter).
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
  /**
   * Whether a pass runs now, as `progress().running` says, without working out every
   * list's progress: the media workers ask it each time a page wakes them.
   */
  running(): boolean;
  /** Scope states as the engine knows them. */
  states(): ScopeState[];
  /** Resolves when nothing runs and nothing is due (tests, benchmarks). */
  whenSettled(): Promise<void>;
}

/** A participation refresh goes before every list page. */
const REFRESH_PRIORITY = 20;

/** Fetches one participation (E5) and writes it into its E4 scope; null when the server no longer has it. */
async function fetchParticipation(options: SyncEngineOptions, signal: AbortSignal, ref: ParticipationRef): Promise<Record<string, unknown> | null> {
  const params = { moduleId: ref.moduleId, calendarId: ref.calendarId, participationId: ref.participationId };
  const url = `${options.baseUrl.replace(/\/+$/, '')}${versionedPath(endpoints.E5, params)}`;
  let body: unknown;
  try {
    body = await options.runner.getJson(url, { priority: REFRESH_PRIORITY, signal });
  } catch (error) {
    if (error instanceof ApiRequestError && error.code === 'not-found') return null;
    throw error;
  }
  const row = parseResponse('E5', body) as Record<string, unknown>;
  await options.store.putRow({ endpoint: 'E5', scope: scopeKey('E4', { moduleId: ref.moduleId, calendarId: ref.calendarId }), row });
  return row;
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { runner, connectivity, store, clock, log } = options;
  const changed = () => options.onChange?.();
  const registry = createScopeRegistry({ store, log, settings: options.settings, grantedScopes: options.grantedScopes, onChange: changed });
  const meter = createProgressMeter(clock);
  const scheduler = createScheduler({
    registry, meter, runner, connectivity, store, clock, log,
    baseUrl: options.baseUrl,
    dialect: options.dialect ?? productionDialect,
    sleep: options.sleep,
    settings: options.settings,
    random: options.random ?? Math.random,
    ...(options.newId ? { newId: options.newId } : {}),
    offlineBackoff: options.offlineBackoff ?? { baseMs: 1_000, maxMs: 30_000 },
    onChange: changed,
  });
  let unsubscribe: (() => void) | null = null;

  return {
    async start() {
      await registry.load();
      // Going offline or online changes what the scheduler should do: plan again at once.
      unsubscribe = connectivity.onChange(() => scheduler.wake());
      changed();
      scheduler.start();
    },

    async stop() {
      unsubscribe?.();
      await scheduler.stop();
    },

    syncNow(nowOptions = {}) {
      const asked = registry.force(nowOptions.scopes, nowOptions.full === true);
      scheduler.resetProbes();
      scheduler.wake();
      changed();
      return asked;
    },

    replan: () => scheduler.wake(),

    focus(scopes) {
      registry.focus(scopes);
      scheduler.wake();
    },

    async addSource(source) {
      await registry.addSource(source);
      scheduler.wake();
      changed();
    },

    removeSource: (id) => registry.removeSource(id),

    async refreshParticipation(ref) {
      const row = await fetchParticipation(options, scheduler.signal, ref);
      if (row) changed();
      return row;
    },

    async recheckPermissions() {
      await registry.recheckPermissions();
      scheduler.wake();
      changed();
    },

    progress: () => meter.progress(registry.runtimes.values()),
    running: () => {
      for (const rt of registry.runtimes.values()) if (rt.running !== null) return true;
      return false;
    },
    states: () => registry.states(),
    whenSettled: () => scheduler.whenSettled(),
  };
}
