import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDexieOutboxStore, type OutboxStore } from '../../../../src-shared/outbox/index.js';
import { createDexieMirrorStore, type MirrorStore, type OutpostDb, type ScopeState } from '../../../../src-shared/store/index.js';
import { createStaticTokenSource, type TokenSource } from '../../../../src-main/core/auth/token-source.js';
import { realSleep, systemClock, type Clock, type Sleep } from '../../../../src-main/core/clock.js';
import { createApiClient } from '../../../../src-main/core/http/api-client.js';
import { createConnectivity, type Connectivity } from '../../../../src-main/core/http/connectivity.js';
import { createRequestGate, type RequestGate } from '../../../../src-main/core/http/request-gate.js';
import { AUTH_HOLD, createRequestRunner, type RequestRunner } from '../../../../src-main/core/http/request-runner.js';
import type { BackoffOptions } from '../../../../src-main/core/http/retry-timing.js';
import { createHttpOutboxApi } from '../../../../src-main/core/outbox/http-outbox-api.js';
import { createJournalFiles } from '../../../../src-main/core/outbox/journal-files.js';
import { createOutbox, type Outbox, type OutboxOptions } from '../../../../src-main/core/outbox/outbox.js';
import { createOutboxJournal } from '../../../../src-main/core/outbox/outbox-journal.js';
import { defaultSyncSettings, type SyncSettings } from '../../../../src-main/core/settings/sync-settings.js';
import { publishedSourceRecords } from '../../../../src-main/core/sources/published-sources.js';
import { createSyncEngine, type SyncEngine } from '../../../../src-main/core/sync/sync-engine.js';
import { startServer, type RunningServer, type ServerOptions } from '../../../../src-server/index.js';
import { openFakeDatabase } from '../../../helpers/fake-db.js';
import { startFaultProxy, type FaultProxy } from './fault-proxy.js';
import { recordingLog } from './recording-log.js';

/**
 * The main side as the app composes it (token, request gate and runner, sync engine,
 * outbox on a journal), talking through a fault proxy to the reference server, and
 * writing to the real Dexie store on fake-indexeddb. Time, timeouts and backoff are
 * options so a scenario runs in milliseconds.
 */
export interface Rig {
  readonly server: RunningServer;
  readonly proxy: FaultProxy;
  readonly db: OutpostDb;
  readonly store: MirrorStore;
  readonly outboxStore: OutboxStore;
  readonly engine: SyncEngine;
  readonly outbox: Outbox;
  readonly gate: RequestGate;
  readonly runner: RequestRunner;
  readonly connectivity: Connectivity;
  readonly tokens: TokenSource;
  readonly log: ReturnType<typeof recordingLog>;
  readonly dataDir: string;
  settings: SyncSettings;
  /** Times the token was refused with no new one to be had (the user is asked). */
  authNeeded: number;
}

export interface RigOptions {
  readonly server?: ServerOptions;
  /** Reuse a running server (a restart of the app against the same workspace). */
  readonly running?: { server: RunningServer; proxy: FaultProxy };
  readonly db?: OutpostDb;
  readonly dataDir?: string;
  readonly wrapStore?: (store: MirrorStore) => MirrorStore;
  readonly wrapOutboxStore?: (store: OutboxStore) => OutboxStore;
  readonly settings?: Partial<SyncSettings>;
  /** Also mirror the roots the demo server publishes (data lists, calendars...). */
  readonly sources?: boolean;
  readonly clock?: Clock;
  readonly sleep?: Sleep;
  readonly timeoutMs?: number;
  readonly backoff?: BackoffOptions;
  readonly maxAttempts?: number;
  readonly budget?: number | null;
  readonly windowMs?: number;
  readonly token?: string;
  readonly outbox?: Partial<OutboxOptions>;
}

const cleanups: (() => Promise<void>)[] = [];

/** Stops every rig, server and folder made since the last call (an afterEach hook). */
export async function closeRigs(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
}

/** Registers something to undo in {@link closeRigs}. */
export function onClose(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup);
}

export async function startWorkspace(options: ServerOptions = {}): Promise<{ server: RunningServer; proxy: FaultProxy }> {
  const server = await startServer({ port: 0, quiet: true, scale: 'demo', seed: 1, ...options });
  const proxy = await startFaultProxy(server.url);
  onClose(() => server.close());
  onClose(() => proxy.close());
  return { server, proxy };
}

export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'outpost-reliability-'));
  onClose(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

export async function startRig(options: RigOptions = {}): Promise<Rig> {
  const { server, proxy } = options.running ?? (await startWorkspace(options.server));
  const db = options.db ?? openFakeDatabase();
  const dataDir = options.dataDir ?? (await tempDir());
  const clock = options.clock ?? systemClock;
  const sleep = options.sleep ?? realSleep;
  const log = recordingLog();
  const base = createDexieMirrorStore(db);
  const store = options.wrapStore ? options.wrapStore(base) : base;
  const outboxBase = createDexieOutboxStore(db);
  const outboxStore = options.wrapOutboxStore ? options.wrapOutboxStore(outboxBase) : outboxBase;
  const tokens = createStaticTokenSource(options.token ?? server.token, clock, proxy.url);
  const connectivity = createConnectivity(true);
  const gate = createRequestGate({ clock, sleep, budget: options.budget ?? null, ...(options.windowMs ? { windowMs: options.windowMs } : {}) });
  const client = createApiClient({
    baseUrl: proxy.url,
    getToken: (signal) => tokens.getToken(signal),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    now: () => clock.now(),
  });

  const rig = {
    server, proxy, db, store, outboxStore, gate, connectivity, tokens, log, dataDir,
    settings: { ...defaultSyncSettings('remote'), requestBudgetPerMinute: options.budget ?? null, ...options.settings },
    authNeeded: 0,
  } as Rig & { engine: SyncEngine; outbox: Outbox; runner: RequestRunner };

  // One renewal at a time, as main's services do it: a refusal that cannot be renewed holds everything.
  const onUnauthorized = async (): Promise<boolean> => {
    const renewed = await tokens.renew().catch(() => false);
    if (!renewed) {
      rig.authNeeded += 1;
      gate.hold(AUTH_HOLD, true);
      log.warn('the workspace refused the token; waiting for a new one');
    }
    return renewed;
  };

  rig.runner = createRequestRunner({
    client, gate, connectivity, clock, sleep, log, random: () => 0.5,
    backoff: options.backoff ?? { baseMs: 5, maxMs: 50 },
    maxAttempts: options.maxAttempts ?? 5,
    onUnauthorized,
  });
  if (options.sources) {
    for (const record of publishedSourceRecords(server.sources, new Date(clock.now()).toISOString())) await store.putSource(record);
  }
  rig.engine = createSyncEngine({
    runner: rig.runner, connectivity, store, baseUrl: proxy.url, clock, sleep, log,
    settings: () => rig.settings,
    grantedScopes: async () => tokens.scopes(),
    random: () => 0.5,
  });
  rig.outbox = createOutbox({
    api: createHttpOutboxApi({ client, gate, now: () => clock.now() }),
    store: () => outboxStore,
    journal: createOutboxJournal({ dataDir, files: createJournalFiles() }),
    clock, sleep, log, connectivity,
    random: () => 0.5,
    backoff: options.backoff ?? { baseMs: 5, maxMs: 50 },
    onUnauthorized,
    ...options.outbox,
  });
  onClose(async () => {
    await rig.engine.stop();
    await rig.outbox.stop();
  });
  return rig;
}

// The mirror is compared with the server as the engine's own tests compare it.
export { mirrorDiff, mirroredRows, serverRows } from '../../helpers/engine-stack.js';

/** Runs the engine until nothing is due, then stops it. */
export async function syncOnce(rig: Pick<Rig, 'engine'>): Promise<ScopeState[]> {
  await rig.engine.start();
  await rig.engine.whenSettled();
  return rig.engine.states();
}
