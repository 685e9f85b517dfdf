import { randomUUID } from 'node:crypto';
import { isGuid, type CreatePostBody } from '../../../src-shared/api/index.js';
import {
  bySeq,
  isTemporaryId,
  isUnsettled,
  localPostOf,
  nextSendable,
  postTarget,
  remapTemporaryIds,
  summarize,
  targetOf,
  temporaryIdOf,
  validateEdit,
  type ConfirmAction,
  type FieldError,
  type OutboxEditInput,
  type OutboxEntry,
  type OutboxStore,
  type OutboxSummary,
  type Row,
  type SendBatch,
  type Target,
} from '../../../src-shared/outbox/index.js';
import { isAbort } from '../abort.js';
import { isoAt, type Clock, type Sleep } from '../clock.js';
import { createConnectivity, type Connectivity } from '../http/connectivity.js';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from '../http/retry-timing.js';
import type { Logger } from '../logger.js';
import { noteAnswerDifferences } from './answer-differences.js';
import { outcomeStep, type Outcome } from './batch-outcome.js';
import { conflictsInRun } from './conflict-check.js';
import { createMutex } from './mutex.js';
import type { OutboxApi } from './outbox-api.js';
import { OutboxCommandError } from './outbox-command-error.js';
import type { JournalItem, OutboxJournal } from './outbox-journal.js';
import { OutboxSendError, type SendFailure } from './outbox-send-error.js';
import { afterRestart, planReconcile } from './reconcile-plan.js';
import { resolveStep, type ResolveInput, type ResolveStep } from './resolve-entry.js';

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

export type QueueResult =
  | { readonly ok: true; readonly id: string; readonly target: Target; readonly tempId?: string }
  | { readonly ok: false; readonly errors: readonly FieldError[] };

export interface ReplayReport {
  /** Requests that succeeded and failed during this replay. */
  readonly sent: number;
  readonly failed: number;
  /** Why it ended: nothing left to send, or what holds the rest back. */
  readonly ended: 'idle' | 'offline' | 'paused' | 'no-store' | 'stopped' | 'error';
}

/**
 * The outbox engine (main side). Edits are validated, journaled (fsync) and only then
 * written to the renderer's outbox table with their optimistic local copy; replay sends
 * them in order per target, coalescing unsent patches, remapping temporary ids, and
 * installing each server answer with still-pending edits re-applied on top.
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
}

const COMPACT_AFTER = 200;

function unexpectedFailure(error: unknown): SendFailure {
  return {
    code: 'network',
    status: null,
    message: error instanceof Error ? error.message : String(error),
    retryAfterMs: null,
    fields: [],
    mayHaveReached: true,
  };
}

export function createOutbox(options: OutboxOptions): Outbox {
  const { api, journal, clock, sleep, log } = options;
  const connectivity = options.connectivity ?? createConnectivity(true);
  const newId = options.newId ?? randomUUID;
  const random = options.random ?? Math.random;
  const backoff = options.backoff ?? DEFAULT_BACKOFF;
  const keepSettled = options.keepSettled ?? 100;
  const lock = createMutex();

  const items = new Map<string, JournalItem>();
  /** Settled entries whose settled state the database has: the journal may forget them. */
  const acked = new Set<string>();
  /** Targets whose merged patch was refused: their edits go one per request to find the culprit. */
  const alone = new Set<Target>();
  let seq = 0;
  let loaded = false;
  let needsReconcile = true;
  let paused = false;
  let stopped = false;
  let draining: Promise<ReplayReport> | null = null;
  let inFlight: AbortController | null = null;
  let wake = new AbortController();
  let unsubscribe: (() => void) | null = null;

  const now = () => isoAt(clock);
  const all = () => bySeq([...items.values()].map((item) => item.entry));
  const notify = () => options.onChange?.(summarize(all()));

  function set(entries: readonly OutboxEntry[], serverRows: ReadonlyMap<string, Row> = new Map()): JournalItem[] {
    return entries.map((entry) => {
      const serverRow = serverRows.get(entry.id);
      const item: JournalItem = serverRow ? { entry, serverRow } : { entry };
      items.set(entry.id, item);
      return item;
    });
  }

  /** Journals first; on failure the file is rewritten from memory, since a failed fsync may still have written. */
  async function journalFirst(entries: readonly OutboxEntry[], serverRows: ReadonlyMap<string, Row> = new Map()): Promise<void> {
    const records = entries.map((entry) => {
      const serverRow = serverRows.get(entry.id);
      return serverRow ? { entry, serverRow } : { entry };
    });
    try {
      await journal.append(records);
    } catch (error) {
      await journal.compact([...items.values()], seq).catch((repair: unknown) => {
        log.error('outbox journal could not be repaired', { error: String(repair) });
      });
      throw error;
    }
    set(entries, serverRows);
  }

  function requireStore(): OutboxStore {
    const store = options.store();
    if (!store) throw new OutboxCommandError('NotReady', 'no window is open to store the outbox');
    return store;
  }

  /** Database writes after the journal: a failure loses nothing, the next reconcile repairs it. */
  async function storeAfter(write: (store: OutboxStore) => Promise<void>, settled: readonly OutboxEntry[]): Promise<boolean> {
    try {
      await write(requireStore());
      for (const entry of settled) if (!isUnsettled(entry.state)) acked.add(entry.id);
      return true;
    } catch (error) {
      needsReconcile = true;
      log.warn('outbox: the database write failed; it will be repeated', { error: String(error) });
      return false;
    }
  }

  function entryOf(id: string): OutboxEntry {
    const entry = items.get(id)?.entry;
    if (!entry) throw new OutboxCommandError('NotFound', `no outbox entry ${id}`, id);
    return entry;
  }

  /** Rewrites the journal without the entries the database holds as settled; memory follows. */
  async function compact(): Promise<void> {
    const entries = all();
    // The newest sent creates stay, so an edit of a post still shown under its temporary id finds its server id.
    const recentCreates = new Set(
      entries
        .filter((e) => e.edit.kind === 'createPost' && e.state === 'sent' && e.serverId)
        .slice(-50)
        .map((e) => e.id),
    );
    const keep: JournalItem[] = [];
    for (const entry of entries) {
      if (isUnsettled(entry.state) || !acked.has(entry.id)) keep.push(items.get(entry.id)!);
      else if (recentCreates.has(entry.id)) keep.push({ entry });
    }
    await journal.compact(keep, seq);
    items.clear();
    for (const item of keep) items.set(item.entry.id, item);
  }

  async function maybeCompact(): Promise<void> {
    if (journal.appended() < COMPACT_AFTER + items.size) return;
    await compact().catch((error: unknown) => log.warn('outbox journal compaction failed', { error: String(error) }));
  }

  async function loadJournal(): Promise<void> {
    const state = await journal.load();
    if (state.dropped > 0) log.warn('outbox journal: unreadable records dropped', { dropped: state.dropped });
    items.clear();
    for (const [id, item] of state.items) items.set(id, item);
    seq = state.seq;
    const at = now();
    const fixes = all()
      .map((entry) => afterRestart(entry, at))
      .filter((e): e is OutboxEntry => e !== null);
    if (fixes.length > 0) await journalFirst(fixes);
    const remapped = remapChanged(all());
    if (remapped.length > 0) await journalFirst(remapped);
    loaded = true;
  }

  /** Entries whose post has a server id by now (from sent creates), remapped. */
  function remapChanged(entries: readonly OutboxEntry[], ids?: ReadonlyMap<string, string>): OutboxEntry[] {
    const map = ids ?? new Map(entries.flatMap((e) => (e.edit.kind === 'createPost' && e.state === 'sent' && e.serverId ? [[e.edit.tempId, e.serverId] as const] : [])));
    const at = now();
    const next = remapTemporaryIds(entries, map);
    return next.filter((entry, i) => entry !== entries[i]).map((entry) => ({ ...entry, updatedAt: at }));
  }

  async function reconcileLocked(): Promise<void> {
    if (!loaded) await loadJournal();
    const store = options.store();
    let stored: OutboxEntry[];
    try {
      if (!store) throw new OutboxCommandError('NotReady', 'no window is open to store the outbox');
      stored = await store.outboxList();
    } catch (error) {
      needsReconcile = true;
      log.debug('outbox: no database to reconcile with yet', { error: String(error) });
      notify();
      return;
    }
    const plan = planReconcile([...items.values()], stored, now());
    if (plan.adopt.length > 0) {
      log.warn('outbox: unsent edits found only in the database were adopted into the journal', { count: plan.adopt.length });
      await journalFirst(plan.adopt);
    }
    seq = stored.reduce((max, e) => Math.max(max, e.seq), seq);
    if (plan.put.length > 0 || plan.adopt.length > 0) await store.outboxPut({ entries: [...plan.put, ...plan.adopt] });
    for (const item of plan.settle) {
      const { entry } = item;
      const target = entry.edit.kind === 'createPost' && entry.serverId ? postTarget(entry.edit.moduleId, entry.serverId) : entry.target;
      await store.outboxSettle({ entries: [entry], target, row: item.serverRow! });
    }
    for (const entry of all()) if (!isUnsettled(entry.state)) acked.add(entry.id);
    // The Outbox view shows recent history; older settled entries are forgotten.
    const settled = bySeq([...new Map([...stored, ...all()].filter((e) => !isUnsettled(e.state)).map((e) => [e.id, e])).values()]);
    if (settled.length > keepSettled) await store.outboxRemove(settled.slice(0, settled.length - keepSettled).map((e) => e.id));
    needsReconcile = false;
    await compact();
    notify();
  }

  // ---- replay -------------------------------------------------------------------

  async function begin(): Promise<SendBatch | null> {
    let batch = nextSendable(all(), alone);
    for (let stopped = await conflictsOf(batch); batch && stopped.length > 0; stopped = await conflictsOf(batch)) {
      await journalFirst(stopped);
      await storeAfter((store) => store.outboxPut({ entries: stopped }), []);
      notify();
      batch = nextSendable(all(), alone);
    }
    if (!batch) return null;
    const at = now();
    const sending = batch.entryIds.map((id) => ({ ...entryOf(id), state: 'sending' as const, updatedAt: at }));
    // Journaled as in flight before it leaves: after a crash a create is uncertain (never
    // re-sent without the user), a patch is sent again and says it may already be applied.
    await journalFirst(sending);
    const stored = await storeAfter((store) => store.outboxPut({ entries: sending }), []);
    if (!stored) {
      // No database to show progress in: put the entries back and stop (nothing left).
      await journalFirst(sending.map((e) => ({ ...e, state: 'queued' as const })));
      return null;
    }
    notify();
    return batch;
  }

  /** Entries of the batch that the newest mirrored server copy of their target puts in conflict. */
  async function conflictsOf(batch: SendBatch | null): Promise<OutboxEntry[]> {
    if (!batch) return [];
    // Without a database nothing is sent either (marking the batch as sending fails next).
    const server = await requireStore().outboxServerCopy(batch.target).catch(() => null);
    return conflictsInRun(unsettledOfTarget(batch.target), server, now()).filter((e) => batch.entryIds.includes(e.id));
  }

  async function send(batch: SendBatch): Promise<Outcome> {
    const controller = new AbortController();
    inFlight = controller;
    const { edit } = batch;
    try {
      let row: Row;
      if (edit.kind === 'createPost') row = await api.createPost(edit.moduleId, edit.body as CreatePostBody, controller.signal);
      else if (edit.kind === 'patchPost') row = await api.patchPost(edit.moduleId, edit.contentId, edit.ops, controller.signal);
      else row = await api.patchUser(edit.userId, edit.ops, controller.signal);
      connectivity.reachable(clock.now());
      return { kind: 'sent', row };
    } catch (error) {
      if (isAbort(error)) return { kind: 'aborted' };
      const failure = error instanceof OutboxSendError ? error.failure : unexpectedFailure(error);
      if (failure.status === null && (failure.code === 'network' || failure.code === 'timeout')) connectivity.unreachable();
      else connectivity.reachable(clock.now());
      return { kind: 'failed', failure };
    } finally {
      inFlight = null;
    }
  }

  /** Records the outcome of a batch; says how long to wait before the next request, or whether the token was refused. */
  async function finish(batch: SendBatch, outcome: Outcome): Promise<number | 'unauthorized' | null> {
    const entries = batch.entryIds.map(entryOf);
    const step = outcomeStep(entries, all(), outcome, now(), (attempts) => backoffDelay(attempts, random(), backoff));
    const next = outcome.kind === 'sent' ? { ...step, entries: noteAnswerDifferences(step.entries, batch.edit, outcome.row) } : step;
    if (next.alone === true) alone.add(batch.target);
    if (next.alone === false) alone.delete(batch.target);
    const answered = next.settle ? new Map([[entries[0]!.id, next.settle.row]]) : new Map<string, Row>();
    if (next.durable) await journalFirst(next.entries, answered);
    else set(next.entries);
    const settle = next.settle;
    const stored = await storeAfter(
      (store) => (settle ? store.outboxSettle({ entries: next.entries, target: settle.target, row: settle.row }) : store.outboxPut({ entries: next.entries })),
      next.entries,
    );
    // The database has the answer now: the journal need not keep it.
    if (stored && settle) items.set(entries[0]!.id, { entry: items.get(entries[0]!.id)!.entry });
    notify();
    if (next.refused) {
      log.info('outbox: the server refused an edit', { id: next.refused.id, error: next.refused.lastError });
      options.onRefused?.(next.refused);
    }
    return next.next;
  }

  async function drain(): Promise<ReplayReport> {
    let sent = 0;
    let failed = 0;
    const report = (ended: ReplayReport['ended']): ReplayReport => ({ sent, failed, ended });
    try {
      for (;;) {
        if (stopped) return report('stopped');
        if (needsReconcile) {
          await lock.run(reconcileLocked);
          if (needsReconcile) return report('no-store');
        }
        if (paused) return report('paused');
        if (!connectivity.online()) return report('offline');
        const batch = await lock.run(begin);
        if (!batch) return report(needsReconcile ? 'no-store' : 'idle');
        const outcome = await send(batch);
        const wait = await lock.run(() => finish(batch, outcome));
        if (outcome.kind === 'sent') sent += 1;
        else failed += 1;
        await lock.run(maybeCompact);
        if (wait === 'unauthorized') {
          // Outside the lock: renewing a token is a request of its own.
          const renewed = options.onUnauthorized ? await options.onUnauthorized().catch(() => false) : false;
          if (!renewed) {
            paused = true;
            options.onAuthNeeded?.();
          }
          continue;
        }
        if (wait !== null && connectivity.online() && !stopped) {
          await sleep(wait, wake.signal).catch((error: unknown) => {
            if (!isAbort(error)) throw error;
          });
        }
      }
    } catch (error) {
      needsReconcile = true;
      log.error('outbox replay stopped', { error: String(error) });
      return report('error');
    }
  }

  function replay(): Promise<ReplayReport> {
    draining ??= drain().finally(() => {
      draining = null;
    });
    return draining;
  }

  function kick(): void {
    if (!stopped && loaded && !paused && connectivity.online()) void replay();
  }

  function wakeUp(): void {
    wake.abort();
    wake = new AbortController();
  }

  // ---- user commands ------------------------------------------------------------

  async function requireLoaded(): Promise<void> {
    if (!loaded) await reconcileLocked();
  }

  function unsettledOfTarget(target: Target): OutboxEntry[] {
    return all().filter((e) => e.target === target && isUnsettled(e.state));
  }

  async function discardLocked(id: string): Promise<void> {
    const entry = entryOf(id);
    if (entry.state === 'discarded') return;
    if (entry.state === 'sending') throw new OutboxCommandError('Busy', 'this edit is being sent and can no longer be discarded', id);
    if (entry.state === 'sent') throw new OutboxCommandError('AlreadySent', 'this edit was already sent', id);
    const at = now();
    // Edits of a post created offline cannot go without their create.
    const affected = entry.edit.kind === 'createPost' ? unsettledOfTarget(entry.target) : [entry];
    if (affected.some((e) => e.state === 'sending')) throw new OutboxCommandError('Busy', 'an edit of this post is being sent', id);
    const discarded = affected.map((e) => ({ ...e, state: 'discarded' as const, updatedAt: at }));
    await journalFirst(discarded);
    await storeAfter((store) => store.outboxPut({ entries: discarded }), discarded);
    notify();
  }

  return {
    async start() {
      stopped = false;
      unsubscribe ??= connectivity.onChange((online) => {
        if (online) kick();
        else wakeUp();
      });
      await lock.run(reconcileLocked);
      kick();
    },

    async stop() {
      stopped = true;
      unsubscribe?.();
      unsubscribe = null;
      inFlight?.abort();
      wakeUp();
      await draining;
    },

    async reconcile() {
      await lock.run(reconcileLocked);
      kick();
    },

    async queue(input, base) {
      const result = await lock.run(async (): Promise<QueueResult> => {
        await requireLoaded();
        const withId = input.kind === 'createPost' ? { ...input, tempId: input.tempId ?? temporaryIdOf(newId()) } : input;
        const checked = validateEdit(withId);
        if (!checked.ok) return { ok: false, errors: checked.errors };
        let edit = checked.edit;
        if (edit.kind === 'patchPost' && isTemporaryId(edit.contentId)) {
          const tempId = edit.contentId;
          const create = all().find((e) => e.edit.kind === 'createPost' && e.edit.tempId === tempId);
          if (!create || create.state === 'discarded') {
            return { ok: false, errors: [{ path: 'contentId', message: 'the post this edit belongs to was discarded or is unknown' }] };
          }
          if (create.state === 'sent') {
            if (!create.serverId) {
              return { ok: false, errors: [{ path: 'contentId', message: 'the post was created but its server id is unknown' }] };
            }
            edit = { ...edit, contentId: create.serverId };
          }
        }
        const at = now();
        seq += 1;
        const entry: OutboxEntry = {
          id: newId(),
          seq,
          target: targetOf(edit),
          edit,
          state: 'queued',
          attempts: 0,
          lastError: null,
          createdAt: at,
          updatedAt: at,
          ...(edit.kind !== 'createPost' && base !== undefined ? { base } : {}),
        };
        await journalFirst([entry]);
        await storeAfter((store) => store.outboxPut({ entries: [entry] }), []);
        notify();
        return edit.kind === 'createPost'
          ? { ok: true, id: entry.id, target: entry.target, tempId: edit.tempId }
          : { ok: true, id: entry.id, target: entry.target };
      });
      if (result.ok) kick();
      return result;
    },

    replay,

    async retry(id) {
      await lock.run(async () => {
        await requireLoaded();
        const entry = entryOf(id);
        if (entry.state === 'queued') return;
        if (entry.state !== 'needs-attention') {
          throw new OutboxCommandError('NotRefused', `only a refused edit can be retried (this one is ${entry.state})`, id);
        }
        const queued = { ...entry, state: 'queued' as const, lastError: null, updatedAt: now() };
        await journalFirst([queued]);
        await storeAfter((store) => store.outboxPut({ entries: [queued] }), []);
        notify();
      });
      wakeUp();
      kick();
    },

    async resolve(id, input) {
      const result = await lock.run(async () => {
        await requireLoaded();
        const step = resolveStep(entryOf(id), input, now());
        if (!step.ok) return step;
        await journalFirst([step.entry]);
        await storeAfter((store) => store.outboxPut({ entries: [step.entry] }), [step.entry]);
        notify();
        return step;
      });
      if (result.ok && result.entry.state === 'queued') {
        wakeUp();
        kick();
      }
      return result;
    },

    async discard(id) {
      await lock.run(async () => {
        await requireLoaded();
        await discardLocked(id);
      });
    },

    async confirm(id, action, serverId) {
      await lock.run(async () => {
        await requireLoaded();
        const entry = entryOf(id);
        const create = entry.edit;
        if (entry.state !== 'uncertain' || create.kind !== 'createPost') {
          throw new OutboxCommandError('NotUncertain', `only an uncertain create awaits your word (this one is ${entry.state})`, id);
        }
        const at = now();
        if (action === 'discard') {
          await discardLocked(id);
          return;
        }
        if (action === 'resend') {
          const queued = { ...entry, state: 'queued' as const, updatedAt: at };
          await journalFirst([queued]);
          await storeAfter((store) => store.outboxPut({ entries: [queued] }), []);
          notify();
          return;
        }
        if (serverId !== undefined && !isGuid(serverId)) {
          throw new OutboxCommandError('Invalid', 'a post id is a guid', id);
        }
        const sent: OutboxEntry = { ...entry, state: 'sent', updatedAt: at, lastError: null, ...(serverId ? { serverId } : {}) };
        if (serverId) {
          const remapped = remapChanged(all(), new Map([[create.tempId, serverId]]));
          // Our own body is the best copy there is until the post is read again.
          const row = { ...localPostOf(create), id: serverId };
          await journalFirst([sent, ...remapped], new Map([[sent.id, row]]));
          await storeAfter(
            (store) => store.outboxSettle({ entries: [sent, ...remapped], target: postTarget(create.moduleId, serverId), row }),
            [sent],
          );
        } else {
          const orphans = unsettledOfTarget(entry.target)
            .filter((e) => e.id !== id)
            .map((e) => ({
              ...e,
              state: 'needs-attention' as const,
              updatedAt: at,
              lastError: { code: 'unknown-post', message: 'the post was created but its id is unknown, so this edit cannot be sent' },
            }));
          await journalFirst([sent, ...orphans]);
          await storeAfter((store) => store.outboxPut({ entries: [sent, ...orphans] }), [sent]);
        }
        notify();
      });
      kick();
    },

    resume() {
      paused = false;
      kick();
    },

    entries: all,
    summary: () => summarize(all()),
  };
}
