import { Dexie, type Table, type Transaction } from 'dexie';
import { endpoints, indexedFields } from '../api/index.js';
import { rowsIntoChunks } from './chunk-migration.js';
import type { ChunkBody, ChunkHead, ListCacheRecord, OverlayEntry, QuarantineEntry, ScopeRevision, ScopeState, SourceRecord } from './records.js';
import { scopeId } from './scope-key.js';

/**
 * The Dexie database. Since version 4 mirrored rows are stored in chunks (an API page
 * is a few of them): `chunkHeads` (keys and pass) and `chunkBodies` (rows), both keyed
 * `[scope+chunk]`, plus `overlay` for rows written one at a time and `revisions`, the
 * change version of each scope. Only row-source.ts reads them; the list screens sort
 * and filter in memory on columns (src-renderer/list), not on IndexedDB indexes.
 * Versions 1 to 3 had one table per resource table, one record per row, and an index
 * per F or S field: one record per row capped the mirror at about 2,000 rows/s.
 */

export const DB_NAME = 'outpost';

/**
 * The Dexie store spec of every per-row mirror table of versions 1 to 3 (each resource
 * table of the catalogue). Versions 1 and 2 also indexed `scope` alone.
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
  /** Dexie store specs; null deletes a table of an earlier version. */
  readonly stores: Readonly<Record<string, string | null>>;
  readonly upgrade?: (tx: Transaction) => Promise<void>;
}

/** The chunk tables of version 4 (see the top of this file). */
export const CHUNK_TABLE_SPECS = {
  chunkHeads: '[scope+chunk], [scope+pass], table',
  chunkBodies: '[scope+chunk]',
  overlay: '[scope+key], key, table, [scope+seq], pending',
  revisions: 'scope',
} as const;

/**
 * Version 5: `listCaches`, keyed `[scope+part]`, what the list screens derived from a
 * list at a revision (its columns, its first rows), so a list opened again starts from
 * them instead of every chunk head. Derived data only: a record older than the
 * scope's last removal is ignored, and removing a scope or the mirror deletes them.
 */
export const LIST_CACHE_TABLE_SPECS = {
  listCaches: '[scope+part]',
} as const;

/** Version 4 drops the per-row tables (null), once their rows are moved into chunks. */
const dropRowTables = () => Object.fromEntries(Object.keys(mirrorTableSpecs()).map((t) => [t, null]));

export const SCHEMA_HISTORY: readonly SchemaVersion[] = [
  { version: 1, stores: { ...mirrorTableSpecs({ scopeIndex: true }), ...META_TABLE_SPECS_V1 } },
  { version: 2, stores: { ...mirrorTableSpecs({ scopeIndex: true }), ...META_TABLE_SPECS } },
  // Version 3 stores a row's scope as its scopeId (the key moves to `scopeKey`).
  { version: 3, stores: { ...mirrorTableSpecs(), ...META_TABLE_SPECS }, upgrade: scopeIdsForScopeKeys },
  // Version 4 stores rows in chunks (see the top of this file).
  { version: 4, stores: { ...dropRowTables(), ...CHUNK_TABLE_SPECS, ...META_TABLE_SPECS }, upgrade: (tx) => rowsIntoChunks(tx, Object.keys(mirrorTableSpecs())) },
  // Version 5 keeps what the list screens derive from a list (see LIST_CACHE_TABLE_SPECS).
  { version: 5, stores: { ...CHUNK_TABLE_SPECS, ...META_TABLE_SPECS, ...LIST_CACHE_TABLE_SPECS } },
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
  chunkHeads: Table<ChunkHead, [number, number]>;
  chunkBodies: Table<ChunkBody, [number, number]>;
  overlay: Table<OverlayEntry, MirrorKey>;
  revisions: Table<ScopeRevision, number>;
  listCaches: Table<ListCacheRecord, [number, string]>;
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
    const declared = db.version(step.version).stores({ ...step.stores } as Record<string, string>);
    if (step.upgrade) declared.upgrade(step.upgrade);
  }
  return db;
}

/** The primary key of a chunk (`[scope+chunk]`) or an overlay entry (`[scope+key]`). */
export type MirrorKey = [number, string];
