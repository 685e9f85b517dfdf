import type { EndpointId } from '../api/index.js';
import { isRowsText, type PageRows } from './page-rows.js';
import type { QuarantineEntry, ScopeState, SourceRecord } from './records.js';
import type { ScopeKey } from './scope-key.js';

/**
 * The store port: everything the sync engine asks of the local database. Main calls
 * it over the bridge; its Dexie implementation runs in the renderer (and, in unit
 * tests, directly on fake-indexeddb). Every method is one transaction.
 */
export interface MirrorStore {
  /**
   * Upserts a page of valid rows stamped with the pass id, quarantines the rejected
   * ones and saves the scope's checkpoint, all in one transaction: either the page
   * and its checkpoint are stored, or neither is.
   */
  applyPage(command: ApplyPageCommand): Promise<{ readonly written: number }>;
  /**
   * Ends a pass: when `sweep` is set (a complete full pass), deletes the scope's rows
   * not stamped with `pass`; then saves the final scope state with its row count
   * (returned as `rowCount` by implementations that count).
   */
  finishPass(command: FinishPassCommand): Promise<{ readonly deleted: number; readonly rowCount?: number }>;
  /** Writes one row (E5 refresh, write answers) without touching pass stamps of others. */
  putRow(command: PutRowCommand): Promise<void>;
  getScopes(): Promise<ScopeState[]>;
  putScopes(states: readonly ScopeState[]): Promise<void>;
  /** Forgets scopes; their rows are deleted too. */
  removeScopes(scopes: readonly ScopeKey[]): Promise<void>;
  /** Rows of one scope (for discovering children), only the fields asked for. */
  scopeRows(endpoint: EndpointId, scope: ScopeKey): Promise<Record<string, unknown>[]>;
  getSources(): Promise<SourceRecord[]>;
  putSource(source: SourceRecord): Promise<void>;
  removeSource(id: string): Promise<void>;
  /** Deletes every mirrored row, scope, quarantine entry (not the outbox). */
  clearMirror(): Promise<void>;
}

export interface ApplyPageCommand {
  readonly endpoint: EndpointId;
  readonly scope: ScopeKey;
  readonly pass: string;
  /** The valid rows; across the bridge, their text where main could hand that on (page-rows.ts). */
  readonly rows: PageRows;
  /**
   * On main's side only: the text of the page's rows array as the server sent it, when it
   * is exactly `rows` (every row valid and kept as it came). The bridge sends it instead
   * of the rows ({@link pageForWindow}).
   */
  readonly rowsText?: string;
  readonly quarantined: readonly QuarantineEntry[];
  readonly state: ScopeState;
}

export interface FinishPassCommand {
  readonly endpoint: EndpointId;
  readonly scope: ScopeKey;
  readonly pass: string;
  readonly sweep: boolean;
  readonly state: ScopeState;
}

export interface PutRowCommand {
  readonly endpoint: EndpointId;
  readonly scope: ScopeKey;
  readonly row: Record<string, unknown>;
}

/** A page command as it crosses the bridge: its rows as their text, where main has that. */
export function pageForWindow(command: ApplyPageCommand): ApplyPageCommand {
  const { rowsText, ...rest } = command;
  return rowsText === undefined || isRowsText(command.rows) ? rest : { ...rest, rows: { json: rowsText, count: command.rows.length } };
}
