import { defineStore } from 'pinia';
import { computed } from 'vue';
import type { PatchOperation } from '../../src-shared/api/index.js';
import type { BridgeError, Result } from '../../src-shared/bridge/index.js';
import type { ConfirmAction, FieldError, OutboxEditInput, PatchOp, ResolveAction, Row } from '../../src-shared/outbox/index.js';
import { useAppContext } from '../app-context.js';
import { useLiveQuery } from '../composables/use-live-query.js';
import { useSyncStore } from './sync-store.js';

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

/**
 * The outbox as the renderer sees it: entries main wrote to Dexie (read-only here).
 * Entries are read tolerantly, since only `id`, `target`, `state`, `seq` and
 * `createdAt` are indexed and the rest of the record belongs to the outbox module.
 */
export interface OutboxView {
  readonly id: string;
  readonly target: string;
  readonly state: string;
  readonly seq: number;
  readonly createdAt: string;
  readonly kind: string;
  readonly error: string | null;
  readonly raw: Record<string, unknown>;
}

/** States in which an entry no longer waits. */
const SETTLED = new Set(['sent', 'discarded']);
/** What each state of an entry is called where the user sees it (tags, counts). */
export const ENTRY_STATE_LABELS: Readonly<Record<string, string>> = {
  queued: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  'needs-attention': 'Refused',
  conflict: 'Conflict',
  uncertain: 'Uncertain',
  discarded: 'Discarded',
};
/**
 * States that need the user, in the order they are named, with the words a count uses:
 * refused by the server (4xx), a conflict, or a create that may have arrived.
 */
export const NEEDS_USER_WORDS: readonly (readonly [state: string, word: string])[] = [
  ['needs-attention', 'refused'],
  ['conflict', 'in conflict'],
  ['uncertain', 'uncertain'],
];
const NEEDS_USER = new Set(NEEDS_USER_WORDS.map(([state]) => state));

export function toOutboxView(raw: Record<string, unknown>): OutboxView {
  const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
  const error = raw.lastError ?? raw.error ?? null;
  const edit = raw.edit && typeof raw.edit === 'object' ? (raw.edit as Record<string, unknown>) : {};
  const message = error && typeof error === 'object' ? text((error as Record<string, unknown>).message) : error === null ? null : text(error);
  return {
    id: text(raw.id),
    target: text(raw.target),
    state: text(raw.state) || 'queued',
    seq: typeof raw.seq === 'number' ? raw.seq : 0,
    createdAt: text(raw.createdAt),
    kind: text(edit.kind ?? raw.kind),
    error: message,
    raw,
  };
}

export const isWaiting = (entry: OutboxView) => !SETTLED.has(entry.state);
/** A sent edit whose answer differed from what was expected, not yet put away: a sync issue. */
export const hasSyncIssue = (entry: OutboxView) =>
  entry.state === 'sent' && Array.isArray(entry.raw.differences) && entry.raw.differences.length > 0 && entry.raw.differencesReviewed !== true;
export const needsUser = (entry: OutboxView) => NEEDS_USER.has(entry.state);

/** A row as plain JSON (a reactive proxy cannot be cloned across the bridge). */
function plain(row: Row | null): Row | null {
  return row === null ? null : (JSON.parse(JSON.stringify(row)) as Row);
}

/** The outcome of a queue or resolve answer: accepted, or refused with its field errors. */
function refusal(fields: readonly FieldError[]): QueueOutcome {
  return { ok: false, fields, error: { code: 'Refused', message: describeFieldErrors(fields) || 'The edit was refused' } };
}

/**
 * Edits go through main: it validates them, journals them and has the mirror writer
 * store them with the optimistic copy; the renderer reads the entries from Dexie and
 * never writes them itself.
 */
export const useOutboxStore = defineStore('outbox', () => {
  const { db, bridge } = useAppContext();
  const { value: entries, loading } = useLiveQuery(
    async () => (await db.outbox.orderBy('seq').toArray()).map(toOutboxView),
    [],
    [] as OutboxView[],
  );
  /** Whether the entries have been read once (an empty list before that means "not known yet"). */
  const loaded = computed(() => !loading.value);
  const waiting = computed(() => entries.value.filter(isWaiting));
  const refused = computed(() => entries.value.filter(needsUser));
  const syncIssues = computed(() => entries.value.filter(hasSyncIssue));
  /** Row key → the state of its first entry that waits for the user (needs-attention, conflict, uncertain). */
  const blockedKeys = computed(() => new Map(refused.value.map((e) => [e.target.split(/[:/]/).at(-1) ?? e.target, e.state] as const).reverse()));
  /** Row keys with edits waiting: the id at the end of `post:<module>/<id>` or `user:<id>`. */
  const pendingTargets = computed(() => new Set(waiting.value.map((e) => e.target.split(/[:/]/).at(-1) ?? e.target)));

  /** `base`: the copy the user edited (the row as the editor showed it), kept to tell overwrites apart. */
  async function enqueue(edit: EditInput, base?: Row | null): Promise<QueueOutcome> {
    const result = await bridge.call('outbox.queue', { edit: edit as OutboxEditInput, ...(base !== undefined ? { base: plain(base) } : {}) });
    if (!result.ok) return { ok: false, fields: [], error: result.error };
    return result.data.queued ? { ok: true, id: result.data.id } : refusal(result.data.errors);
  }
  /** The user's word on a conflict, a refused edit (`revise` with the fixed version) or a sent edit's differences. */
  async function resolve(id: string, action: ResolveAction, revision: { ops?: PatchOp[]; body?: Record<string, unknown>; base?: Row | null } = {}): Promise<QueueOutcome> {
    const arg = { id, action, ...revision, ...(revision.base !== undefined ? { base: plain(revision.base) } : {}) };
    const result = await bridge.call('outbox.resolve', arg);
    if (!result.ok) return { ok: false, fields: [], error: result.error };
    return result.data.resolved ? { ok: true, id } : refusal(result.data.errors);
  }
  const addUser = (input: string) => bridge.call('users.add', { input });
  const discard = (id: string): Promise<Result<unknown>> => bridge.call('outbox.discard', { id });
  const retry = (id: string): Promise<Result<unknown>> => bridge.call('outbox.retry', { id });
  const confirm = (id: string, action: ConfirmAction): Promise<Result<unknown>> => bridge.call('outbox.confirm', { id, action });

  /** Turns the server's refusals of sent edits into notices; returns the unsubscribe function. */
  function listen(): () => void {
    const sync = useSyncStore();
    return bridge.on('outbox.refused', (r) => {
      sync.pushNotice('error', `${r.title} was refused: ${r.message}`, { title: `${r.title} was refused`, content: `${r.message} — fix or discard it in the outbox.` }, '/outbox');
    });
  }

  return { entries, loaded, waiting, refused, syncIssues, blockedKeys, pendingTargets, enqueue, resolve, addUser, discard, retry, confirm, listen };
});
