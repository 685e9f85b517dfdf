import { defineStore } from 'pinia';
import { computed } from 'vue';
import { useAppContext } from '../app-context.js';
import { useLiveQuery } from '../composables/use-live-query.js';

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
const SETTLED = new Set(['sent', 'done', 'applied', 'discarded']);
/** States that need the user. */
const NEEDS_USER = new Set(['parked', 'failed', 'rejected', 'uncertain']);

export function toOutboxView(raw: Record<string, unknown>): OutboxView {
  const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
  const error = raw.error ?? raw.lastError ?? null;
  const message = error && typeof error === 'object' ? text((error as Record<string, unknown>).message) : error === null ? null : text(error);
  return {
    id: text(raw.id),
    target: text(raw.target),
    state: text(raw.state) || 'queued',
    seq: typeof raw.seq === 'number' ? raw.seq : 0,
    createdAt: text(raw.createdAt),
    kind: text(raw.kind ?? raw.endpoint ?? raw.type),
    error: message,
    raw,
  };
}

export const isWaiting = (entry: OutboxView) => !SETTLED.has(entry.state);
export const needsUser = (entry: OutboxView) => NEEDS_USER.has(entry.state);

export const useOutboxStore = defineStore('outbox', () => {
  const { db } = useAppContext();
  const { value: entries } = useLiveQuery(
    async () => (await db.outbox.orderBy('seq').toArray()).map(toOutboxView),
    [],
    [] as OutboxView[],
  );
  const waiting = computed(() => entries.value.filter(isWaiting));
  const refused = computed(() => entries.value.filter(needsUser));
  const pendingTargets = computed(() => new Set(waiting.value.map((e) => e.target)));
  return { entries, waiting, refused, pendingTargets };
});
