import { z } from 'zod';
import { guid } from '../api/index.js';
import { outboxEditInput, patchOp } from './edit.js';
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

/**
 * What the user decided about an entry that waits for them:
 * - `keep-mine`: a conflict is sent as it is, over the server's newer value;
 * - `take-theirs`: a conflict's paths are dropped from the patch (the rest is sent; an
 *   edit with nothing left is discarded);
 * - `revise`: the editor's new version of a refused, conflicting or queued edit
 *   replaces it, keeping its place in its target's order;
 * - `dismiss-differences`: the differences a sent patch's answer showed were read.
 */
export const RESOLVE_ACTIONS = ['keep-mine', 'take-theirs', 'revise', 'dismiss-differences'] as const;
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number];

/** The copy a patch was based on, as the renderer's database held it. */
const baseRow = z.record(z.string(), z.unknown()).nullable();

export const outboxCommandSchemas = {
  /** Validates, journals and queues an edit; the local copy shows it at once. `base`: the copy the user edited. */
  'outbox.queue': { arg: z.object({ edit: outboxEditInput, base: baseRow.optional() }).strict() },
  /** The user's word on a conflict, a refused edit, or a sent patch's differences. */
  'outbox.resolve': {
    arg: z
      .object({
        id: entryId,
        action: z.enum(RESOLVE_ACTIONS),
        /** For `revise` of a patch: the new operations. */
        ops: z.array(patchOp).max(100).optional(),
        /** For `revise` of a create: the new E3 body. */
        body: z.record(z.string(), z.unknown()).optional(),
        /** For `revise`: the copy the new version was made from. */
        base: baseRow.optional(),
      })
      .strict(),
  },
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

export type OutboxResolveResult =
  | { readonly resolved: true; readonly action: ResolveAction }
  | { readonly resolved: false; readonly errors: readonly FieldError[] };

export interface OutboxCommandResults {
  'outbox.queue': OutboxQueueResult;
  'outbox.resolve': OutboxResolveResult;
  'outbox.retry': { readonly retried: true };
  'outbox.discard': { readonly discarded: true };
  'outbox.confirm': { readonly confirmed: ConfirmAction };
}

export type OutboxCommandHandlers = {
  [K in OutboxCommandName]: (arg: OutboxCommandArg<K>) => Promise<OutboxCommandResults[K]> | OutboxCommandResults[K];
};
