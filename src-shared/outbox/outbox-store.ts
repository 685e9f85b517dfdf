import type { StoredRow } from '../store/index.js';
import type { Row } from './apply-edits-locally.js';
import type { OutboxEntry } from './entry.js';
import type { Target } from './target.js';

/**
 * The outbox side of the store port: what main asks of the renderer's database for
 * offline edits. Every method is one Dexie transaction that writes the entries and
 * rebuilds the local copy of every target they touch (server copy + unsettled edits
 * in `seq` order, marked `pending: 1`), so the outbox and the copies never disagree.
 * Every method is idempotent: entries are keyed by their id.
 */
export interface OutboxStore {
  /** Every entry, in `seq` order. */
  outboxList(): Promise<OutboxEntry[]>;
  /**
   * Upserts entries (a new edit, a state change, a discard, a remapped target) and
   * rebuilds the local copies of their targets, old and new.
   */
  outboxPut(command: OutboxPutCommand): Promise<void>;
  /**
   * Records a server answer: upserts the entries, makes `row` the server copy of
   * `target` and re-applies the target's still-unsettled edits on top of it.
   */
  outboxSettle(command: OutboxSettleCommand): Promise<void>;
  /** Forgets entries (settled history); the copies of their targets are rebuilt. */
  outboxRemove(ids: readonly string[]): Promise<void>;
  /**
   * The newest server copy of a target the database holds (the `base` of a pending
   * copy, else the row), or null when it has none: what a queued patch is checked
   * against before it is sent.
   */
  outboxServerCopy(target: Target): Promise<Row | null>;
}

export interface OutboxPutCommand {
  readonly entries: readonly OutboxEntry[];
}

export interface OutboxSettleCommand {
  readonly entries: readonly OutboxEntry[];
  readonly target: Target;
  /** The resource the server answered with. */
  readonly row: Row;
}

/**
 * A mirrored row touched by the outbox. While `pending` is 1, `row` is the local
 * copy and `base` the last server copy it was built on (null for a post created
 * offline, or a user never mirrored).
 */
export interface LocalRow extends StoredRow {
  readonly base?: Row | null;
}
