import type { PatchOperation } from '../../src-shared/api/index.js';
import type { Bridge, BridgeError, Result } from '../../src-shared/bridge/index.js';
import type { ConfirmAction, FieldError, OutboxEditInput, PatchOp, ResolveAction, Row } from '../../src-shared/outbox/index.js';

/** An edit as the outbox takes it: create a post (E3), patch a post (E16), patch a user (E19). */
export type EditInput =
  | { readonly kind: 'createPost'; readonly moduleId: string; readonly body: Record<string, unknown> }
  | { readonly kind: 'patchPost'; readonly moduleId: string; readonly contentId: string; readonly ops: PatchOperation[] }
  | { readonly kind: 'patchUser'; readonly userId: string; readonly ops: PatchOperation[] };

/** What queuing an edit came to: queued, refused with field errors, or not delivered. */
export type QueueOutcome =
  | { readonly ok: true; readonly id: string }
  | { readonly ok: false; readonly fields: readonly FieldError[]; readonly error: BridgeError };

/** A refused edit's field errors as one sentence for a toast. */
export function describeFieldErrors(fields: readonly FieldError[]): string {
  return fields.map((f) => (f.path ? `${f.path}: ${f.message}` : f.message)).join('; ');
}

/** A row as plain JSON (a reactive proxy cannot be cloned across the bridge). */
function plain(row: Row | null): Row | null {
  return row === null ? null : (JSON.parse(JSON.stringify(row)) as Row);
}

/**
 * Sends outbox commands through the bridge. Main validates the edit, journals it and
 * has the mirror writer store it with the optimistic copy; the renderer never writes
 * Dexie itself.
 */
export function createOutboxClient(bridge: Bridge) {
  return {
    /** `base`: the copy the user edited (the row as the editor showed it), kept to tell overwrites apart. */
    async enqueue(edit: EditInput, base?: Row | null): Promise<QueueOutcome> {
      const result = await bridge.call('outbox.queue', { edit: edit as OutboxEditInput, ...(base !== undefined ? { base: plain(base) } : {}) });
      if (!result.ok) return { ok: false, fields: [], error: result.error };
      if (result.data.queued) return { ok: true, id: result.data.id };
      const fields = result.data.errors;
      return { ok: false, fields, error: { code: 'Refused', message: describeFieldErrors(fields) || 'The edit was refused' } };
    },
    /** The user's word on a conflict, a refused edit (`revise` with the fixed version) or a sent edit's differences. */
    async resolve(id: string, action: ResolveAction, revision: { ops?: PatchOp[]; body?: Record<string, unknown>; base?: Row | null } = {}): Promise<QueueOutcome> {
      const arg = { id, action, ...revision, ...(revision.base !== undefined ? { base: plain(revision.base) } : {}) };
      const result = await bridge.call('outbox.resolve', arg);
      if (!result.ok) return { ok: false, fields: [], error: result.error };
      if (result.data.resolved) return { ok: true, id };
      const fields = result.data.errors;
      return { ok: false, fields, error: { code: 'Refused', message: describeFieldErrors(fields) || 'The edit was refused' } };
    },
    addUser: (input: string) => bridge.call('users.add', { input }),
    discard: (id: string): Promise<Result<unknown>> => bridge.call('outbox.discard', { id }),
    retry: (id: string): Promise<Result<unknown>> => bridge.call('outbox.retry', { id }),
    confirm: (id: string, action: ConfirmAction): Promise<Result<unknown>> => bridge.call('outbox.confirm', { id, action }),
  };
}
export type OutboxClient = ReturnType<typeof createOutboxClient>;
