import { Dexie, type Table } from 'dexie';
import { putLocal, removeLocal } from '../store/chunk-writes.js';
import { tablesOf } from '../store/scope-views.js';
import { getRow, type OutpostDb } from '../store/index.js';
import { applyEditsLocally, type Row } from './apply-edits-locally.js';
import { isUnsettled, type OutboxEntry } from './entry.js';
import type { LocalRow, OutboxStore } from './outbox-store.js';
import { rowLocationOf, type Target } from './target.js';

/**
 * The Dexie implementation of the outbox port, on the `outbox` table and the mirror
 * (local copies are single rows: the mirror's overlay).
 */
export function createDexieOutboxStore(db: OutpostDb): OutboxStore {
  const outbox = db.outbox as unknown as Table<OutboxEntry, string>;

  /** Every table a transaction over the outbox may touch. */
  function tables() {
    return [outbox, ...tablesOf(db)];
  }

  /** The target's current row as the mirror holds it. */
  async function localRow(target: Target): Promise<LocalRow | null> {
    const { scope, key } = rowLocationOf(target);
    return (await getRow(db, scope, key)) as LocalRow | null;
  }

  /** Rebuilds a target's local copy; `server` replaces its server copy. Runs inside a transaction. */
  async function rebuild(target: Target, server?: Row): Promise<void> {
    const { table, scope, key } = rowLocationOf(target);
    const stored = await localRow(target);
    const base: Row | null =
      server !== undefined ? server : stored ? (stored.pending === 1 ? (stored.base ?? null) : stored.row) : null;
    const edits = (await outbox.where('[target+seq]').between([target, Dexie.minKey], [target, Dexie.maxKey]).toArray())
      .filter((entry) => isUnsettled(entry.state))
      .map((entry) => entry.edit);
    // The copy keeps the pass stamp of the copy it replaces (see putLocal).
    if (edits.length === 0) {
      if (base === null) {
        if (stored) await removeLocal(db, scope, table, key);
      } else if (stored?.pending === 1 || server !== undefined) await putLocal(db, { scope, table, key, row: base });
      return;
    }
    const row = applyEditsLocally(base, edits) ?? {};
    await putLocal(db, { scope, table, key, row, pending: 1, base });
  }

  async function write(entries: readonly OutboxEntry[], server?: { target: Target; row: Row }): Promise<void> {
    await db.transaction('rw', tables(), async () => {
      const previous = await outbox.bulkGet(entries.map((e) => e.id));
      const targets = new Set<Target>(entries.map((e) => e.target));
      for (const old of previous) if (old) targets.add(old.target);
      await outbox.bulkPut([...entries]);
      if (server) {
        targets.delete(server.target);
        await rebuild(server.target, server.row);
      }
      for (const target of targets) await rebuild(target);
    });
  }

  return {
    async outboxList() {
      return outbox.orderBy('seq').toArray();
    },
    outboxPut: ({ entries }) => write(entries),
    outboxSettle: ({ entries, target, row }) => write(entries, { target, row }),
    async outboxServerCopy(target) {
      const stored = await localRow(target);
      if (!stored) return null;
      return stored.pending === 1 ? (stored.base ?? null) : stored.row;
    },
    async outboxRemove(ids) {
      await db.transaction('rw', tables(), async () => {
        const removed = (await outbox.bulkGet([...ids])).filter((e): e is OutboxEntry => e !== undefined);
        await outbox.bulkDelete([...ids]);
        for (const target of new Set(removed.map((e) => e.target))) await rebuild(target);
      });
    },
  };
}
