import type { PatchOperation } from '../../src-shared/api/index.js';
import type { Bridge } from '../../src-shared/bridge/index.js';
import { callOptional } from '../lib/optional-command.js';

/** An edit as the outbox takes it: create a post (E3), patch a post (E16), patch a user (E19). */
export type EditInput =
  | { readonly kind: 'createPost'; readonly moduleId: string; readonly body: Record<string, unknown> }
  | { readonly kind: 'patchPost'; readonly moduleId: string; readonly contentId: string; readonly ops: PatchOperation[] }
  | { readonly kind: 'patchUser'; readonly userId: string; readonly ops: PatchOperation[] };

/** The outbox commands, by the names main registers them under. */
export const OUTBOX_COMMANDS = {
  enqueue: 'outbox.enqueue',
  discard: 'outbox.discard',
  retry: 'outbox.retry',
} as const;

/**
 * Sends outbox commands through the bridge. Main validates the edit, journals it and
 * has the mirror writer store it with the optimistic copy; the renderer never writes
 * Dexie itself. A command main does not offer answers `NotAvailable`.
 */
export function createOutboxClient(bridge: Bridge) {
  const call = (name: string, arg: unknown) => callOptional(bridge, name, arg, 'Queuing edits');
  return {
    enqueue: (edit: EditInput) => call(OUTBOX_COMMANDS.enqueue, { edit }),
    discard: (id: string) => call(OUTBOX_COMMANDS.discard, { id }),
    retry: (id: string) => call(OUTBOX_COMMANDS.retry, { id }),
  };
}
export type OutboxClient = ReturnType<typeof createOutboxClient>;
