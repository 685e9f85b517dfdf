/**
 * What a screen reader hears without looking: milestones of the sync, of the
 * connection and of the outbox, found by comparing two snapshots, and a throttle that
 * keeps a polite live region from being flooded. Pure, so both are tested with a
 * clock of our own.
 */

/** The parts of the sync status that announcements follow. */
export interface SyncSnapshot {
  readonly running: boolean;
  readonly online: boolean;
  readonly lastSyncedAt: string | null;
  /** Keys of the lists whose last pass failed. */
  readonly failed: readonly string[];
}

/** One thing to say; a newer message of the same `key` replaces an older one not yet said. */
export interface Announcement {
  readonly key: string;
  readonly text: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Sync milestones between two snapshots: started, first sync complete, lists failed, offline / back online. */
export function syncAnnouncements(before: SyncSnapshot | null, after: SyncSnapshot): Announcement[] {
  if (!before) return [];
  const said: Announcement[] = [];
  if (before.online !== after.online) said.push({ key: 'network', text: after.online ? 'Back online' : 'Went offline: edits wait in the outbox' });
  if (!before.running && after.running) said.push({ key: 'sync', text: before.lastSyncedAt === null ? 'First sync started' : 'Sync started' });
  if (before.lastSyncedAt === null && after.lastSyncedAt !== null) said.push({ key: 'sync', text: 'First sync complete: everything is available offline' });
  const newlyFailed = after.failed.filter((key) => !before.failed.includes(key));
  if (newlyFailed.length > 0) said.push({ key: 'sync-failed', text: `Sync failed for ${plural(newlyFailed.length, 'list', 'lists')}` });
  return said;
}

/** The states of outbox entries, by id. */
export type OutboxStates = ReadonlyMap<string, string>;

/** Outbox milestones between two snapshots: edits queued, sent and refused, counted. */
export function outboxAnnouncements(before: OutboxStates | null, after: OutboxStates): Announcement[] {
  if (!before) return [];
  let queued = 0;
  let sent = 0;
  let refused = 0;
  for (const [id, state] of after) {
    const was = before.get(id);
    if (was === state) continue;
    if (was === undefined && state === 'queued') queued += 1;
    else if (state === 'sent') sent += 1;
    else if (state === 'needs-attention' || state === 'conflict') refused += 1;
  }
  const said: Announcement[] = [];
  if (queued) said.push({ key: 'outbox-queued', text: `${plural(queued, 'edit', 'edits')} queued, waiting to be sent` });
  if (sent) said.push({ key: 'outbox-sent', text: `${plural(sent, 'edit', 'edits')} sent` });
  if (refused) said.push({ key: 'outbox-refused', text: `${plural(refused, 'edit was', 'edits were')} refused: see the outbox` });
  return said;
}

/**
 * A polite live region's pace: at most one announcement every `gapMs`. What arrives
 * in between waits, the newest message per key replacing an older one (offline, online,
 * offline within a second is said once, as "offline"), and goes out joined as one.
 */
export function createAnnounceThrottle(gapMs: number) {
  let lastAt = Number.NEGATIVE_INFINITY;
  const waiting = new Map<string, string>();

  const take = (now: number): string => {
    const text = [...waiting.values()].join('. ');
    waiting.clear();
    lastAt = now;
    return text;
  };

  return {
    /** Offers messages at `now`; returns the text to say at once, or null when it must wait. */
    offer(messages: readonly Announcement[], now: number): string | null {
      for (const m of messages) {
        waiting.delete(m.key);
        waiting.set(m.key, m.text);
      }
      if (waiting.size === 0 || now - lastAt < gapMs) return null;
      return take(now);
    },
    /** When the waiting messages may be said, or null when none wait. */
    dueAt(): number | null {
      return waiting.size === 0 ? null : lastAt + gapMs;
    },
    /** Says what waits, if its time has come. */
    flush(now: number): string | null {
      if (waiting.size === 0 || now - lastAt < gapMs) return null;
      return take(now);
    },
  };
}
