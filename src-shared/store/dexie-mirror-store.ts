import { endpoints, rowKey } from '../api/index.js';
import { appendPage, clearChunks, countScope, dropScope, noteLastSeq, putLocal, storedPageOf, sweepScope } from './chunk-writes.js';
import type { MirrorStore } from './mirror-store.js';
import { pageRows } from './page-rows.js';
import { quarantineKeyOf, staleQuarantineIds } from './quarantine-keys.js';
import { readScopeRows } from './row-source.js';
import { scopeRange, tablesOf } from './scope-views.js';
import type { OutpostDb } from './schema.js';
import { scopeId } from './scope-key.js';

/**
 * The Dexie implementation of the store port, on the chunked mirror: a page is a few
 * chunk records (each with its head, chunk-writes.ts); single rows go to the overlay.
 */
export function createDexieMirrorStore(db: OutpostDb): MirrorStore {
  return {
    async applyPage(command) {
      const { endpoint, scope, pass, rows: given, quarantined, state } = command;
      const def = endpoints[endpoint];
      const rows = pageRows(given);
      let last: number | undefined;
      let written = 0;
      await db.transaction('rw', [...tablesOf(db), db.quarantine, db.scopes], async () => {
        const keys = rows.map((row) => rowKey(def, row));
        // A delta writes only the rows that changed: those it read again unchanged would move the list's revision.
        last = await appendPage(db, scope, def.table, pass, state.pass?.mode === 'delta', keys, rows);
        written = storedPageOf(rows)?.rows.length ?? 0;
        // The quarantine keeps one entry per row, the latest; a valid copy of the row ends it.
        const inScope = db.quarantine.where('scope').equals(scope);
        if ((await inScope.count()) > 0) {
          const onPage = new Set([...keys, ...quarantined.map((q) => quarantineKeyOf(endpoint, q.row)).filter((k) => k !== null)]);
          const stale = staleQuarantineIds(endpoint, await inScope.toArray(), onPage);
          if (stale.length > 0) await db.quarantine.bulkDelete(stale);
        }
        if (quarantined.length > 0) await db.quarantine.bulkAdd(quarantined.map((q) => ({ ...q })));
        await db.scopes.put(state);
      });
      noteLastSeq(command, last);
      return { written };
    },

    async finishPass(command) {
      const { scope, pass, sweep, state } = command;
      let deleted = 0;
      let rowCount = 0;
      let seq: number | undefined;
      await db.transaction('rw', [...tablesOf(db), db.scopes], async () => {
        if (sweep) ({ deleted, rowCount, seq } = await sweepScope(db, scope, pass));
        else rowCount = await countScope(db, scope);
        await db.scopes.put({ ...state, rowCount });
      });
      noteLastSeq(command, seq);
      return { deleted, rowCount };
    },

    async putRow({ endpoint, scope, row }) {
      const def = endpoints[endpoint];
      await db.transaction('rw', tablesOf(db), () => putLocal(db, { scope, table: def.table, key: rowKey(def, row), row }));
    },

    getScopes: () => db.scopes.toArray(),

    async putScopes(states) {
      await db.scopes.bulkPut([...states]);
    },

    async removeScopes(scopes) {
      await db.transaction('rw', [...tablesOf(db), db.scopes, db.quarantine, db.listCaches], async () => {
        for (const scope of scopes) {
          await dropScope(db, scope);
          // What the list screens derived from the scope goes with it.
          await db.listCaches.where('[scope+part]').between(...scopeRange(scopeId(scope))).delete();
          await db.quarantine.where('scope').equals(scope).delete();
        }
        await db.scopes.bulkDelete([...scopes]);
      });
    },

    async scopeRows(_endpoint, scope) {
      return (await readScopeRows(db, scope)).map((r) => r.row);
    },

    getSources: () => db.sources.toArray(),
    async putSource(source) {
      await db.sources.put(source);
    },
    async removeSource(id) {
      await db.sources.delete(id);
    },

    async clearMirror() {
      await db.transaction('rw', [...tablesOf(db), db.scopes, db.quarantine, db.listCaches], async () => {
        await clearChunks(db);
        await db.listCaches.clear();
        await db.scopes.clear();
        await db.quarantine.clear();
      });
    },
  };
}
