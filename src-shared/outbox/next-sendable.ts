import { coalesce, type SendBatch } from './coalesce.js';
import { isTemporaryId } from './edit.js';
import { bySeq, isUnsettled, type OutboxEntry } from './entry.js';
import type { Target } from './target.js';

/** The unsettled entries of each target, in `seq` order. */
export function runsByTarget(entries: readonly OutboxEntry[]): Map<Target, OutboxEntry[]> {
  const runs = new Map<Target, OutboxEntry[]>();
  for (const entry of bySeq(entries)) {
    if (!isUnsettled(entry.state)) continue;
    const run = runs.get(entry.target);
    if (run) run.push(entry);
    else runs.set(entry.target, [entry]);
  }
  return runs;
}

/** A patch of a post created offline that the server has not numbered yet. */
export function waitsForCreate(entry: OutboxEntry): boolean {
  return entry.edit.kind === 'patchPost' && isTemporaryId(entry.edit.contentId);
}

/**
 * What to send next: among targets whose first unsettled entry is queued, the one
 * queued earliest, with its following queued patches coalesced. A target whose head
 * is in flight, refused (needs-attention) or uncertain blocks only its own later
 * entries; a patch of a post created offline waits until its create is sent (and
 * remapped). Targets in `alone` send one entry per request (no coalescing).
 * Returns null when nothing can be sent.
 */
export function nextSendable(
  entries: readonly OutboxEntry[],
  alone: ReadonlySet<Target> = new Set(),
): SendBatch | null {
  let best: { seq: number; batch: SendBatch } | null = null;
  for (const run of runsByTarget(entries).values()) {
    const head = run[0]!;
    if (head.state !== 'queued' || waitsForCreate(head)) continue;
    if (best && best.seq < head.seq) continue;
    const batch = coalesce(run, alone.has(head.target));
    if (batch) best = { seq: head.seq, batch };
  }
  return best?.batch ?? null;
}
