import { endpoints, rowKey } from '../../src-shared/api/index.js';
import type { OutboxEntry, OutboxStore, Target } from '../../src-shared/outbox/index.js';
import { rowLocationOf } from '../../src-shared/outbox/index.js';
import { lastSeqOf, pageRows, parseScopeKey, storedPageOf, type MirrorStore, type OutpostDb, type ScopeKey } from '../../src-shared/store/index.js';
import { searchTextOf } from './search-text.js';
import { scopeRowRefs, sweptRowRefs, type ChangedPage, type ChangedRow, type RowRef } from './search-rows.js';

/** Where changed rows go: the search client, which batches them for the worker. */
export interface SearchSink {
  changed(refs: readonly ChangedRow[]): void;
  /** A sync page's rows, as stored; after what was `changed` before it. */
  page(page: ChangedPage): void;
  /**
   * Every write of a list up to write sequence number `seq` has been passed on (after what
   * it changed): a window that closes before this reaches search leaves the list to be
   * read again from its last mark on.
   */
  written(scope: ScopeKey, seq: number): void;
  cleared(): void;
}

/**
 * The store port with search kept up to date: each write main asks for runs as before,
 * and once its transaction has committed the keys of the rows it touched go to `sink`,
 * with what search reads of the rows a page stored (their searchable texts) or the row a single-row write stored (the
 * latest write of a key is its current copy); the index reads the others itself, off the main thread. Rows a sweep or a removal
 * deletes are listed, by key only, just before. A failure here never fails the write.
 */
export function withSearchUpdates<S extends MirrorStore & OutboxStore>(store: S, db: OutpostDb, sink: SearchSink): S {
  const safely = async (read: () => Promise<RowRef[]>): Promise<RowRef[]> => {
    try {
      return await read();
    } catch {
      return [];
    }
  };
  const refsOfTargets = (targets: Iterable<Target>): RowRef[] => [...new Set(targets)].map((t) => rowLocationOf(t));
  const previousTargets = async (ids: readonly string[]): Promise<Target[]> => {
    const entries = (await db.outbox.bulkGet([...ids])) as (OutboxEntry | undefined)[];
    return entries.filter((e): e is OutboxEntry => e !== undefined).map((e) => e.target);
  };
  /** An outbox write: the copies of every target touched, before and after, are rebuilt. */
  const outboxWrite = async (ids: readonly string[], targets: Target[], write: () => Promise<void>) => {
    const before = await previousTargets(ids).catch(() => [] as Target[]);
    await write();
    sink.changed(refsOfTargets([...before, ...targets]));
  };

  /** The list's writes up to the command's last sequence number have been passed on (none: it wrote nothing). */
  const markWritten = (scope: ScopeKey, command: object) => {
    const seq = lastSeqOf(command);
    if (seq !== undefined) sink.written(scope, seq);
  };

  return {
    ...store,
    async applyPage(command) {
      const result = await store.applyPage(command);
      const endpoint = endpoints[command.endpoint];
      // The keys as the store worked them out (worked out here for a store that does not say).
      // The rows as the store read them (parsed once from their text, when they came as text).
      const rows = pageRows(command.rows);
      const stored = storedPageOf(rows);
      // What the store wrote of them: a delta page's unchanged rows were not written again.
      const written = stored?.rows ?? rows;
      const keys = stored?.keys ?? rows.map((row) => rowKey(endpoint, row));
      const texts = written.map((row) => searchTextOf(row as Record<string, unknown>));
      if (keys.length > 0) sink.page({ table: endpoint.table, scope: command.scope, keys, texts, ...(stored?.since !== undefined ? { since: stored.since } : {}) });
      markWritten(command.scope, command);
      return result;
    },
    async putRow(command) {
      await store.putRow(command);
      const endpoint = endpoints[command.endpoint];
      sink.changed([{ table: endpoint.table, scope: command.scope, key: rowKey(endpoint, command.row), row: command.row }]);
    },
    async finishPass(command) {
      const table = endpoints[command.endpoint].table;
      const swept = command.sweep ? await safely(() => sweptRowRefs(db, table, command.scope, command.pass)) : [];
      const result = await store.finishPass(command);
      if (swept.length > 0) sink.changed(swept);
      // A sweep that removed rows took a number of its own: marked, the next window need not look its list over again.
      markWritten(command.scope, command);
      return result;
    },
    async removeScopes(scopes) {
      const removed = await safely(async () => (await Promise.all(scopes.map((s) => scopeRowRefs(db, parseScopeKey(s).endpoint.table, s)))).flat());
      await store.removeScopes(scopes);
      if (removed.length > 0) sink.changed(removed);
    },
    async clearMirror() {
      await store.clearMirror();
      sink.cleared();
    },
    outboxPut: (command) => outboxWrite(command.entries.map((e) => e.id), command.entries.map((e) => e.target), () => store.outboxPut(command)),
    outboxSettle: (command) =>
      outboxWrite(command.entries.map((e) => e.id), [command.target, ...command.entries.map((e) => e.target)], () => store.outboxSettle(command)),
    async outboxRemove(ids) {
      await outboxWrite(ids, [], () => store.outboxRemove(ids));
    },
  };
}
