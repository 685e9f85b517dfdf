import { defineStore } from 'pinia';
import { computed } from 'vue';
import { useAppContext } from '../app-context.js';
import { useLiveQuery } from '../composables/use-live-query.js';
import { createOutboxClient } from '../editors/outbox-client.js';

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
/** States that need the user: refused by the server (4xx), a create that may have arrived, or a conflict. */
const NEEDS_USER = new Set(['needs-attention', 'uncertain', 'conflict']);

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

export const useOutboxStore = defineStore('outbox', () => {
  const { db, bridge } = useAppContext();
  const client = createOutboxClient(bridge);
  const { value: entries } = useLiveQuery(
    async () => (await db.outbox.orderBy('seq').toArray()).map(toOutboxView),
    [],
    [] as OutboxView[],
  );
  const waiting = computed(() => entries.value.filter(isWaiting));
  const refused = computed(() => entries.value.filter(needsUser));
  const syncIssues = computed(() => entries.value.filter(hasSyncIssue));
  /** Row key → the state of its first entry that waits for the user (needs-attention, conflict, uncertain). */
  const blockedKeys = computed(() => new Map(refused.value.map((e) => [e.target.split(/[:/]/).at(-1) ?? e.target, e.state] as const).reverse()));
  /** Row keys with edits waiting: the id at the end of `post:<module>/<id>` or `user:<id>`. */
  const pendingTargets = computed(() => new Set(waiting.value.map((e) => e.target.split(/[:/]/).at(-1) ?? e.target)));
  return {
    entries,
    waiting,
    refused,
    syncIssues,
    blockedKeys,
    pendingTargets,
    enqueue: client.enqueue,
    resolve: client.resolve,
    addUser: client.addUser,
    discard: client.discard,
    retry: client.retry,
    confirm: client.confirm,
  };
});
