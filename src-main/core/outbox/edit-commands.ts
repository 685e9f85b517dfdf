import { isGuid } from '../../../src-shared/api/index.js';
import {
  isTemporaryId,
  isUnsettled,
  localPostOf,
  postTarget,
  targetOf,
  temporaryIdOf,
  validateEdit,
  type ConfirmAction,
  type FieldError,
  type OutboxEdit,
  type OutboxEditInput,
  type OutboxEntry,
  type Row,
  type Target,
} from '../../../src-shared/outbox/index.js';
import { isoAt, type Clock } from '../clock.js';
import { OutboxCommandError } from './outbox-command-error.js';
import type { OutboxLedger } from './outbox-ledger.js';
import { resolveStep, type ResolveInput, type ResolveStep } from './resolve-entry.js';

export type QueueResult =
  | { readonly ok: true; readonly id: string; readonly target: Target; readonly tempId?: string }
  | { readonly ok: false; readonly errors: readonly FieldError[] };

/**
 * The user's commands on the outbox: queue an edit, retry a refused one, discard one
 * not sent, give their word on an uncertain create, and resolve a conflict or a refusal. Each journals first, then
 * writes the database. Callers hold the outbox's lock and have the journal loaded.
 */
export interface EditCommands {
  /** `base`: the copy the user edited, kept with a patch to detect conflicts. */
  queue(input: OutboxEditInput, base?: Row | null): Promise<QueueResult>;
  /** @throws OutboxCommandError `NotFound`, `NotRefused` */
  retry(id: string): Promise<void>;
  /** A create takes its post's later edits with it. @throws OutboxCommandError `NotFound`, `Busy`, `AlreadySent` */
  discard(id: string): Promise<void>;
  /** @throws OutboxCommandError `NotFound`, `NotUncertain`, `Invalid` (a server id that is not a guid) */
  confirm(id: string, action: ConfirmAction, serverId?: string): Promise<void>;
  /** The user's word on a conflict, a refused edit, or a sent patch's differences; the entry keeps its place. */
  resolve(id: string, input: ResolveInput): Promise<ResolveStep>;
}

/** What the commands work on. */
export interface CommandDeps {
  readonly ledger: OutboxLedger;
  readonly clock: Clock;
  readonly newId: () => string;
}

const unsettledOfTarget = (ledger: OutboxLedger, target: Target) => ledger.all().filter((e) => e.target === target && isUnsettled(e.state));

/** Journals the new states, writes them to the database, tells the counts. */
async function record(ledger: OutboxLedger, entries: readonly OutboxEntry[], settled: readonly OutboxEntry[] = []): Promise<void> {
  await ledger.append(entries);
  await ledger.storeAfter((store) => store.outboxPut({ entries }), settled);
  ledger.notify();
}

/** A patch of a post created offline names it by its temporary id: its server id once known. */
function resolvePost(ledger: OutboxLedger, edit: OutboxEdit): OutboxEdit | FieldError {
  if (edit.kind !== 'patchPost' || !isTemporaryId(edit.contentId)) return edit;
  const tempId = edit.contentId;
  const create = ledger.all().find((e) => e.edit.kind === 'createPost' && e.edit.tempId === tempId);
  if (!create || create.state === 'discarded') return { path: 'contentId', message: 'the post this edit belongs to was discarded or is unknown' };
  if (create.state !== 'sent') return edit;
  if (!create.serverId) return { path: 'contentId', message: 'the post was created but its server id is unknown' };
  return { ...edit, contentId: create.serverId };
}

/** Validates an edit and journals it as a new queued entry. */
async function queue(deps: CommandDeps, input: OutboxEditInput, base: Row | null | undefined): Promise<QueueResult> {
  const { ledger, newId } = deps;
  const withId = input.kind === 'createPost' ? { ...input, tempId: input.tempId ?? temporaryIdOf(newId()) } : input;
  const checked = validateEdit(withId);
  if (!checked.ok) return { ok: false, errors: checked.errors };
  const edit = resolvePost(ledger, checked.edit);
  if ('path' in edit) return { ok: false, errors: [edit] };
  const at = isoAt(deps.clock);
  const entry: OutboxEntry = {
    id: newId(),
    seq: ledger.nextSeq(),
    target: targetOf(edit),
    edit,
    state: 'queued',
    attempts: 0,
    lastError: null,
    createdAt: at,
    updatedAt: at,
    ...(edit.kind !== 'createPost' && base !== undefined ? { base } : {}),
  };
  await record(ledger, [entry]);
  return edit.kind === 'createPost' ? { ok: true, id: entry.id, target: entry.target, tempId: edit.tempId } : { ok: true, id: entry.id, target: entry.target };
}

/** Discards an unsent entry; a create takes its post's later edits with it. */
async function discard(deps: CommandDeps, id: string): Promise<void> {
  const { ledger } = deps;
  const entry = ledger.entryOf(id);
  if (entry.state === 'discarded') return;
  if (entry.state === 'sending') throw new OutboxCommandError('Busy', 'this edit is being sent and can no longer be discarded', id);
  if (entry.state === 'sent') throw new OutboxCommandError('AlreadySent', 'this edit was already sent', id);
  const at = isoAt(deps.clock);
  // Edits of a post created offline cannot go without their create.
  const affected = entry.edit.kind === 'createPost' ? unsettledOfTarget(ledger, entry.target) : [entry];
  if (affected.some((e) => e.state === 'sending')) throw new OutboxCommandError('Busy', 'an edit of this post is being sent', id);
  const discarded = affected.map((e) => ({ ...e, state: 'discarded' as const, updatedAt: at }));
  await record(ledger, discarded, discarded);
}

/** The user says the create was carried out (with the post's server id when they know it). */
async function markSent(ledger: OutboxLedger, entry: OutboxEntry, serverId: string | undefined, at: string): Promise<void> {
  const create = entry.edit;
  if (create.kind !== 'createPost') return;
  const sent: OutboxEntry = { ...entry, state: 'sent', updatedAt: at, lastError: null, ...(serverId ? { serverId } : {}) };
  if (serverId) {
    const remapped = ledger.remapped(ledger.all(), new Map([[create.tempId, serverId]]));
    // Our own body is the best copy there is until the post is read again.
    const row = { ...localPostOf(create), id: serverId };
    await ledger.append([sent, ...remapped], new Map([[sent.id, row]]));
    await ledger.storeAfter((store) => store.outboxSettle({ entries: [sent, ...remapped], target: postTarget(create.moduleId, serverId), row }), [sent]);
    ledger.notify();
    return;
  }
  const lastError = { code: 'unknown-post', message: 'the post was created but its id is unknown, so this edit cannot be sent' };
  const orphans = unsettledOfTarget(ledger, entry.target)
    .filter((e) => e.id !== entry.id)
    .map((e) => ({ ...e, state: 'needs-attention' as const, updatedAt: at, lastError }));
  await record(ledger, [sent, ...orphans], [sent]);
}

export function createEditCommands(options: CommandDeps): EditCommands {
  const { ledger } = options;
  const now = () => isoAt(options.clock);

  return {
    queue: (input, base) => queue(options, input, base),

    async retry(id) {
      const entry = ledger.entryOf(id);
      if (entry.state === 'queued') return;
      if (entry.state !== 'needs-attention') {
        throw new OutboxCommandError('NotRefused', `only a refused edit can be retried (this one is ${entry.state})`, id);
      }
      await record(ledger, [{ ...entry, state: 'queued', lastError: null, updatedAt: now() }]);
    },

    discard: (id) => discard(options, id),

    async confirm(id, action, serverId) {
      const entry = ledger.entryOf(id);
      if (entry.state !== 'uncertain' || entry.edit.kind !== 'createPost') {
        throw new OutboxCommandError('NotUncertain', `only an uncertain create awaits your word (this one is ${entry.state})`, id);
      }
      const at = now();
      if (action === 'discard') return discard(options, id);
      if (action === 'resend') return record(ledger, [{ ...entry, state: 'queued', updatedAt: at }]);
      if (serverId !== undefined && !isGuid(serverId)) throw new OutboxCommandError('Invalid', 'a post id is a guid', id);
      return markSent(ledger, entry, serverId, at);
    },

    async resolve(id, input) {
      const step = resolveStep(ledger.entryOf(id), input, now());
      if (step.ok) await record(ledger, [step.entry], [step.entry]);
      return step;
    },
  };
}
