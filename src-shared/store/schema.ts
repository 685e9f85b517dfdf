import { Dexie, type Table } from 'dexie';
import { endpoints, indexedFields } from '../api/index.js';
import type { QuarantineEntry, ScopeState, SourceRecord, StoredRow } from './records.js';

/**
 * The Dexie database, derived from the catalogue: one table per resource table named
 * there, primary key `[scope+key]`, an index on `key` (joins by id), `[scope+pass]`
 * (sweeps) and `[scope+k.<field>]` for every F or S field (one list's rows, in order).
 */

export const DB_NAME = 'outpost';

/** The Dexie store spec of every mirrored table. */
export function mirrorTableSpecs(): Record<string, string> {
  const fieldsByTable = new Map<string, Set<string>>();
  for (const endpoint of Object.values(endpoints)) {
    const set = fieldsByTable.get(endpoint.table) ?? new Set<string>();
    if (endpoint.kind === 'list') for (const field of indexedFields(endpoint)) set.add(field);
    fieldsByTable.set(endpoint.table, set);
  }
  const specs: Record<string, string> = {};
  for (const [table, fields] of fieldsByTable) {
    specs[table] = [
      '[scope+key]',
      'key',
      'scope',
      '[scope+pass]',
      'pending',
      ...[...fields].sort().map((f) => `[scope+k.${f}]`),
    ].join(', ');
  }
  return specs;
}

/** Tables that are not mirrors of a list. */
export const META_TABLE_SPECS = {
  scopes: 'scope, endpoint, status, parent',
  quarantine: '++id, scope, endpoint, at',
  sources: 'id, kind',
  outbox: 'id, target, state, seq, createdAt',
  meta: 'key',
} as const;

export interface MetaRecord {
  readonly key: string;
  readonly value: unknown;
}

export type OutpostDb = Dexie & {
  scopes: Table<ScopeState, string>;
  quarantine: Table<QuarantineEntry, number>;
  sources: Table<SourceRecord, string>;
  outbox: Table<Record<string, unknown>, string>;
  meta: Table<MetaRecord, string>;
};

export interface DbDependencies {
  readonly indexedDB: IDBFactoryLike;
  readonly IDBKeyRange: unknown;
}
/** Structural stand-in for IDBFactory, so this zone needs no DOM types. */
export interface IDBFactoryLike {
  open(name: string, version?: number): unknown;
  deleteDatabase(name: string): unknown;
}

/** Opens (or creates) the Outpost database with the given IndexedDB implementation. */
export function openDatabase(deps: DbDependencies, name = DB_NAME): OutpostDb {
  const db = new Dexie(name, {
    indexedDB: deps.indexedDB as never,
    IDBKeyRange: deps.IDBKeyRange as never,
  }) as OutpostDb;
  db.version(1).stores({ ...mirrorTableSpecs(), ...META_TABLE_SPECS });
  return db;
}

export function mirrorTable(db: OutpostDb, table: string): Table<StoredRow, [string, string]> {
  return db.table(table);
}
