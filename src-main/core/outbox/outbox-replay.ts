import { isUnsettled, nextSendable, type OutboxEntry, type OutboxStore, type SendBatch, type Target } from '../../../src-shared/outbox/index.js';
import { isAbort, wakeAndRenew } from '../abort.js';
import { isoAt, type Clock, type Sleep } from '../clock.js';
import type { Connectivity } from '../http/connectivity.js';
import { backoffDelay, type BackoffOptions } from '../http/retry-timing.js';
import type { Logger } from '../logger.js';
import { noteAnswerDifferences } from './answer-differences.js';
import { outcomeStep, type Outcome } from './batch-outcome.js';
import { conflictsInRun } from './conflict-check.js';
import type { Mutex } from './mutex.js';
import type { OutboxApi } from './outbox-api.js';
import type { OutboxLedger } from './outbox-ledger.js';
import { sendBatch } from './send-batch.js';

export interface ReplayReport {
  /** Requests that succeeded and failed during this replay. */
  readonly sent: number;
  readonly failed: number;
  /** Why it ended: nothing left to send, or what holds the rest back. */
  readonly ended: 'idle' | 'offline' | 'paused' | 'no-store' | 'stopped' | 'error';
}

export interface OutboxReplayOptions {
  readonly ledger: OutboxLedger;
  /** The renderer's database: its newest mirrored server copy of a target is checked for conflicts. */
  readonly store: () => OutboxStore | null;
  readonly lock: Mutex;
  readonly api: OutboxApi;
  readonly connectivity: Connectivity;
  readonly clock: Clock;
  readonly sleep: Sleep;
  readonly log: Logger;
  readonly random: () => number;
  readonly backoff: BackoffOptions;
  readonly onUnauthorized?: () => Promise<boolean>;
  readonly onRefused?: (entry: OutboxEntry) => void;
  readonly onAuthNeeded?: () => void;
}

/**
 * Sends the outbox's entries, one request at a time: begin (journal the batch as in
 * flight), send, finish (record the outcome), and the drain loop that repeats them
 * until nothing more can go.
 */
export interface OutboxReplay {
  /** Sends what can be sent now; one drain at a time (a second call joins the first). */
  replay(): Promise<ReplayReport>;
  /** Starts a drain unless stopped, paused, offline or not loaded yet. */
  kick(): void;
  /** Cuts a backoff wait short. */
  wakeUp(): void;
  /** Sends again after a pause for a token. */
  resume(): void;
  /** Replays may run again (after `stop`). */
  restart(): void;
  /** Cancels the request in flight and waits for the drain to end. */
  stop(): Promise<void>;
}

/** The replay's mutable state, shared by the steps below. */
interface ReplayState {
  readonly options: OutboxReplayOptions;
  /** Targets whose merged patch was refused: their edits go one per request to find the culprit. */
  readonly alone: Set<Target>;
  paused: boolean;
  stopped: boolean;
  draining: Promise<ReplayReport> | null;
  inFlight: AbortController | null;
  wake: AbortController;
}

/** Journals the next sendable batch as in flight (after marking conflicts); null when nothing can go. */
async function begin(s: ReplayState): Promise<SendBatch | null> {
  const { ledger, clock } = s.options;
  let batch = nextSendable(ledger.all(), s.alone);
  for (let stopped = await conflictsOf(s, batch); batch && stopped.length > 0; stopped = await conflictsOf(s, batch)) {
    await ledger.append(stopped);
    await ledger.storeAfter((store) => store.outboxPut({ entries: stopped }), []);
    ledger.notify();
    batch = nextSendable(ledger.all(), s.alone);
  }
  if (!batch) return null;
  const at = isoAt(clock);
  const sending = batch.entryIds.map((id) => ({ ...ledger.entryOf(id), state: 'sending' as const, updatedAt: at }));
  // Journaled as in flight before it leaves: after a crash a create is uncertain (never
  // re-sent without the user), a patch is sent again and says it may already be applied.
  await ledger.append(sending);
  const stored = await ledger.storeAfter((store) => store.outboxPut({ entries: sending }), []);
  if (!stored) {
    // No database to show progress in: put the entries back and stop (nothing left).
    await ledger.append(sending.map((e) => ({ ...e, state: 'queued' as const })));
    return null;
  }
  ledger.notify();
  return batch;
}

/** Entries of the batch that the newest mirrored server copy of their target puts in conflict. */
async function conflictsOf(s: ReplayState, batch: SendBatch | null): Promise<OutboxEntry[]> {
  const { ledger, clock } = s.options;
  const store = s.options.store();
  // Without a database nothing is sent either (marking the batch as sending fails next).
  if (!batch || !store) return [];
  const server = await store.outboxServerCopy(batch.target).catch(() => null);
  const run = ledger.all().filter((e) => e.target === batch.target && isUnsettled(e.state));
  return conflictsInRun(run, server, isoAt(clock)).filter((e) => batch.entryIds.includes(e.id));
}

/** Sends one batch, with its abort controller as the one in flight. */
async function send(s: ReplayState, batch: SendBatch): Promise<Outcome> {
  const controller = new AbortController();
  s.inFlight = controller;
  try {
    return await sendBatch(s.options, batch, controller.signal);
  } finally {
    s.inFlight = null;
  }
}

/** Records the outcome of a batch; says how long to wait before the next request, or whether the token was refused. */
async function finish(s: ReplayState, batch: SendBatch, outcome: Outcome): Promise<number | 'unauthorized' | null> {
  const { options } = s;
  const { ledger, clock, log } = options;
  const entries = batch.entryIds.map((id) => ledger.entryOf(id));
  const delay = (attempts: number) => backoffDelay(attempts, options.random(), options.backoff);
  const step = outcomeStep(entries, ledger.all(), outcome, isoAt(clock), delay);
  // What the server answered beyond base + patch is listed for the user, never dropped.
  const next = outcome.kind === 'sent' ? { ...step, entries: noteAnswerDifferences(step.entries, batch.edit, outcome.row) } : step;
  if (next.alone === true) s.alone.add(batch.target);
  if (next.alone === false) s.alone.delete(batch.target);
  const settle = next.settle;
  if (next.durable) await ledger.append(next.entries, settle ? new Map([[entries[0]!.id, settle.row]]) : new Map());
  else ledger.remember(next.entries);
  const stored = await ledger.storeAfter(
    (store) => (settle ? store.outboxSettle({ entries: next.entries, target: settle.target, row: settle.row }) : store.outboxPut({ entries: next.entries })),
    next.entries,
  );
  // The database has the answer now: the journal need not keep it.
  if (stored && settle) ledger.answerStored(entries[0]!.id);
  ledger.notify();
  if (next.refused) {
    log.info('outbox: the server refused an edit', { id: next.refused.id, error: next.refused.lastError });
    options.onRefused?.(next.refused);
  }
  return next.next;
}

/** After a 401, outside the lock: renewing a token is a request of its own. */
async function afterUnauthorized(s: ReplayState): Promise<void> {
  const options = s.options;
  const renewed = options.onUnauthorized ? await options.onUnauthorized().catch(() => false) : false;
  if (renewed) return;
  s.paused = true;
  options.onAuthNeeded?.();
}

/** Begins, sends and finishes batches until nothing more can go; reports why it ended. */
async function drain(s: ReplayState): Promise<ReplayReport> {
  const { ledger, lock, connectivity, log } = s.options;
  let sent = 0;
  let failed = 0;
  const report = (ended: ReplayReport['ended']): ReplayReport => ({ sent, failed, ended });
  try {
    for (;;) {
      if (s.stopped) return report('stopped');
      if (ledger.needsReconcile()) {
        await lock.run(ledger.reconcile);
        if (ledger.needsReconcile()) return report('no-store');
      }
      if (s.paused) return report('paused');
      if (!connectivity.online()) return report('offline');
      const batch = await lock.run(() => begin(s));
      if (!batch) return report(ledger.needsReconcile() ? 'no-store' : 'idle');
      const outcome = await send(s, batch);
      const wait = await lock.run(() => finish(s, batch, outcome));
      if (outcome.kind === 'sent') sent += 1;
      else failed += 1;
      await lock.run(ledger.maybeCompact);
      if (wait === 'unauthorized') await afterUnauthorized(s);
      else if (wait !== null && connectivity.online() && !s.stopped) {
        await s.options.sleep(wait, s.wake.signal).catch((error: unknown) => {
          if (!isAbort(error)) throw error;
        });
      }
    }
  } catch (error) {
    ledger.reconcileLater();
    log.error('outbox replay stopped', { error: String(error) });
    return report('error');
  }
}

export function createOutboxReplay(options: OutboxReplayOptions): OutboxReplay {
  const { ledger, connectivity } = options;
  const s: ReplayState = { options, alone: new Set<Target>(), paused: false, stopped: false, draining: null, inFlight: null, wake: new AbortController() };

  function replay(): Promise<ReplayReport> {
    s.draining ??= drain(s).finally(() => {
      s.draining = null;
    });
    return s.draining;
  }

  function wakeUp(): void {
    s.wake = wakeAndRenew(s.wake);
  }

  return {
    replay,
    kick() {
      if (!s.stopped && ledger.loaded() && !s.paused && connectivity.online()) void replay();
    },
    wakeUp,
    resume() {
      s.paused = false;
    },
    restart() {
      s.stopped = false;
    },
    async stop() {
      s.stopped = true;
      s.inFlight?.abort();
      wakeUp();
      await s.draining;
    },
  };
}
