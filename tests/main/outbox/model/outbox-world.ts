import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { createConnectivity, type Connectivity } from '../../../../src-main/core/http/connectivity.js';
import { silentLogger } from '../../../../src-main/core/logger.js';
import { createApiClient } from '../../../../src-main/core/http/api-client.js';
import { createHttpOutboxApi } from '../../../../src-main/core/outbox/http-outbox-api.js';
import { createJournalFiles } from '../../../../src-main/core/outbox/journal-files.js';
import { createOutbox, type Outbox } from '../../../../src-main/core/outbox/outbox.js';
import { createOutboxJournal, type OutboxJournal } from '../../../../src-main/core/outbox/outbox-journal.js';
import { startServer, type RunningServer } from '../../../../src-server/index.js';
import {
  createDexieOutboxStore,
  type OutboxEntry,
  type OutboxStore,
} from '../../../../src-shared/outbox/index.js';
import { openDatabase, type OutpostDb } from '../../../../src-shared/store/index.js';

/** Where a test can make the process die: right after the step named, or before it. */
export const CRASH_POINTS = ['journal-appended', 'before-store', 'after-store', 'request-sent'] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

/**
 * One-shot network faults: the server's fault switches, a refused connection, or a
 * token the server no longer takes (a real 401; the renewal then succeeds).
 */
export const NET_FAULTS = ['reset', 'truncate', 'throttle', 'error', 'refused', 'unauthorized'] as const;
export type NetFault = (typeof NET_FAULTS)[number];

export class Crash extends Error {
  override readonly name = 'Crash';
}

/** One running "process": dies at an armed point, after which every collaborator refuses. */
interface Life {
  dead: boolean;
  armed: CrashPoint | null;
}

export interface RequestRecord {
  /** The world's clock of events: requests and acknowledged discards are ordered by it. */
  readonly tick: number;
  readonly method: string;
  readonly path: string;
  readonly body: string;
  /** The answer's status, once it came (a body cut off later still counts: the server acted). */
  status: number | null;
}

function guard(life: Life): void {
  if (life.dead) throw new Crash('the process is dead');
}

/** Crashes that fired, by point, across every world (for the run's statistics). */
export const crashesFired = new Map<CrashPoint, number>();

/**
 * Text that makes the world refuse a write with 400, as a server refuses content it
 * finds invalid: the reference server takes every body the client's schemas accept, so
 * the world plays that part. An edit carrying it is one the user made in error.
 */
export const REFUSED_CONTENT = 'REFUSE';

function refusal(): Response {
  const body = { type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1', title: 'One or more validation errors occurred.', status: 400, errors: { title: ['The value is not accepted.'] } };
  return new Response(JSON.stringify(body), { status: 400, headers: { 'content-type': 'application/problem+json' } });
}

function fire(life: Life, point: CrashPoint): void {
  if (life.armed !== point) return;
  life.armed = null;
  life.dead = true;
  crashesFired.set(point, (crashesFired.get(point) ?? 0) + 1);
  throw new Crash(`died at ${point}`);
}

function refusedConnection(): Error {
  return new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
}

/**
 * The world of a model run: the reference server over real HTTP, a journal folder
 * and an IndexedDB that outlive "processes", and the process currently running.
 */
export async function createWorld() {
  const server: RunningServer = await startServer({ quiet: true, seed: 1 });
  // A RAM-backed folder where there is one: the model checks the engine's decisions, the
  // journal's own tests check the disk steps, and an fsync per step would dominate the run.
  const dataDir = await mkdtemp(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'outbox-model-'));
  let idb = new IDBFactory();
  let tick = 0;
  let netFault: NetFault | null = null;
  let offline = false;
  const requests: RequestRecord[] = [];
  /** The last journaled snapshot of every entry, across processes: what became of each edit. */
  const ledger = new Map<string, OutboxEntry>();
  /** Entries that were ever journaled in conflict: the user was shown them. */
  const conflicted = new Set<string>();
  /** Refusals the user was told of (`outbox.refused`), by entry id. */
  const refusals = new Map<string, number>();
  /** Creates that were ever uncertain (their entry journaled in that state), by entry id. */
  const uncertainCreates = new Set<string>();

  let life: Life = { dead: false, armed: null };
  let db: OutpostDb | null = null;
  let outbox: Outbox | null = null;
  let connectivity: Connectivity = createConnectivity(true);

  const fetchThrough = (current: Life): typeof fetch =>
    async (input, init) => {
      guard(current);
      if (offline) throw refusedConnection();
      const request = new Request(input, init);
      const fault = netFault;
      netFault = null;
      if (fault === 'refused') throw refusedConnection();
      if (fault === 'unauthorized') request.headers.set('authorization', 'Bearer no-longer-valid');
      if (fault === 'reset') server.faults.set({ resetRate: 1 });
      if (fault === 'truncate') server.faults.set({ truncateRate: 1 });
      if (fault === 'throttle') server.faults.set({ throttleBurst: 1, retryAfterSeconds: 2 });
      if (fault === 'error') server.faults.set({ errorRate: 1, retryAfterSeconds: 1 });
      const record: RequestRecord = {
        tick: ++tick,
        method: request.method,
        path: new URL(request.url).pathname,
        body: await request.clone().text(),
        status: null,
      };
      requests.push(record);
      try {
        if (request.method !== 'GET' && record.body.includes(REFUSED_CONTENT)) {
          record.status = 400;
          return refusal();
        }
        const response = await fetch(request);
        record.status = response.status;
        fire(current, 'request-sent');
        return response;
      } finally {
        if (fault) server.faults.reset();
      }
    };

  function journalOf(current: Life, inner: OutboxJournal): OutboxJournal {
    return {
      async load() {
        guard(current);
        return inner.load();
      },
      async append(items) {
        guard(current);
        await inner.append(items);
        for (const { entry } of items) {
          ledger.set(entry.id, entry);
          if (entry.state === 'uncertain' && entry.edit.kind === 'createPost') uncertainCreates.add(entry.id);
          if (entry.state === 'conflict') conflicted.add(entry.id);
        }
        fire(current, 'journal-appended');
      },
      async compact(items, seq) {
        guard(current);
        await inner.compact(items, seq);
      },
      appended: () => inner.appended(),
    };
  }

  function storeOf(current: Life, inner: OutboxStore): OutboxStore {
    const write =
      <A>(method: (arg: A) => Promise<void>) =>
      async (arg: A) => {
        guard(current);
        fire(current, 'before-store');
        await method(arg);
        fire(current, 'after-store');
      };
    return {
      async outboxList() {
        guard(current);
        return inner.outboxList();
      },
      outboxPut: write(inner.outboxPut),
      outboxSettle: write(inner.outboxSettle),
      outboxRemove: write(inner.outboxRemove),
      async outboxServerCopy(target) {
        guard(current);
        return inner.outboxServerCopy(target);
      },
    };
  }

  /** Starts a process on the same journal folder and IndexedDB (or a wiped one). */
  async function boot(options: { online: boolean; wipeDatabase?: boolean }): Promise<void> {
    if (options.wipeDatabase) idb = new IDBFactory();
    const current: Life = { dead: false, armed: null };
    life = current;
    db = openDatabase({ indexedDB: idb, IDBKeyRange });
    const store = storeOf(current, createDexieOutboxStore(db));
    connectivity = createConnectivity(options.online);
    outbox = createOutbox({
      api: createHttpOutboxApi({ client: createApiClient({ baseUrl: server.url, getToken: async () => server.token, fetch: fetchThrough(current) }) }),
      store: () => store,
      journal: journalOf(current, createOutboxJournal({ dataDir, files: createJournalFiles() })),
      clock: { now: () => Date.now() },
      sleep: async () => undefined,
      log: silentLogger,
      connectivity,
      random: () => 0.5,
      keepSettled: 100_000,
      // A refused token is renewed at once: the next request carries the valid one again.
      onUnauthorized: async () => true,
      onRefused: (entry) => {
        if (!current.dead) refusals.set(entry.id, (refusals.get(entry.id) ?? 0) + 1);
      },
    });
    await outbox.start();
  }

  /** Kills the running process (if it is still alive) without letting it finish anything. */
  async function kill(): Promise<void> {
    life.dead = true;
    const dying = outbox;
    outbox = null;
    await dying?.stop();
    db?.close();
    db = null;
  }

  return {
    server,
    requests,
    ledger,
    conflicted,
    refusals,
    uncertainCreates,
    get outbox(): Outbox | null {
      return life.dead ? null : outbox;
    },
    get alive(): boolean {
      return !life.dead && outbox !== null;
    },
    get db(): OutpostDb | null {
      return db;
    },
    nextTick: () => ++tick,
    boot,
    kill,
    arm(point: CrashPoint) {
      life.armed = point;
    },
    /** No more crashes or faults: the final drain runs on a healthy machine and network. */
    heal() {
      life.armed = null;
      netFault = null;
    },
    failNext(fault: NetFault) {
      netFault = fault;
    },
    setOnline(online: boolean) {
      offline = !online;
      if (online) connectivity.reachable(Date.now());
      else connectivity.unreachable();
    },
    /** Lets the running process send what it can, as a connection that stays up would. */
    async settle(online: boolean): Promise<void> {
      for (let round = 0; round < 6 && this.alive; round += 1) {
        if (online) connectivity.reachable(Date.now());
        const report = await outbox!.replay();
        if (report.ended !== 'offline' || !online) return;
      }
    },
    async close(): Promise<void> {
      await kill();
      server.faults.reset();
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type World = Awaited<ReturnType<typeof createWorld>>;
