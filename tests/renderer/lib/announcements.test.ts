import { describe, expect, it } from 'vitest';
import { createAnnounceThrottle, outboxAnnouncements, syncAnnouncements, type SyncSnapshot } from '../../../src-renderer/lib/announcements.js';

const snap = (patch: Partial<SyncSnapshot> = {}): SyncSnapshot => ({ running: false, online: true, lastSyncedAt: null, failed: [], ...patch });
const texts = (list: { text: string }[]) => list.map((a) => a.text);

describe('sync milestones', () => {
  it('says nothing for the first snapshot: the state the window opened on is not news', () => {
    expect(syncAnnouncements(null, snap({ running: true, online: false }))).toEqual([]);
  });

  it('says when the first sync starts and when it completes', () => {
    expect(texts(syncAnnouncements(snap(), snap({ running: true })))).toEqual(['First sync started']);
    expect(texts(syncAnnouncements(snap({ running: true }), snap({ running: true, lastSyncedAt: '2026-01-01T00:00:00Z' })))).toEqual([
      'First sync complete: everything is available offline',
    ]);
    expect(texts(syncAnnouncements(snap({ lastSyncedAt: 'x' }), snap({ lastSyncedAt: 'x', running: true })))).toEqual(['Sync started']);
  });

  it('says when lists newly fail, not again while they stay failed', () => {
    expect(texts(syncAnnouncements(snap({ failed: ['a'] }), snap({ failed: ['a', 'b', 'c'] })))).toEqual(['Sync failed for 2 lists']);
    expect(syncAnnouncements(snap({ failed: ['a'] }), snap({ failed: ['a'] }))).toEqual([]);
  });

  it('says when the workspace goes out of reach and comes back', () => {
    expect(texts(syncAnnouncements(snap(), snap({ online: false })))).toEqual(['Went offline: edits wait in the outbox']);
    expect(texts(syncAnnouncements(snap({ online: false }), snap()))).toEqual(['Back online']);
  });

  it('stays quiet while nothing that matters changes', () => {
    expect(syncAnnouncements(snap({ running: true }), snap({ running: true }))).toEqual([]);
  });
});

describe('outbox milestones', () => {
  const states = (entries: [string, string][]) => new Map(entries);

  it('says nothing for the outbox the window opened on', () => {
    expect(outboxAnnouncements(null, states([['1', 'queued']]))).toEqual([]);
  });

  it('counts edits queued, sent and refused since the last snapshot', () => {
    const before = states([['1', 'queued'], ['2', 'sending'], ['3', 'sending']]);
    const after = states([['1', 'sent'], ['2', 'sent'], ['3', 'needs-attention'], ['4', 'queued'], ['5', 'queued']]);
    expect(texts(outboxAnnouncements(before, after))).toEqual(['2 edits queued, waiting to be sent', '2 edits sent', '1 edit was refused: see the outbox']);
  });

  it('stays quiet for entries whose state did not change', () => {
    expect(outboxAnnouncements(states([['1', 'sent']]), states([['1', 'sent']]))).toEqual([]);
  });
});

describe('the announcement throttle', () => {
  it('says the first message at once, then holds the next ones until the gap has passed', () => {
    const throttle = createAnnounceThrottle(2000);
    expect(throttle.offer([{ key: 'sync', text: 'Sync started' }], 0)).toBe('Sync started');
    expect(throttle.offer([{ key: 'outbox-queued', text: '1 edit queued, waiting to be sent' }], 500)).toBeNull();
    expect(throttle.dueAt()).toBe(2000);
    expect(throttle.flush(1999)).toBeNull();
    expect(throttle.flush(2000)).toBe('1 edit queued, waiting to be sent');
    expect(throttle.dueAt()).toBeNull();
    expect(throttle.flush(9000)).toBeNull();
  });

  it('keeps only the newest message of a kind: a flapping connection is said once', () => {
    const throttle = createAnnounceThrottle(2000);
    throttle.offer([{ key: 'sync', text: 'Sync started' }], 0);
    for (let t = 100; t < 1000; t += 100) {
      const online = t % 200 === 0;
      expect(throttle.offer([{ key: 'network', text: online ? 'Back online' : 'Went offline' }], t)).toBeNull();
    }
    expect(throttle.flush(2000)).toBe('Went offline');
  });

  it('joins different kinds waiting together into one announcement, at most one per gap', () => {
    const throttle = createAnnounceThrottle(1000);
    const said: string[] = [];
    // A burst of 50 milestones over 3 s: three announcements at most (t = 0, 1000, 2000), plus one after.
    for (let t = 0; t < 3000; t += 60) {
      const now = throttle.offer([{ key: `k${t % 3}`, text: `m${t}` }], t) ?? throttle.flush(t);
      if (now) said.push(now);
    }
    const last = throttle.flush(throttle.dueAt() ?? 0);
    if (last) said.push(last);
    expect(said.length).toBeLessThanOrEqual(4);
    expect(said[0]).toBe('m0');
    // Nothing is lost: the last message of each kind is said.
    expect(said.join(' ')).toContain('m2940');
  });
});
