import type { OutboxEntry } from './entry.js';

/** What the badge and the status bar say about the outbox. */
export interface OutboxSummary {
  /** Edits not yet sent (queued, in flight, refused or uncertain). */
  readonly count: number;
  /** Edits the server refused, or that conflict with a newer server copy: waiting for the user. */
  readonly needsAttention: number;
  /** Of those, edits that conflict with a newer server copy (the rest were refused). */
  readonly conflict: number;
  /** Creates that may have reached the server, waiting for the user's word. */
  readonly uncertain: number;
}

export function summarize(entries: readonly OutboxEntry[]): OutboxSummary {
  let count = 0;
  let needsAttention = 0;
  let conflict = 0;
  let uncertain = 0;
  for (const { state } of entries) {
    if (state === 'sent' || state === 'discarded') continue;
    count += 1;
    if (state === 'needs-attention' || state === 'conflict') needsAttention += 1;
    if (state === 'conflict') conflict += 1;
    if (state === 'uncertain') uncertain += 1;
  }
  return { count, needsAttention, conflict, uncertain };
}
