import {
  bySeq,
  isUnsettled,
  postTarget,
  remapTemporaryIds,
  summarize,
  temporaryIdMap,
  type OutboxEntry,
  type OutboxStore,
  type Row,
} from '../../../src-shared/outbox/index.js';
import { isoAt, type Clock } from '../clock.js';
import type { Logger } from '../logger.js';
import { OutboxCommandError } from './outbox-command-error.js';
import type { JournalItem, OutboxJournal } from './outbox-journal.js';
import { afterRestart, planReconcile } from './reconcile-plan.js';

export interface OutboxLedgerOptions {
  readonly journal: OutboxJournal;
  /** The renderer's database, or null while no window serves it. */
  readonly store: () => OutboxStore | null;
  readonly clock: Clock;
  readonly log: Logger;
  /** Settled entries kept in the database for the Outbox view. */
  readonly keepSettled: number;
  readonly onChange?: (summary: ReturnType<typeof summarize>) => void;
}

/**
 * The outbox's memory of every entry and its two copies: the journal file (the truth
 * about unsent edits, appended before anything else happens) and the renderer's
 * database (written after, repaired by `reconcile` when a write was lost). Callers
 * hold the outbox's lock.
 */
export interface OutboxLedger {
  /** Every entry, in `seq` order. */
  all(): OutboxEntry[];
  /** @throws OutboxCommandError `NotFound` */
  entryOf(id: string): OutboxEntry;
  /** The next `seq` to give out. */
  nextSeq(): number;
  /** Journals the entries (with the server's answer to keep until the database has it), then remembers them. */
  append(entries: readonly OutboxEntry[], serverRows?: ReadonlyMap<string, Row>): Promise<void>;
  /** Remembers entries whose new state need not survive a crash (a patch requeued). */
  remember(entries: readonly OutboxEntry[]): void;
  /**
   * Writes to the database after the journal; `settled` entries are then known to be
   * there. A failure loses nothing: the next reconcile repeats it. Resolves whether it worked.
   */
  storeAfter(write: (store: OutboxStore) => Promise<void>, settled: readonly OutboxEntry[]): Promise<boolean>;
  /** The database has the server's answer for this entry: the journal need not keep it. */
  answerStored(id: string): void;
  /** Rewrites the journal once enough was appended; a failure is only logged. */
  maybeCompact(): Promise<void>;
  /** Loads the journal if needed and makes the database agree with it (see Outbox.reconcile). */
  reconcile(): Promise<void>;
  /** Entries of `entries` whose post has a server id by now, remapped to it. */
  remapped(entries: readonly OutboxEntry[], ids?: ReadonlyMap<string, string>): OutboxEntry[];
  readonly loaded: () => boolean;
  /** True when the database may lack something the journal has. */
  readonly needsReconcile: () => boolean;
  /** Something went wrong mid-way: the next replay reconciles first. */
  reconcileLater(): void;
  /** Tells the counts (badge, status bar). */
  notify(): void;
}

/** The journal keeps growing by appends until it holds this many records more than entries. */
const COMPACT_AFTER = 200;

/** The ledger's memory, shared by the steps below. */
interface LedgerState {
  readonly options: OutboxLedgerOptions;
  readonly items: Map<string, JournalItem>;
  /** Settled entries whose settled state the database has: the journal may forget them. */
  readonly acked: Set<string>;
  seq: number;
  loaded: boolean;
  needsReconcile: boolean;
}

const nowOf = (s: LedgerState) => isoAt(s.options.clock);
const allOf = (s: LedgerState) => bySeq([...s.items.values()].map((item) => item.entry));
const notifyOf = (s: LedgerState) => s.options.onChange?.(summarize(allOf(s)));

/** Journals the entries (a failed append rewrites the journal from memory), then remembers them. */
async function append(s: LedgerState, entries: readonly OutboxEntry[], serverRows: ReadonlyMap<string, Row> = new Map()): Promise<void> {
  const { journal, log } = s.options;
  const records = entries.map((entry): JournalItem => {
    const serverRow = serverRows.get(entry.id);
    return serverRow ? { entry, serverRow } : { entry };
  });
  try {
    await journal.append(records);
  } catch (error) {
    // A failed fsync may still have written: the file is rewritten from memory.
    await journal.compact([...s.items.values()], s.seq).catch((repair: unknown) => {
      log.error('outbox journal could not be repaired', { error: String(repair) });
    });
    throw error;
  }
  for (const item of records) s.items.set(item.entry.id, item);
}

/** Entries of `entries` whose post has a server id by now, remapped to it. */
function remapped(s: LedgerState, entries: readonly OutboxEntry[], ids: ReadonlyMap<string, string> = temporaryIdMap(entries)): OutboxEntry[] {
  const at = nowOf(s);
  const next = remapTemporaryIds(entries, ids);
  return next.filter((entry, i) => entry !== entries[i]).map((entry) => ({ ...entry, updatedAt: at }));
}

/** Rewrites the journal without the entries the database holds as settled; memory follows. */
async function compact(s: LedgerState): Promise<void> {
  const entries = allOf(s);
  // The newest sent creates stay, so an edit of a post still shown under its temporary id finds its server id.
  const recentCreates = new Set(
    entries
      .filter((e) => e.edit.kind === 'createPost' && e.state === 'sent' && e.serverId)
      .slice(-50)
      .map((e) => e.id),
  );
  const keep: JournalItem[] = [];
  for (const entry of entries) {
    if (isUnsettled(entry.state) || !s.acked.has(entry.id)) keep.push(s.items.get(entry.id)!);
    else if (recentCreates.has(entry.id)) keep.push({ entry });
  }
  await s.options.journal.compact(keep, s.seq);
  s.items.clear();
  for (const item of keep) s.items.set(item.entry.id, item);
}

/** Reads the journal into memory, fixing entries that were in flight and remapping temporary ids. */
async function load(s: LedgerState): Promise<void> {
  const state = await s.options.journal.load();
  if (state.dropped > 0) s.options.log.warn('outbox journal: unreadable records dropped', { dropped: state.dropped });
  s.items.clear();
  for (const [id, item] of state.items) s.items.set(id, item);
  s.seq = state.seq;
  const at = nowOf(s);
  const fixes = allOf(s)
    .map((entry) => afterRestart(entry, at))
    .filter((e): e is OutboxEntry => e !== null);
  if (fixes.length > 0) await append(s, fixes);
  const ids = remapped(s, allOf(s));
  if (ids.length > 0) await append(s, ids);
  s.loaded = true;
}

/** Loads the journal if needed and makes the database agree with it. */
async function reconcile(s: LedgerState): Promise<void> {
  const { options } = s;
  const { log } = options;
  if (!s.loaded) await load(s);
  const store = options.store();
  let stored: OutboxEntry[];
  try {
    if (!store) throw new OutboxCommandError('NotReady', 'no window is open to store the outbox');
    stored = await store.outboxList();
  } catch (error) {
    s.needsReconcile = true;
    log.debug('outbox: no database to reconcile with yet', { error: String(error) });
    notifyOf(s);
    return;
  }
  const plan = planReconcile([...s.items.values()], stored, nowOf(s));
  if (plan.adopt.length > 0) {
    log.warn('outbox: unsent edits found only in the database were adopted into the journal', { count: plan.adopt.length });
    await append(s, plan.adopt);
  }
  s.seq = stored.reduce((max, e) => Math.max(max, e.seq), s.seq);
  if (plan.put.length > 0 || plan.adopt.length > 0) await store.outboxPut({ entries: [...plan.put, ...plan.adopt] });
  for (const item of plan.settle) {
    const { entry } = item;
    const target = entry.edit.kind === 'createPost' && entry.serverId ? postTarget(entry.edit.moduleId, entry.serverId) : entry.target;
    await store.outboxSettle({ entries: [entry], target, row: item.serverRow! });
  }
  for (const entry of allOf(s)) if (!isUnsettled(entry.state)) s.acked.add(entry.id);
  // The Outbox view shows recent history; older settled entries are forgotten.
  const settled = bySeq([...new Map([...stored, ...allOf(s)].filter((e) => !isUnsettled(e.state)).map((e) => [e.id, e])).values()]);
  if (settled.length > options.keepSettled) await store.outboxRemove(settled.slice(0, settled.length - options.keepSettled).map((e) => e.id));
  s.needsReconcile = false;
  await compact(s);
  notifyOf(s);
}

/** Writes to the database after the journal; resolves whether it worked (a failure asks for a reconcile). */
async function storeAfter(s: LedgerState, write: (store: OutboxStore) => Promise<void>, settled: readonly OutboxEntry[]): Promise<boolean> {
  try {
    const store = s.options.store();
    if (!store) throw new OutboxCommandError('NotReady', 'no window is open to store the outbox');
    await write(store);
    for (const entry of settled) if (!isUnsettled(entry.state)) s.acked.add(entry.id);
    return true;
  } catch (error) {
    s.needsReconcile = true;
    s.options.log.warn('outbox: the database write failed; it will be repeated', { error: String(error) });
    return false;
  }
}

export function createOutboxLedger(options: OutboxLedgerOptions): OutboxLedger {
  const { journal, log } = options;
  const s: LedgerState = { options, items: new Map(), acked: new Set(), seq: 0, loaded: false, needsReconcile: true };
  const { items } = s;

  return {
    all: () => allOf(s),
    entryOf(id) {
      const entry = items.get(id)?.entry;
      if (!entry) throw new OutboxCommandError('NotFound', `no outbox entry ${id}`, id);
      return entry;
    },
    nextSeq: () => (s.seq += 1),
    append: (entries, serverRows) => append(s, entries, serverRows),
    remember(entries) {
      for (const entry of entries) items.set(entry.id, { entry });
    },
    storeAfter: (write, settled) => storeAfter(s, write, settled),
    answerStored(id) {
      const item = items.get(id);
      if (item) items.set(id, { entry: item.entry });
    },
    async maybeCompact() {
      if (journal.appended() < COMPACT_AFTER + items.size) return;
      await compact(s).catch((error: unknown) => log.warn('outbox journal compaction failed', { error: String(error) }));
    },
    reconcile: () => reconcile(s),
    remapped: (entries, ids) => remapped(s, entries, ids),
    loaded: () => s.loaded,
    needsReconcile: () => s.needsReconcile,
    reconcileLater() {
      s.needsReconcile = true;
    },
    notify: () => notifyOf(s),
  };
}
