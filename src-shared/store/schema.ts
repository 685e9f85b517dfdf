import { Dexie, type Table, type Transaction } from 'dexie';
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

/** Tables that are not mirrors of a list, as version 1 declared them. */
const META_TABLE_SPECS_V1 = {
  scopes: 'scope, endpoint, status, parent',
  quarantine: '++id, scope, endpoint, at',
  sources: 'id, kind',
  outbox: 'id, target, state, seq, createdAt',
  meta: 'key',
} as const;

/**
 * Tables that are not mirrors of a list (current version). Version 2 reads one
 * target's edits in order from `[target+seq]` and the quarantine per list.
 */
export const META_TABLE_SPECS = {
  ...META_TABLE_SPECS_V1,
  quarantine: '++id, scope, endpoint, at, [scope+at]',
  outbox: 'id, target, state, seq, createdAt, [target+seq]',
} as const;

/**
 * Every schema version the app has shipped, oldest first. A new version is appended
 * (never edited), with an `upgrade` when existing rows must change; Dexie runs the
 * upgrades of every version newer than the one on disk. Tests open a database at each
 * earlier version and upgrade it.
 */
export interface SchemaVersion {
  readonly version: number;
  readonly stores: Readonly<Record<string, string>>;
  readonly upgrade?: (tx: Transaction) => Promise<void>;
}

export const SCHEMA_HISTORY: readonly SchemaVersion[] = [
  { version: 1, stores: { ...mirrorTableSpecs(), ...META_TABLE_SPECS_V1 } },
  { version: 2, stores: { ...mirrorTableSpecs(), ...META_TABLE_SPECS } },
];

export const SCHEMA_VERSION = SCHEMA_HISTORY[SCHEMA_HISTORY.length - 1]!.version;

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

/**
 * Opens (or creates) the Outpost database with the given IndexedDB implementation,
 * declaring every version of {@link SCHEMA_HISTORY} up to `upToVersion` (default: the
 * current one; tests pass an earlier one to build an old database).
 */
export function openDatabase(deps: DbDependencies, name = DB_NAME, upToVersion = SCHEMA_VERSION): OutpostDb {
  const db = new Dexie(name, {
    indexedDB: deps.indexedDB as never,
    IDBKeyRange: deps.IDBKeyRange as never,
  }) as OutpostDb;
  for (const step of SCHEMA_HISTORY) {
    if (step.version > upToVersion) break;
    const declared = db.version(step.version).stores({ ...step.stores });
    if (step.upgrade) declared.upgrade(step.upgrade);
  }
  return db;
}

export function mirrorTable(db: OutpostDb, table: string): Table<StoredRow, [string, string]> {
  return db.table(table);
}
