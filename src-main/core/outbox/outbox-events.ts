import type { OutboxCount, OutboxRefusal } from '../../../src-shared/bridge/index.js';
import { describeEdit, type OutboxEntry, type OutboxSummary } from '../../../src-shared/outbox/index.js';

/** The `outbox.count` event of a summary: every unsent edit, and of those what waits for the user. */
export function countEvent(summary: OutboxSummary): OutboxCount {
  return {
    waiting: summary.count,
    refused: summary.needsAttention - summary.conflict,
    conflict: summary.conflict,
    uncertain: summary.uncertain,
  };
}

/** The `outbox.refused` event of an entry the server refused. */
export function refusalEvent(entry: OutboxEntry): OutboxRefusal {
  return {
    entryId: entry.id,
    title: describeEdit(entry.edit),
    message: entry.lastError?.message ?? 'The server refused this edit.',
  };
}
