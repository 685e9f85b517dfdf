import { Dexie } from 'dexie';
import { endpoints, rowKey, type EndpointId } from '../api/index.js';
import type { MirrorStore } from './mirror-store.js';
import { quarantineKeyOf, staleQuarantineIds } from './quarantine-keys.js';
import type { StoredRow } from './records.js';
import { mirrorKey, mirrorTable, mirrorTableSpecs, scopeRowsOf, storedRow, type OutpostDb } from './schema.js';
import { scopeId, type ScopeKey } from './scope-key.js';

function toStored(endpointId: EndpointId, scope: ScopeKey, pass: string, row: Record<string, unknown>): StoredRow {
  const endpoint = endpoints[endpointId];
  return storedRow(endpoint.table, scope, rowKey(endpoint, row), pass, row);
}

/** The Dexie implementation of the store port. */
export function createDexieMirrorStore(db: OutpostDb): MirrorStore {
  return {
    async applyPage({ endpoint, scope, pass, rows, quarantined, state }) {
      const table = mirrorTable(db, endpoints[endpoint].table);
      await db.transaction('rw', [table, db.quarantine, db.scopes], async () => {
        const stored = rows.map((row) => toStored(endpoint, scope, pass, row));
        await table.bulkPut(stored);
        // The quarantine keeps one entry per row, the latest; a valid copy of the row ends it.
        const keys = new Set([...stored.map((r) => r.key), ...quarantined.map((q) => quarantineKeyOf(endpoint, q.row)).filter((k) => k !== null)]);
        const inScope = db.quarantine.where('scope').equals(scope);
        if ((await inScope.count()) > 0) {
          const stale = staleQuarantineIds(endpoint, await inScope.toArray(), keys);
          if (stale.length > 0) await db.quarantine.bulkDelete(stale);
        }
        if (quarantined.length > 0) await db.quarantine.bulkAdd(quarantined.map((q) => ({ ...q })));
        await db.scopes.put(state);
      });
      return { written: rows.length };
    },

    async finishPass({ endpoint, scope, pass, sweep, state }) {
      const table = mirrorTable(db, endpoints[endpoint].table);
      let deleted = 0;
      let rowCount = 0;
      await db.transaction('rw', [table, db.scopes], async () => {
        if (sweep) {
          const index = table.where('[scope+pass]');
          const id = scopeId(scope);
          deleted += await index.between([id, Dexie.minKey], [id, pass], true, false).delete();
          deleted += await index.between([id, pass], [id, Dexie.maxKey], false, true).delete();
        }
        rowCount = await scopeRowsOf(db, endpoints[endpoint].table, scope).count();
        await db.scopes.put({ ...state, rowCount });
      });
      return { deleted, rowCount };
    },

    async putRow({ endpoint, scope, row }) {
      const table = mirrorTable(db, endpoints[endpoint].table);
      const key = rowKey(endpoints[endpoint], row);
      await db.transaction('rw', table, async () => {
        const existing = await table.get(mirrorKey(scope, key));
        await table.put(toStored(endpoint, scope, existing?.pass ?? '', row));
      });
    },

    getScopes: () => db.scopes.toArray(),

    async putScopes(states) {
      await db.scopes.bulkPut([...states]);
    },

    async removeScopes(scopes) {
      const names = Object.keys(mirrorTableSpecs());
      const tables = names.map((t) => mirrorTable(db, t));
      await db.transaction('rw', [...tables, db.scopes, db.quarantine], async () => {
        for (const scope of scopes) {
          for (const name of names) await scopeRowsOf(db, name, scope).delete();
          await db.quarantine.where('scope').equals(scope).delete();
        }
        await db.scopes.bulkDelete([...scopes]);
      });
    },

    async scopeRows(endpoint, scope) {
      const rows = await scopeRowsOf(db, endpoints[endpoint].table, scope).toArray();
      return rows.map((r) => r.row);
    },

    getSources: () => db.sources.toArray(),
    async putSource(source) {
      await db.sources.put(source);
    },
    async removeSource(id) {
      await db.sources.delete(id);
    },

    async clearMirror() {
      const tables = Object.keys(mirrorTableSpecs()).map((t) => mirrorTable(db, t));
      await db.transaction('rw', [...tables, db.scopes, db.quarantine], async () => {
        for (const table of tables) await table.clear();
        await db.scopes.clear();
        await db.quarantine.clear();
      });
    },
  };
}
