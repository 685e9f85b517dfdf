import type { EndpointId } from '../api/index.js';
import type { IndexKey } from './index-keys.js';
import type { ScopeId, ScopeKey } from './scope-key.js';

/** A mirrored row as readers see it: the server's row plus what the mirror knows of it (see row-source.ts). */
export interface StoredRow {
  /** The list's {@link ScopeId}: what the primary key and every index start with. */
  readonly scope: ScopeId;
  /** The list's scope key (not indexed). */
  readonly scopeKey: ScopeKey;
  /** The row's primary key (compound keys joined with `+`). */
  readonly key: string;
  /** The pass that last wrote the row; rows of a scope not stamped by a full pass are swept. */
  readonly pass: string;
  readonly row: Record<string, unknown>;
  /** Encoded copies of the indexed fields (see index-keys.ts). */
  readonly k: Record<string, IndexKey>;
  /** 1 while a local edit of this row waits in the outbox. */
  readonly pending?: 0 | 1;
}

export type ScopeStatus =
  | 'idle'
  | 'queued'
  | 'syncing'
  | 'error'
  | 'paused'
  | 'not-permitted'
  | 'not-available';

export interface PassCheckpoint {
  readonly id: string;
  readonly mode: 'full' | 'delta';
  /** The next page to fetch; null before the first page. */
  readonly nextUrl: string | null;
  /** When the server issued `nextUrl` (cursors expire 6 hours later). */
  readonly nextUrlIssuedAt: string | null;
  readonly pages: number;
  readonly rows: number;
  readonly startedAt: string;
}

export interface ScopeError {
  readonly code: string;
  readonly message: string;
  readonly at: string;
}

/** Everything the engine keeps about one list scope; saved with every page. */
export interface ScopeState {
  readonly scope: ScopeKey;
  readonly endpoint: EndpointId;
  readonly params: Readonly<Record<string, string>>;
  /** The scope whose rows made this one known (discovered children), or null for roots and sources. */
  readonly parent: ScopeKey | null;
  readonly status: ScopeStatus;
  readonly pass: PassCheckpoint | null;
  readonly lastFullAt: string | null;
  readonly lastDeltaAt: string | null;
  /** Highest creation and modification times seen, for delta passes. */
  readonly highWater: { readonly created: string | null; readonly modified: string | null };
  readonly lastError: ScopeError | null;
  /** Why a scope is not permitted or not available, in the server's words where known. */
  readonly reason: string | null;
  readonly rowCount: number;
}

/** A server row that failed its schema: kept aside with the reason, never lost. */
export interface QuarantineEntry {
  readonly id?: number;
  readonly scope: ScopeKey;
  readonly endpoint: EndpointId;
  /** JSON path of the first problem, for example `$.data[3].creationDateTime`. */
  readonly path: string;
  readonly reason: string;
  readonly row: unknown;
  readonly at: string;
}

export type SourceKind =
  | 'dataList'
  | 'calendar'
  | 'serviceformModule'
  | 'survey'
  | 'task'
  | 'taskModule'
  | 'contentPost';

/** A root the API cannot list, added by the user (or by the demo workspace). */
export interface SourceRecord {
  /** The scope key of the list it roots. */
  readonly id: ScopeKey;
  readonly kind: SourceKind;
  readonly params: Readonly<Record<string, string>>;
  readonly label: string | null;
  readonly addedAt: string;
}

/**
 * The keys and pass of one chunk of a list's rows (part of one API page: at most 250
 * rows and ~100 KB of text, chunk-writes.ts),
 * stored apart from the rows so that finding a key, counting a list and sweeping it
 * read no row. `chunk` is the scope's write sequence number when it was written: of
 * two copies of a key, the one with the higher number is the current one.
 */
export interface ChunkHead {
  readonly scope: ScopeId;
  readonly chunk: number;
  readonly scopeKey: ScopeKey;
  /** The mirror table (resource) the rows belong to. */
  readonly table: string;
  /** The pass that wrote the chunk; chunks of other passes are swept after a full pass. */
  readonly pass: string;
  readonly keys: readonly string[];
  /**
   * The encoded value of every sortable or filterable field (index-keys.ts), a column
   * per field in the order of `keys`: lists and charts sort, filter and count on
   * these without reading a row.
   */
  readonly columns?: Readonly<Record<string, readonly IndexKey[]>>;
}

/**
 * The rows of one chunk, in the order of its head's keys, each as its JSON text:
 * reading a chunk then copies up to 250 strings, and only the rows shown are parsed
 * (a chunk of objects costs its whole object graph on every read). Rows stored as
 * objects are read too.
 */
export interface ChunkBody {
  readonly scope: ScopeId;
  readonly chunk: number;
  readonly rows: readonly (string | Record<string, unknown>)[];
}

/**
 * One row written on its own (E5 refresh, write answers, the outbox's local copies),
 * keyed `[scope+key]`. It is the key's current copy unless a chunk with a higher
 * number holds the key.
 */
export interface OverlayEntry {
  readonly scope: ScopeId;
  readonly scopeKey: ScopeKey;
  readonly table: string;
  readonly key: string;
  /** The scope's write sequence number when it was written. */
  readonly seq: number;
  /**
   * The pass stamp; null (the rule) means the stamp of the copy it replaced: the
   * newest chunk holding the key below `seq`, else none ('').
   */
  readonly pass: string | null;
  /** The row; null marks a deleted row (a tombstone hiding older chunk copies). */
  readonly row: Record<string, unknown> | null;
  /** 1 while a local edit of this row waits in the outbox. */
  readonly pending?: 1;
  /** With `pending`: the server copy the local copy was built on. */
  readonly base?: Record<string, unknown> | null;
}

/**
 * Per scope: the last write sequence number (the scope's change version: any write
 * raises it) and the last one at which rows were removed (a sweep, a deleted local
 * copy), before which a reader's incremental copy must be rebuilt.
 */
export interface ScopeRevision {
  readonly scope: ScopeId;
  readonly seq: number;
  readonly resetAt: number;
  /**
   * The scope's live rows as last counted, and the sequence number they were counted at:
   * the count stands while `seq` has not moved (every write raises it), so a pass that
   * wrote nothing is not counted again from every chunk head.
   */
  readonly counted?: { readonly seq: number; readonly rows: number };
  /**
   * The chunks that held, at the last sweep, the rows created or last modified within
   * `DELTA_OVERLAP_MS` of the list's latest: the rows the next delta reads again
   * (chunk-writes.ts, `changedRows`), each holding the current copies of its keys then;
   * `at`: the sequence number of that sweep. Kept across later writes, and used while
   * every chunk written since is among the newest a delta page reads.
   */
  readonly edge?: { readonly at: number; readonly chunks: readonly number[] };
}

/**
 * Something a list screen derived from a scope's rows at revision `seq` (its sortable
 * columns, its first rows), kept so that opening the list again does not rebuild it.
 * The renderer owns the shape of `value`; the store only deletes these with the scope.
 */
export interface ListCacheRecord {
  readonly scope: ScopeId;
  /** What it is, for example 'columns' or 'first'. */
  readonly part: string;
  readonly seq: number;
  readonly value: unknown;
}
