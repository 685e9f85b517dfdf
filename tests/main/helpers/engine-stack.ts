import { isDeepStrictEqual } from 'node:util';
import { endpoints, resourceSchema, rowKey, type EndpointId } from '../../../src-shared/api/index.js';
import { createDexieMirrorStore, readScopeRows, type MirrorStore, type OutpostDb, type ScopeState } from '../../../src-shared/store/index.js';
import { createStaticTokenSource, type TokenSource } from '../../../src-main/core/auth/token-source.js';
import { realSleep, systemClock, type Clock, type Sleep } from '../../../src-main/core/clock.js';
import { createApiClient } from '../../../src-main/core/http/api-client.js';
import { createConnectivity, type Connectivity } from '../../../src-main/core/http/connectivity.js';
import { createRequestGate, type RequestGate } from '../../../src-main/core/http/request-gate.js';
import { createRequestRunner, type RequestRunner } from '../../../src-main/core/http/request-runner.js';
import { silentLogger } from '../../../src-main/core/logger.js';
import { defaultSyncSettings, type SyncSettings } from '../../../src-main/core/settings/sync-settings.js';
import { publishedSourceRecords } from '../../../src-main/core/sources/published-sources.js';
import { createSyncEngine, type SyncEngine } from '../../../src-main/core/sync/sync-engine.js';
import type { RunningServer } from '../../../src-server/index.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';

/**
 * The real engine against the real store on fake-indexeddb, talking to a reference
 * server over HTTP: what the engine's integration tests build, with nothing between.
 */
export interface EngineStack {
  readonly db: OutpostDb;
  readonly store: MirrorStore;
  readonly engine: SyncEngine;
  readonly gate: RequestGate;
  readonly runner: RequestRunner;
  readonly connectivity: Connectivity;
  readonly tokens: TokenSource;
  /** Every URL the engine fetched, in order. */
  readonly fetched: string[];
  settings: SyncSettings;
}

export interface StackOptions {
  readonly db?: OutpostDb;
  readonly store?: MirrorStore;
  readonly token?: string;
  readonly settings?: Partial<SyncSettings>;
  readonly sources?: boolean;
  readonly clock?: Clock;
  readonly sleep?: Sleep;
  readonly fetch?: typeof fetch;
  readonly budget?: number | null;
  readonly windowMs?: number;
}

export async function engineStack(server: RunningServer, options: StackOptions = {}): Promise<EngineStack> {
  const db = options.db ?? openFakeDatabase();
  const store = options.store ?? createDexieMirrorStore(db);
  const clock = options.clock ?? systemClock;
  const sleep = options.sleep ?? realSleep;
  const fetched: string[] = [];
  const baseFetch = options.fetch ?? fetch;
  const recordingFetch: typeof fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes('/api/v')) fetched.push(url);
    return baseFetch(input, init);
  };
  const tokens = createStaticTokenSource(options.token ?? server.token, clock);
  const connectivity = createConnectivity(true);
  const gate = createRequestGate({ clock, sleep, budget: options.budget ?? null, ...(options.windowMs ? { windowMs: options.windowMs } : {}) });
  const client = createApiClient({ baseUrl: server.url, getToken: () => tokens.getToken(), fetch: recordingFetch });
  // Quick retries: faults are injected often in these tests.
  const runner = createRequestRunner({
    client, gate, connectivity, clock, sleep, log: silentLogger, random: () => 0.5,
    backoff: { baseMs: 5, maxMs: 50 }, maxAttempts: 8,
    onUnauthorized: async () => false,
  });
  const stack: EngineStack = {
    db, store, gate, runner, connectivity, tokens, fetched,
    settings: { ...defaultSyncSettings('demo'), ...options.settings },
    engine: null as unknown as SyncEngine,
  };
  if (options.sources !== false) {
    for (const record of publishedSourceRecords(server.sources, new Date().toISOString())) await store.putSource(record);
  }
  (stack as { engine: SyncEngine }).engine = createSyncEngine({
    runner, connectivity, store, baseUrl: server.url, clock, sleep, log: silentLogger,
    settings: () => stack.settings,
    grantedScopes: async () => tokens.scopes(),
    random: () => 0.5,
    offlineBackoff: { baseMs: 50, maxMs: 200 },
  });
  return stack;
}

/** The rows of one scope as mirrored, by key. */
export async function mirroredRows(db: OutpostDb, state: Pick<ScopeState, 'endpoint' | 'scope'>): Promise<Map<string, Record<string, unknown>>> {
  const rows = await readScopeRows(db, state.scope);
  return new Map(rows.map((r) => [r.key, r.row]));
}

/**
 * The rows of one scope as the server holds them, by key, read through the catalogue's
 * schema as the client reads them (spellings of the same value are made one).
 */
export function serverRows(server: RunningServer, endpoint: EndpointId, params: Readonly<Record<string, string>>): Map<string, Record<string, unknown>> {
  const schema = resourceSchema(endpoint);
  return new Map(server.data.rows(endpoint, params).map((row) => [rowKey(endpoints[endpoint], row), schema.parse(row) as Record<string, unknown>]));
}

/** Whether the server refuses to list this scope (a data list of another type, a module without comments...). */
export function serverRefuses(server: RunningServer, state: Pick<ScopeState, 'endpoint' | 'params'>): boolean {
  try {
    server.data.rows(state.endpoint, state.params);
    return false;
  } catch {
    return true;
  }
}

/**
 * Problems no comparison can find: no scopes at all (an empty diff would prove nothing),
 * or a scope the client gave up as not available that the server does list.
 */
export function scopeProblems(server: RunningServer, states: readonly Pick<ScopeState, 'scope' | 'endpoint' | 'params' | 'status'>[]): string[] {
  if (states.length === 0) return ['no scopes to compare'];
  return states
    .filter((state) => state.status === 'not-available' && !serverRefuses(server, state))
    .map((state) => `${state.scope}: called not available, but the server lists it`);
}

/**
 * Differences between the mirror and the server, scope by scope (empty when equal).
 * Scopes not available or not permitted are not compared; the former must be ones the
 * server refuses.
 */
export async function mirrorDiff(
  server: RunningServer,
  db: OutpostDb,
  states: readonly Pick<ScopeState, 'scope' | 'endpoint' | 'params' | 'status'>[],
): Promise<string[]> {
  const problems: string[] = scopeProblems(server, states);
  for (const state of states) {
    if (state.status === 'not-available' || state.status === 'not-permitted') continue;
    const expected = serverRows(server, state.endpoint, state.params);
    const actual = await mirroredRows(db, state);
    for (const [key, row] of expected) {
      const mine = actual.get(key);
      if (!mine) problems.push(`${state.scope}: missing ${key}`);
      else if (!isDeepStrictEqual(mine, row)) problems.push(`${state.scope}: ${key} differs: ${JSON.stringify(mine)} vs ${JSON.stringify(row)}`);
    }
    for (const key of actual.keys()) if (!expected.has(key)) problems.push(`${state.scope}: extra ${key}`);
  }
  return problems;
}
