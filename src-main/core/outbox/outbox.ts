import { randomUUID } from 'node:crypto';
import {
  summarize,
  type ConfirmAction,
  type OutboxEditInput,
  type OutboxEntry,
  type OutboxStore,
  type OutboxSummary,
  type Row,
} from '../../../src-shared/outbox/index.js';
import type { Clock, Sleep } from '../clock.js';
import { createConnectivity, type Connectivity } from '../http/connectivity.js';
import { DEFAULT_BACKOFF, type BackoffOptions } from '../http/retry-timing.js';
import type { Logger } from '../logger.js';
import { createEditCommands, type QueueResult } from './edit-commands.js';
import { createMutex } from './mutex.js';
import type { OutboxApi } from './outbox-api.js';
import type { OutboxJournal } from './outbox-journal.js';
import { createOutboxLedger } from './outbox-ledger.js';
import { createOutboxReplay, type ReplayReport } from './outbox-replay.js';
import type { ResolveInput, ResolveStep } from './resolve-entry.js';

export type { QueueResult } from './edit-commands.js';
export type { ReplayReport } from './outbox-replay.js';

export interface OutboxOptions {
  readonly api: OutboxApi;
  /** The renderer's database (the store port over the bridge), or null while no window serves it. */
  readonly store: () => OutboxStore | null;
  readonly journal: OutboxJournal;
  readonly clock: Clock;
  readonly sleep: Sleep;
  readonly log: Logger;
  /** Shared with the sync engine: a network failure takes both offline, coming back wakes both. */
  readonly connectivity?: Connectivity;
  readonly newId?: () => string;
  /** Randomness of backoff jitter. */
  readonly random?: () => number;
  readonly backoff?: BackoffOptions;
  /** On a 401: resolve true when a fresh token was had (the edit is sent again at once). */
  readonly onUnauthorized?: () => Promise<boolean>;
  /** The outbox's counts changed (badge, status bar). */
  readonly onChange?: (summary: OutboxSummary) => void;
  /** The server refused an edit (4xx): it waits for the user. */
  readonly onRefused?: (entry: OutboxEntry) => void;
  /** The token was refused and no new one could be had: nothing is sent until `resume()`. */
  readonly onAuthNeeded?: () => void;
  /** Settled entries (sent, discarded) kept in the database for the Outbox view. */
  readonly keepSettled?: number;
}

/**
 * The outbox engine (main side). Edits are validated, journaled (fsync) and only then
 * written to the renderer's outbox table with their optimistic local copy; replay sends
 * them in order per target, coalescing unsent patches, remapping temporary ids, and
 * installing each server answer with still-pending edits re-applied on top. Its parts:
 * the ledger (journal and database), the replay, and the user's commands, one at a
 * time under one lock.
 */
export interface Outbox {
  /** Loads the journal, reconciles it with the database, and starts replaying. */
  start(): Promise<void>;
  /** Cancels the request in flight (a create in flight becomes uncertain) and stops replaying. */
  stop(): Promise<void>;
  /**
   * Makes the database agree with the journal: restores entries it lost, installs
   * server answers it missed, adopts unsent entries only it knows. Call when a window
   * starts serving the store.
   */
  reconcile(): Promise<void>;
  /** Validates and queues an edit (`base`: the copy the user edited); durable when it resolves `ok`. */
  queue(edit: OutboxEditInput, base?: Row | null): Promise<QueueResult>;
  /** The user's word on a conflict, a refused edit, or a sent patch's differences; the entry keeps its place. */
  resolve(id: string, input: ResolveInput): Promise<ResolveStep>;
  /** Sends what can be sent now; resolves when nothing more can go (see `ended`). */
  replay(): Promise<ReplayReport>;
  /** Sends a refused edit again (after the cause was fixed elsewhere), or a backing-off one now. */
  retry(id: string): Promise<void>;
  /** Drops an edit that was not sent (a create takes its post's later edits with it). Journaled first. */
  discard(id: string): Promise<void>;
  /** The user's word on an uncertain create; `mark-sent` may name the post's server id. */
  confirm(id: string, action: ConfirmAction, serverId?: string): Promise<void>;
  /** A new token is in place after `onAuthNeeded`: replay goes on. */
  resume(): void;
  entries(): OutboxEntry[];
  summary(): OutboxSummary;
  /** Whether the journal has been read (before that, `entries()` is not the whole story). */
  loaded(): boolean;
}

/** The outbox's parts: connectivity, the lock, the ledger, the replay and the user's commands. */
function createParts(options: OutboxOptions) {
  const connectivity = options.connectivity ?? createConnectivity(true);
  const lock = createMutex();
  const ledger = createOutboxLedger({
    journal: options.journal,
    store: options.store,
    clock: options.clock,
    log: options.log,
    keepSettled: options.keepSettled ?? 100,
    ...(options.onChange ? { onChange: options.onChange } : {}),
  });
  const replay = createOutboxReplay({
    ledger,
    store: options.store,
    lock,
    api: options.api,
    connectivity,
    clock: options.clock,
    sleep: options.sleep,
    log: options.log,
    random: options.random ?? Math.random,
    backoff: options.backoff ?? DEFAULT_BACKOFF,
    ...(options.onUnauthorized ? { onUnauthorized: options.onUnauthorized } : {}),
    ...(options.onRefused ? { onRefused: options.onRefused } : {}),
    ...(options.onAuthNeeded ? { onAuthNeeded: options.onAuthNeeded } : {}),
  });
  const commands = createEditCommands({ ledger, clock: options.clock, newId: options.newId ?? randomUUID });
  return { connectivity, lock, ledger, replay, commands };
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { connectivity, lock, ledger, replay, commands } = createParts(options);
  let unsubscribe: (() => void) | null = null;

  /** A user's command, under the lock, once the journal is loaded. */
  const command = <T>(run: () => Promise<T>): Promise<T> =>
    lock.run(async () => {
      if (!ledger.loaded()) await ledger.reconcile();
      return run();
    });

  return {
    async start() {
      replay.restart();
      unsubscribe ??= connectivity.onChange((online) => (online ? replay.kick() : replay.wakeUp()));
      await lock.run(ledger.reconcile);
      replay.kick();
    },

    async stop() {
      unsubscribe?.();
      unsubscribe = null;
      await replay.stop();
    },

    async reconcile() {
      await lock.run(ledger.reconcile);
      replay.kick();
    },

    async queue(input, base) {
      const result = await command(() => commands.queue(input, base));
      if (result.ok) replay.kick();
      return result;
    },

    async resolve(id, input) {
      const result = await command(() => commands.resolve(id, input));
      if (result.ok && result.entry.state === 'queued') {
        replay.wakeUp();
        replay.kick();
      }
      return result;
    },

    replay: () => replay.replay(),

    async retry(id) {
      await command(() => commands.retry(id));
      replay.wakeUp();
      replay.kick();
    },

    async discard(id) {
      await command(() => commands.discard(id));
    },

    async confirm(id, action, serverId) {
      await command(() => commands.confirm(id, action, serverId));
      replay.kick();
    },

    resume() {
      replay.resume();
      replay.kick();
    },

    entries: () => ledger.all(),
    summary: () => summarize(ledger.all()),
    loaded: () => ledger.loaded(),
  };
}
