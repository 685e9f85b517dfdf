import { Dexie, type Collection, type Table, type Transaction } from 'dexie';
import { endpoints, indexedFields } from '../api/index.js';
import { tableIndexKeys } from './index-keys.js';
import type { QuarantineEntry, ScopeState, SourceRecord, StoredRow } from './records.js';
import { scopeId, type ScopeKey } from './scope-key.js';

/**
 * The Dexie database, derived from the catalogue: one table per resource table named
 * there, primary key `[scope+key]` (scope as its {@link scopeId}, so one list's rows
 * are one key range), an index on `key` (joins by id), `[scope+pass]` (sweeps) and
 * `[scope+k.<field>]` for every F or S field (one list's rows, in order).
 */

export const DB_NAME = 'outpost';

/**
 * The Dexie store spec of every mirrored table. Versions 1 and 2 also indexed `scope`
 * alone (a range of the primary key does the same).
 */
export function mirrorTableSpecs(options: { scopeIndex?: boolean } = {}): Record<string, string> {
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
      ...(options.scopeIndex ? ['scope'] : []),
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
  { version: 1, stores: { ...mirrorTableSpecs({ scopeIndex: true }), ...META_TABLE_SPECS_V1 } },
  { version: 2, stores: { ...mirrorTableSpecs({ scopeIndex: true }), ...META_TABLE_SPECS } },
  // Version 3 stores a row's scope as its scopeId (the key moves to `scopeKey`).
  { version: 3, stores: { ...mirrorTableSpecs(), ...META_TABLE_SPECS }, upgrade: scopeIdsForScopeKeys },
];

/** Version 3's upgrade: rows keep their scope key in `scopeKey` and are keyed by its id. */
async function scopeIdsForScopeKeys(tx: Transaction): Promise<void> {
  for (const table of Object.keys(mirrorTableSpecs())) {
    await tx
      .table(table)
      .toCollection()
      .modify((row: { scope: unknown; scopeKey?: unknown }) => {
        if (typeof row.scope !== 'string') return;
        row.scopeKey = row.scope;
        row.scope = scopeId(row.scope);
      });
  }
}

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

export type MirrorKey = [number, string];

export function mirrorTable(db: OutpostDb, table: string): Table<StoredRow, MirrorKey> {
  return db.table(table);
}

/** The primary key of a list's row. */
export function mirrorKey(scope: ScopeKey, key: string): MirrorKey {
  return [scopeId(scope), key];
}

/** A list's row as the mirror tables store it. */
export function storedRow(table: string, scope: ScopeKey, key: string, pass: string, row: Record<string, unknown>): StoredRow {
  return { scope: scopeId(scope), scopeKey: scope, key, pass, row, k: tableIndexKeys(table, row) };
}

/** One list's rows in the order of an indexed field, between two encoded values (default: all). */
export function fieldRange(
  db: OutpostDb,
  table: string,
  scope: ScopeKey,
  field: string,
  range: { from?: unknown; to?: unknown; includeUpper?: boolean } = {},
): Collection<StoredRow, MirrorKey> {
  const id = scopeId(scope);
  return mirrorTable(db, table)
    .where(`[scope+k.${field}]`)
    .between([id, range.from ?? Dexie.minKey], [id, range.to ?? Dexie.maxKey], true, range.includeUpper ?? true);
}

/** Every row of one list, in primary-key order. */
export function scopeRowsOf(db: OutpostDb, table: string, scope: ScopeKey): Collection<StoredRow, MirrorKey> {
  const id = scopeId(scope);
  return mirrorTable(db, table).where('[scope+key]').between([id, Dexie.minKey], [id, Dexie.maxKey]);
}
