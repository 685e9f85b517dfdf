import { z } from 'zod';
import { guid } from '../api/index.js';
import { outboxEditInput } from './edit.js';
import type { Target } from './target.js';
import type { FieldError } from './validate-edit.js';

/**
 * The outbox's bridge commands (renderer → main), declared like the contract's
 * `commandSchemas` so they can be spread into it. Arguments are validated with these
 * schemas on the main side; a refused edit is an answer (`queued: false` with field
 * errors for the editor), not a bridge error.
 */
const entryId = z.string().min(1).max(100);

export const CONFIRM_ACTIONS = ['resend', 'discard', 'mark-sent'] as const;
export type ConfirmAction = (typeof CONFIRM_ACTIONS)[number];

export const outboxCommandSchemas = {
  /** Validates, journals and queues an edit; the local copy shows it at once. */
  'outbox.queue': { arg: z.object({ edit: outboxEditInput }).strict() },
  /** Sends a refused edit again, or a backing-off one now. */
  'outbox.retry': { arg: z.object({ id: entryId }).strict() },
  /** Drops an unsent edit (a create takes its post's later edits with it). */
  'outbox.discard': { arg: z.object({ id: entryId }).strict() },
  /** The user's word on an uncertain create; `mark-sent` may name the post's server id. */
  'outbox.confirm': {
    arg: z.object({ id: entryId, action: z.enum(CONFIRM_ACTIONS), serverId: guid.optional() }).strict(),
  },
} as const;

export type OutboxCommandName = keyof typeof outboxCommandSchemas;
export const OUTBOX_COMMAND_NAMES = Object.keys(outboxCommandSchemas) as OutboxCommandName[];
export type OutboxCommandArg<K extends OutboxCommandName> = z.infer<(typeof outboxCommandSchemas)[K]['arg']>;

export type OutboxQueueResult =
  | {
      readonly queued: true;
      /** The entry id: what retry, discard and confirm name. */
      readonly id: string;
      readonly target: Target;
      /** For a create: the temporary id the local post and later edits use. */
      readonly tempId?: string;
    }
  | { readonly queued: false; readonly errors: readonly FieldError[] };

export interface OutboxCommandResults {
  'outbox.queue': OutboxQueueResult;
  'outbox.retry': { readonly retried: true };
  'outbox.discard': { readonly discarded: true };
  'outbox.confirm': { readonly confirmed: ConfirmAction };
}

export type OutboxCommandHandlers = {
  [K in OutboxCommandName]: (arg: OutboxCommandArg<K>) => Promise<OutboxCommandResults[K]> | OutboxCommandResults[K];
};
