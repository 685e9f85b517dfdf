import { isPatchEdit, type OutboxEdit, type PatchOp } from './edit.js';
import type { OutboxEntry } from './entry.js';
import type { Target } from './target.js';

/** What one request sends: one entry, or several unsent patches of a target merged. */
export interface SendBatch {
  readonly target: Target;
  /** The entries the request settles, in order; the first is the head of its target. */
  readonly entryIds: readonly string[];
  readonly edit: OutboxEdit;
}

/**
 * Paths whose value is merged into the field rather than replacing it: a user's custom
 * fields are keyed by external id, so a patch changes only the keys it names.
 */
export const MERGED_PATHS: ReadonlySet<string> = new Set(['/customFields']);

function isSet(op: PatchOp): boolean {
  return (op.op ?? 'replace') !== 'remove';
}

function asObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * Merges patch operations into one list equivalent to applying them in order: a
 * later op on a path drops every earlier op on the same path (the allowed paths are
 * whole top-level fields, so ops on different paths commute). On a merged path a set
 * after a set merges their values, and a set after a remove keeps both.
 */
export function coalesceOps(...lists: readonly (readonly PatchOp[])[]): PatchOp[] {
  const merged: PatchOp[] = [];
  for (const ops of lists) {
    for (const op of ops) {
      let at = merged.length - 1;
      while (at >= 0 && merged[at]!.path !== op.path) at -= 1;
      const earlier = at >= 0 ? merged[at]! : null;
      if (earlier && op.path !== undefined && MERGED_PATHS.has(op.path) && isSet(op)) {
        if (isSet(earlier)) merged[at] = { ...op, value: { ...asObject(earlier.value), ...asObject(op.value) } };
        else merged.push(op);
        continue;
      }
      for (let i = merged.length - 1; i >= 0; i -= 1) if (merged[i]!.path === op.path) merged.splice(i, 1);
      merged.push(op);
    }
  }
  return merged;
}

/**
 * The batch that starts at the head of a target: `run` holds the target's unsettled
 * entries in `seq` order. A create goes alone; a patch takes every queued patch that
 * follows it without a gap, so one request carries them all — unless `alone` is set
 * (after the server refused a merged patch, each edit goes alone to find which one).
 * Returns null when the head is not queued (in flight, refused, uncertain).
 */
export function coalesce(run: readonly OutboxEntry[], alone = false): SendBatch | null {
  const head = run[0];
  if (!head || head.state !== 'queued') return null;
  if (!isPatchEdit(head.edit) || alone) return { target: head.target, entryIds: [head.id], edit: head.edit };
  const taken: OutboxEntry[] = [];
  for (const entry of run) {
    if (entry.state !== 'queued' || !isPatchEdit(entry.edit) || entry.target !== head.target) break;
    taken.push(entry);
  }
  const ops = coalesceOps(...taken.map((e) => (isPatchEdit(e.edit) ? e.edit.ops : [])));
  return { target: head.target, entryIds: taken.map((e) => e.id), edit: { ...head.edit, ops } };
}
