import type { OutboxStore } from './outbox-store.js';

const OUTBOX_STORE_METHODS = ['outboxList', 'outboxPut', 'outboxSettle', 'outboxRemove', 'outboxServerCopy'] as const satisfies readonly (keyof OutboxStore)[];

/**
 * The outbox port of a served store (a bridge peer's store proxy, or a Dexie store
 * object that implements both ports).
 * @throws Error when the store does not offer the outbox methods.
 */
export function outboxStoreOf(store: object): OutboxStore {
  const methods = store as Partial<Record<(typeof OUTBOX_STORE_METHODS)[number], unknown>>;
  for (const method of OUTBOX_STORE_METHODS) {
    if (typeof methods[method] !== 'function') throw new Error(`the store does not serve ${method}`);
  }
  return store as OutboxStore;
}
