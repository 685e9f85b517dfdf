import { z } from 'zod';
import { outboxEdit } from './edit.js';

/**
 * One queued edit and what became of it. `id` is a uuid and the idempotency key of
 * every step; `seq` orders entries (per target, replay follows it).
 *
 * States: `queued` (waiting, possibly backing off after a network error) →
 * `sending` (request in flight) → `sent`; or `needs-attention` (the server refused
 * it: 4xx), `uncertain` (a create that may have reached the server without an
 * answer; never re-sent without the user's word), `discarded` (by the user; never
 * sent afterwards).
 */
export const OUTBOX_STATES = ['queued', 'sending', 'sent', 'needs-attention', 'uncertain', 'discarded'] as const;
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
