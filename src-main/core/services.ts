import type { AppInfo, CommandHandlers, MainPeer, SyncStatus } from '../../src-shared/bridge/index.js';
import { outboxStoreOf } from '../../src-shared/outbox/index.js';
import type { MirrorStore, SourceRecord } from '../../src-shared/store/index.js';
import { createClientCredentialsSource, createStaticTokenSource, type TokenSource } from './auth/token-source.js';
import { isoAt, realSleep, systemClock, type Clock, type Sleep } from './clock.js';
import { startDemoServer, type DemoServer, type StartDemoServer } from './demo/demo-server.js';
import { createApiClient, type ApiClient } from './http/api-client.js';
import { createConnectivity } from './http/connectivity.js';
import { createRequestGate } from './http/request-gate.js';
import { AUTH_HOLD, createRequestRunner, type RequestRunner } from './http/request-runner.js';
import { silentLogger, type Logger } from './logger.js';
import { createHttpOutboxApi } from './outbox/http-outbox-api.js';
import { createJournalFiles } from './outbox/journal-files.js';
import { createOutbox, type Outbox } from './outbox/outbox.js';
import { countEvent, refusalEvent } from './outbox/outbox-events.js';
import { createOutboxHandlers } from './outbox/outbox-handlers.js';
import { createOutboxJournal } from './outbox/outbox-journal.js';
import { settingsPath, readSettings, writeSettings, type StoredSettings } from './settings/settings-file.js';
import { defaultSyncSettings, syncSettingsSchema } from './settings/sync-settings.js';
import { parseSourceInput } from './sources/parse-source-input.js';
import { publishedUserIds, rememberUsers, userIdOfInput } from './sources/known-users.js';
import { publishedSourceRecords } from './sources/published-sources.js';
import { createStatusReporter } from './status/status-reporter.js';
import { sourceScope } from './sync/scope-plan.js';
import { isPauseSignal } from './sync/scope-failure.js';
import { createSyncEngine, type EngineProgress, type SyncEngine } from './sync/sync-engine.js';

export type { Clock, Sleep } from './clock.js';
export type { Logger } from './logger.js';

/** Where the workspace is and how main authenticates to it. */
export type ConnectionConfig =
  | { kind: 'demo' }
  | { kind: 'token'; baseUrl: string; token: string }
  | { kind: 'client'; baseUrl: string; clientId: string; clientSecret: string; scopes: string[] };

export interface MainServicesOptions {
  connection: ConnectionConfig;
  shell: 'electron' | 'harness';
  /** A folder main may write its own files to (settings, the outbox journal). */
  dataDir: string;
  /** Never receives secrets. */
  log?: Logger;
  fetch?: typeof fetch;
  clock?: Clock;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Starts the embedded demo server (default: the reference server in-process). */
  startDemo?: StartDemoServer;
  /** The user gave a new token or client secret (`auth.update`): the shell keeps it in its vault. */
  onSecretsChanged?: (connection: ConnectionConfig) => void;
  /** Randomness of backoff jitter (tests pass a fixed one). */
  random?: () => number;
}

/**
 * Main's services behind the bridge: the token, the network and the sync engine. The
 * store lives in the renderer, so the engine writes only while a peer is attached;
 * without one it pauses.
 */
export interface MainServices {
  /** Every command of the bridge contract. */
  readonly handlers: CommandHandlers;
  /** A renderer connected: it serves the store and receives events. The newest one is written to. */
  attach(peer: MainPeer): void;
  detach(peer: MainPeer): void;
  /** Starts the demo server (demo mode), reads the settings, and begins scheduling. */
  start(): Promise<void>;
  /** Cancels requests in flight and stops the demo server. */
  stop(): Promise<void>;
  readonly info: () => AppInfo;
  /** Resolves when the attached engine has nothing running and nothing due (tests, benchmarks). */
  whenSettled(): Promise<void>;
}

const APP_VERSION = '0.1.0';

const noProgress: EngineProgress = { running: false, rowsMirrored: 0, rowsPerSecond: 0, lastSyncedAt: null, scopes: [] };

function codedError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

export function createMainServices(options: MainServicesOptions): MainServices {
  const log = options.log ?? silentLogger;
  const clock = options.clock ?? systemClock;
  const sleep: Sleep = options.sleep ?? realSleep;
  const fetchImpl = options.fetch;
  const mode: AppInfo['mode'] = options.connection.kind === 'demo' ? 'demo' : 'remote';
  let connection = options.connection;
  let baseUrl = connection.kind === 'demo' ? '' : connection.baseUrl.replace(/\/+$/, '');
  let demo: DemoServer | null = null;
  const file = settingsPath(options.dataDir);
  let stored: StoredSettings = { sync: defaultSyncSettings(mode), dismissedSources: [] };

  const connectivity = createConnectivity(true);
  let tokens: TokenSource | null = null;
  let client: ApiClient | null = null;
  let runner: RequestRunner | null = null;
  let authNeeded = false;
  let published: SourceRecord[] | null = null;
  /** The user ids the reference server publishes (the API cannot list users). */
  let publishedUsers: string[] = [];
  let focus: readonly string[] = [];

  const peers: MainPeer[] = [];
  let writer: { peer: MainPeer; engine: SyncEngine; ready: Promise<void> } | null = null;
  let lastProgress = noProgress;
  let started = false;
  let stopped = false;
  // Writer changes run one after another: the old engine stops before the next starts.
  let switching: Promise<void> = Promise.resolve();
  const switchWriter = (step: () => Promise<void>) => {
    switching = switching.then(step, step);
  };

  function buildStatus(): SyncStatus {
    const live = writer?.engine.progress();
    if (live) lastProgress = live;
    const progress = live ?? { ...lastProgress, running: false, rowsPerSecond: 0 };
    const held = authNeeded || !live;
    return {
      online: connectivity.online(),
      authNeeded,
      running: progress.running && !authNeeded,
      rowsMirrored: progress.rowsMirrored,
      rowsPerSecond: progress.rowsPerSecond,
      requestsUsed: gate.used(),
      requestBudget: gate.budget(),
      lastSyncedAt: progress.lastSyncedAt,
      scopes: progress.scopes.map((s) => (held && s.status === 'syncing' ? { ...s, status: 'paused' } : s)),
    };
  }

  const reporter = createStatusReporter({
    build: buildStatus,
    emit: (status) => {
      for (const peer of peers) peer.emit('sync.status', status);
    },
  });
  const gate = createRequestGate({ clock, sleep, budget: null, onChange: () => reporter.changed() });
  connectivity.onChange(() => reporter.changed());

  // Edits are main's: journaled here before the renderer's database sees them, so a
  // cleared IndexedDB loses none. Writes share the request gate (budget, Retry-After).
  const outbox: Outbox = createOutbox({
    api: createHttpOutboxApi({
      baseUrl: () => baseUrl,
      getToken: (signal) => {
        if (!tokens) return Promise.reject(codedError('NotStarted', 'not connected yet'));
        return tokens.getToken(signal);
      },
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
      now: () => clock.now(),
      gate,
    }),
    store: () => (writer ? outboxStoreOf(writer.peer.store) : null),
    journal: createOutboxJournal({ dataDir: options.dataDir, files: createJournalFiles() }),
    clock,
    sleep,
    log,
    connectivity,
    ...(options.random ? { random: options.random } : {}),
    onUnauthorized: async () => (tokens ? tokens.renew().catch(() => false) : false),
    onChange: (summary) => {
      for (const peer of peers) peer.emit('outbox.count', countEvent(summary));
    },
    onRefused: (entry) => {
      for (const peer of peers) peer.emit('outbox.refused', refusalEvent(entry));
    },
    onAuthNeeded: () => {
      if (authNeeded) return;
      authNeeded = true;
      notice('warning', 'The workspace refused the access token: enter a new one to send queued edits.');
      reporter.changed();
    },
  });

  function notice(level: 'info' | 'warning' | 'error', message: string): void {
    for (const peer of peers) peer.emit('notice', { level, message });
  }

  function requireEngine(): SyncEngine {
    if (!writer) throw codedError('NoWindow', 'no window is open to store the mirror');
    return writer.engine;
  }

  async function grantedScopes(): Promise<readonly string[] | null> {
    if (!tokens) return null;
    try {
      await tokens.getToken();
    } catch {
      // Unknown until a token is had: the server's 403s will tell.
    }
    return tokens.scopes();
  }

  async function publishedSources(): Promise<SourceRecord[]> {
    if (published) return published;
    if (!client) return [];
    // A reference server publishes its roots; a real tenant answers 404. One attempt, no retries.
    const api = client;
    try {
      const body = await gate.run(() => api.getJson(`${baseUrl}/demo/sources`));
      connectivity.reachable(clock.now());
      published = publishedSourceRecords(body, isoAt(clock));
      publishedUsers = publishedUserIds(body);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'network' || code === 'timeout') {
        connectivity.unreachable();
        return [];
      }
      published = [];
    }
    return published;
  }

  async function seedSources(store: MirrorStore): Promise<void> {
    const records = await publishedSources();
    await rememberUsers(store, publishedUsers);
    if (records.length === 0) return;
    const existing = new Set((await store.getSources()).map((s) => s.id));
    for (const record of records) {
      if (!existing.has(record.id) && !stored.dismissedSources.includes(record.id)) await store.putSource(record);
    }
  }

  function startEngine(peer: MainPeer): void {
    if (!runner) return;
    const engine = createSyncEngine({
      runner,
      connectivity,
      store: peer.store,
      baseUrl,
      clock,
      sleep,
      log,
      settings: () => stored.sync,
      grantedScopes,
      onChange: () => reporter.changed(),
      ...(options.random ? { random: options.random } : {}),
    });
    const ready = (async () => {
      try {
        await seedSources(peer.store);
        if (writer?.engine !== engine) return;
        await engine.start();
        engine.focus(focus);
      } catch (error) {
        if (!isPauseSignal(error)) log.error('sync engine did not start', { message: (error as Error).message });
      }
      reporter.changed();
    })();
    writer = { peer, engine, ready };
    // The window's database may have lost entries (cleared, or a new profile): the journal restores them.
    void outbox.reconcile().then(
      () => outbox.replay(),
      (error: unknown) => {
        if (!isPauseSignal(error)) log.error('outbox reconcile failed', { message: (error as Error).message });
      },
    );
  }

  async function stopEngine(): Promise<void> {
    const current = writer;
    writer = null;
    if (!current) return;
    await current.engine.stop();
    reporter.changed();
  }

  async function saveSettings(next: StoredSettings): Promise<void> {
    stored = next;
    await writeSettings(file, next);
  }

  /** A window that (re)opens must learn at once whether the workspace is reachable. */
  function probeSoon(): void {
    if (!runner) return;
    void runner.probe().then(() => reporter.changed(), () => undefined);
  }

  const handlers: CommandHandlers = {
    ...createOutboxHandlers(outbox),
    'app.info': () => info(),
    'sync.now': ({ scopes, full }) => {
      if (!writer) return { started: false };
      const startedNow = writer.engine.syncNow({ ...(scopes ? { scopes } : {}), ...(full ? { full } : {}) });
      return { started: startedNow };
    },
    'sync.status': () => buildStatus(),
    'sync.focus': ({ scopes }) => {
      focus = scopes;
      writer?.engine.focus(scopes);
      return { ok: true };
    },
    'sources.add': async ({ kind, input }) => {
      const parsed = parseSourceInput(kind, input);
      const id = sourceScope(parsed.kind, parsed.params).scope;
      const engine = requireEngine();
      await engine.addSource({ id, kind: parsed.kind, params: parsed.params, label: null, addedAt: isoAt(clock) });
      if (stored.dismissedSources.includes(id)) {
        await saveSettings({ ...stored, dismissedSources: stored.dismissedSources.filter((d) => d !== id) });
      }
      return { id };
    },
    'sources.remove': async ({ id }) => {
      const removed = await requireEngine().removeSource(id);
      if (published?.some((p) => p.id === id) && !stored.dismissedSources.includes(id)) {
        await saveSettings({ ...stored, dismissedSources: [...stored.dismissedSources, id] });
      }
      return { removed };
    },
    'settings.get': () => stored.sync,
    'settings.set': async (patch) => {
      const sync = syncSettingsSchema.parse({ ...stored.sync, ...patch });
      await saveSettings({ ...stored, sync });
      gate.setBudget(sync.requestBudgetPerMinute);
      writer?.engine.replan();
      reporter.changed();
      return sync;
    },
    'auth.update': async ({ token, clientSecret }) => {
      if (!tokens || (!token && !clientSecret)) return { accepted: false };
      if (token && connection.kind === 'token') connection = { ...connection, token };
      else if (clientSecret && connection.kind === 'client') connection = { ...connection, clientSecret };
      else return { accepted: false };
      tokens.update({ ...(token ? { token } : {}), ...(clientSecret ? { clientSecret } : {}) });
      options.onSecretsChanged?.(connection);
      authNeeded = false;
      gate.hold(AUTH_HOLD, false);
      await writer?.engine.recheckPermissions();
      outbox.resume();
      reporter.changed();
      return { accepted: true };
    },
    'users.add': async ({ input }) => {
      const userId = userIdOfInput(input);
      if (!userId) throw codedError('Invalid', 'paste one user id (a guid) or a link that contains exactly one');
      const peer = writer?.peer ?? peers.at(-1);
      if (!peer) throw codedError('NoWindow', 'no window is open to store the user');
      return { userId, added: (await rememberUsers(peer.store, [userId])) > 0 };
    },
    'participation.refresh': async (ref) => {
      const row = await requireEngine().refreshParticipation(ref);
      return { found: row !== null };
    },
  };

  function info(): AppInfo {
    let workspaceName = 'Demo workspace';
    if (mode === 'remote') {
      try {
        workspaceName = new URL(baseUrl).host;
      } catch {
        workspaceName = baseUrl;
      }
    }
    return { mode, workspaceName, baseUrl, version: APP_VERSION, shell: options.shell };
  }

  return {
    handlers,
    info,

    attach(peer) {
      if (!peers.includes(peer)) peers.push(peer);
      peer.emit('sync.status', buildStatus());
      if (!started || stopped) return;
      probeSoon();
      switchWriter(async () => {
        await stopEngine();
        if (!stopped && peers.at(-1) === peer && !writer) startEngine(peer);
      });
    },

    detach(peer) {
      const index = peers.indexOf(peer);
      if (index >= 0) peers.splice(index, 1);
      if (writer?.peer !== peer) return;
      switchWriter(async () => {
        await stopEngine();
        const next = peers.at(-1);
        if (!stopped && next && !writer) startEngine(next);
      });
    },

    async start() {
      if (started) return;
      if (connection.kind === 'demo') {
        demo = await (options.startDemo ?? startDemoServer)();
        baseUrl = demo.url.replace(/\/+$/, '');
        published = publishedSourceRecords(demo.sources, isoAt(clock));
        publishedUsers = publishedUserIds(demo.sources);
      }
      stored = await readSettings(file, defaultSyncSettings(mode), log);
      gate.setBudget(stored.sync.requestBudgetPerMinute);
      const api = createApiClient({
        baseUrl,
        getToken: (signal) => tokens!.getToken(signal),
        ...(fetchImpl ? { fetch: fetchImpl } : {}),
        now: () => clock.now(),
      });
      client = api;
      tokens =
        connection.kind === 'client'
          ? createClientCredentialsSource(connection, { client: api, clock, onTokenRequest: () => gate.note() })
          : createStaticTokenSource(connection.kind === 'token' ? connection.token : demo!.token, clock, baseUrl);
      const source = tokens;
      runner = createRequestRunner({
        client: api,
        gate,
        connectivity,
        clock,
        sleep,
        log,
        ...(options.random ? { random: options.random } : {}),
        onUnauthorized: async () => {
          const renewed = await source.renew().catch(() => false);
          if (!renewed && !authNeeded) {
            authNeeded = true;
            log.warn('the workspace refused the token; waiting for a new one');
            notice('warning', 'The workspace refused the access token: enter a new one to continue syncing.');
            reporter.changed();
          }
          return renewed;
        },
        onRateLimited: () => reporter.changed(),
      });
      started = true;
      await outbox.start();
      const peer = peers.at(-1);
      if (peer) startEngine(peer);
      log.info('main services started', { mode, baseUrl });
    },

    async stop() {
      stopped = true;
      reporter.close();
      await outbox.stop();
      await switching;
      await stopEngine();
      await demo?.close();
      demo = null;
    },

    async whenSettled() {
      await switching;
      const current = writer;
      if (!current) return;
      await current.ready;
      await current.engine.whenSettled();
    },
  };
}
