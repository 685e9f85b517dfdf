import { isUnsettled, type OutboxEntry } from '../../../src-shared/outbox/index.js';
import type { JournalItem } from './outbox-journal.js';

/**
 * What an entry found in flight becomes when the process starts again: a patch is
 * queued (PATCH of whole fields is idempotent) and says it may already be applied (a
 * discard then cannot take it back), a create is uncertain (it may have been carried
 * out). Null when the entry was not in flight.
 */
export function afterRestart(entry: OutboxEntry, at: string): OutboxEntry | null {
  if (entry.state !== 'sending') return null;
  if (entry.edit.kind !== 'createPost') {
    return {
      ...entry,
      state: 'queued',
      updatedAt: at,
      lastError: {
        code: 'interrupted',
        message: 'Outpost stopped while this edit was being sent: it may already be applied. It will be sent again.',
      },
    };
  }
  return {
    ...entry,
    state: 'uncertain',
    updatedAt: at,
    lastError: {
      code: 'interrupted',
      message: 'Outpost stopped while this post was being sent: it may or may not have been created.',
    },
  };
}

function same(a: OutboxEntry, b: OutboxEntry): boolean {
  return (
    a.state === b.state &&
    a.updatedAt === b.updatedAt &&
    a.target === b.target &&
    a.attempts === b.attempts &&
    a.serverId === b.serverId
  );
}

export interface ReconcilePlan {
  /** Unsettled entries the database has and the journal lost (its file was deleted): journal them. */
  readonly adopt: readonly OutboxEntry[];
  /** Journal entries the database lacks or holds in an older state. */
  readonly put: readonly OutboxEntry[];
  /** Sent entries whose server answer the database has not received yet, in `seq` order. */
  readonly settle: readonly JournalItem[];
}

/**
 * Compares the journal (the truth about unsent edits) with the renderer's outbox
 * table (which may have been cleared, or may lag a crash) and says what to write where.
 */
export function planReconcile(journal: readonly JournalItem[], stored: readonly OutboxEntry[], at: string): ReconcilePlan {
  const known = new Map(journal.map((item) => [item.entry.id, item]));
  const storedById = new Map(stored.map((entry) => [entry.id, entry]));
  const adopt = stored
    .filter((entry) => !known.has(entry.id) && isUnsettled(entry.state))
    .map((entry) => afterRestart(entry, at) ?? entry);
  const put: OutboxEntry[] = [];
  const settle: JournalItem[] = [];
  for (const item of [...journal].sort((a, b) => a.entry.seq - b.entry.seq)) {
    const mine = storedById.get(item.entry.id);
    if (mine && same(mine, item.entry)) continue;
    if (item.entry.state === 'sent' && item.serverRow && mine?.state !== 'sent') settle.push(item);
    else put.push(item.entry);
  }
  return { adopt, put, settle };
}
