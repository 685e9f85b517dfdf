import { z } from 'zod';
import { outboxEdit } from './edit.js';

/**
 * One queued edit and what became of it. `id` is a uuid and the idempotency key of
 * every step; `seq` orders entries (per target, replay follows it).
 *
 * States: `queued` (waiting, possibly backing off after a network error) →
 * `sending` (request in flight) → `sent`; or `needs-attention` (the server refused
 * it: 4xx), `uncertain` (a create that may have reached the server without an
 * answer; never re-sent without the user's word), `conflict` (a patch whose target
 * changed on the server, on a path it replaces, since the copy it was based on; it
 * waits for the user to keep theirs, keep it or edit it), `discarded` (by the user;
 * never sent afterwards).
 */
export const OUTBOX_STATES = ['queued', 'sending', 'sent', 'needs-attention', 'uncertain', 'conflict', 'discarded'] as const;
export const outboxState = z.enum(OUTBOX_STATES);
export type OutboxState = z.infer<typeof outboxState>;

export const outboxError = z.object({
  /** HTTP status when the server answered. */
  status: z.number().int().optional(),
  code: z.string(),
  message: z.string(),
  /** Field-level problems the server named (ProblemDetails `errors`). */
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type OutboxError = z.infer<typeof outboxError>;

const row = z.record(z.string(), z.unknown());

/** One patch path on which two copies disagree; values as the resource shows them. */
export const pathDifference = z.object({
  /** The request path (`/locales`, `/name`; `/customFields/<key>` for one custom field), or a resource field (`status`) for a change the patch did not make. */
  path: z.string(),
  /** What the edit was based on (undefined: not known then). */
  base: z.unknown().optional(),
  /** What the server has now (before sending), or answered (after sending). */
  theirs: z.unknown().optional(),
  /** What the edit sets (undefined for a field the edit does not touch). */
  mine: z.unknown().optional(),
});
export type PathDifference = z.infer<typeof pathDifference>;

export const outboxEntry = z.object({
  id: z.string().min(1),
  seq: z.number().int().nonnegative(),
  target: z.string().min(1),
  edit: outboxEdit,
  state: outboxState,
  attempts: z.number().int().nonnegative(),
  lastError: outboxError.nullable(),
  /** ISO 8601 instants. */
  createdAt: z.string(),
  updatedAt: z.string(),
  /** For a sent create: the id the server gave the post. */
  serverId: z.string().optional(),
  /**
   * For a patch: the copy of the target the user saw when making the edit (the local
   * copy, earlier unsent edits included); null when none was known. Checked before
   * sending against the newest server copy; compared with the answer after sending.
   */
  base: row.nullable().optional(),
  /** In state `conflict`: the copy it conflicts with (server copy and earlier unsent edits) and the paths. */
  conflict: z.object({ theirs: row, differences: z.array(pathDifference) }).optional(),
  /** For a sent patch: where the answer differs from base + patch (the Sync issues view lists them). */
  differences: z.array(pathDifference).optional(),
  /** The user has read the differences and put them away. */
  differencesReviewed: z.boolean().optional(),
});
export type OutboxEntry = z.infer<typeof outboxEntry>;

/** States whose edit still shows in the local copy (not sent, not discarded). */
export function isUnsettled(state: OutboxState): boolean {
  return state !== 'sent' && state !== 'discarded';
}

/** Entries ordered by `seq` (a copy). */
export function bySeq<T extends { readonly seq: number }>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => a.seq - b.seq);
}
