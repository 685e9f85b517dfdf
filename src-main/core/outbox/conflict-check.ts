import {
  applyEditsLocally,
  isPatchEdit,
  pathsOfOps,
  pathValue,
  sameValue,
  type OutboxEntry,
  type PathDifference,
  type Row,
} from '../../../src-shared/outbox/index.js';

/**
 * The paths on which a patch would overwrite a change it was not based on: a path it
 * writes whose value in `theirs` (the newest server copy, earlier unsent edits on top)
 * differs from the value in the entry's `base`, and that the patch would change. A
 * path unknown to either copy (a user known only by id) is no conflict: nothing seen
 * can be overwritten. Empty for creates and for entries without a base.
 */
export function conflictDifferences(entry: OutboxEntry, theirs: Row | null): PathDifference[] {
  const { edit, base } = entry;
  if (!isPatchEdit(edit) || !base || !theirs) return [];
  const kind = edit.kind === 'patchPost' ? 'post' : 'user';
  const mine = applyEditsLocally(theirs, [edit]);
  const differences: PathDifference[] = [];
  for (const path of pathsOfOps(kind, edit.ops)) {
    const was = pathValue(kind, path, base);
    const now = pathValue(kind, path, theirs);
    const wanted = pathValue(kind, path, mine);
    if (was === undefined || now === undefined || sameValue(was, now) || sameValue(wanted, now)) continue;
    differences.push({ path, base: was, theirs: now, mine: wanted });
  }
  return differences;
}

/**
 * Checks a target's unsettled entries (in `seq` order) against its newest server copy
 * before any of them is sent: each queued patch is compared with the server copy plus
 * the edits before it. Returns the entries that must stop as `conflict`, in order.
 * Null `server` (no newer copy mirrored) stops nothing.
 */
export function conflictsInRun(run: readonly OutboxEntry[], server: Row | null, at: string): OutboxEntry[] {
  if (!server) return [];
  const stopped: OutboxEntry[] = [];
  for (let i = 0; i < run.length; i += 1) {
    const entry = run[i]!;
    if (entry.state !== 'queued') continue;
    const theirs = applyEditsLocally(server, run.slice(0, i).map((e) => e.edit)) ?? server;
    const differences = conflictDifferences(entry, theirs);
    if (differences.length === 0) continue;
    stopped.push({ ...entry, state: 'conflict', conflict: { theirs, differences }, updatedAt: at });
  }
  return stopped;
}
