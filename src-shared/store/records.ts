import type { EndpointId } from '../api/index.js';
import type { IndexKey } from './index-keys.js';
import type { ScopeId, ScopeKey } from './scope-key.js';

/** A mirrored row as it is stored: the server's row plus what the mirror needs. */
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
