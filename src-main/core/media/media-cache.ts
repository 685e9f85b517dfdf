import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaStatus, MediaUsage } from '../../../src-shared/media/index.js';
import type { Clock, Sleep } from '../clock.js';
import type { Logger } from '../logger.js';
import type { DownloadDeps } from './media-download.js';
import { newEntry, readMediaIndex, type MediaEntry } from './media-index.js';
import { refRefusal, type MediaLimits } from './media-policy.js';
import type { MediaRef } from './media-refs.js';
import { changed, createMediaState, evict, runWorker, save, USER_QUIET_MS, wake } from './media-worker.js';

export interface MediaCacheOptions {
  /** The workspace's media folder: `files/<key>` and `index.json`. */
  readonly dir: string;
  readonly download: Omit<DownloadDeps, 'apiBaseUrl' | 'maxBytes'> & { readonly apiBaseUrl: () => string };
  /** The budget in bytes, read whenever it matters (the settings may change it). */
  readonly budgetBytes: () => number;
  /** True while the sync has passes running: background downloads wait for it. */
  readonly busy: () => boolean;
  /**
   * True while the API's request budget has room for background media (default always):
   * media on the API's origin never take the requests the sync and the outbox need.
   */
  readonly apiHeadroom?: () => boolean;
  readonly clock: Clock;
  readonly sleep: Sleep;
  readonly log: Logger;
  readonly limits?: MediaLimits;
  /** Downloads at once (default 2). */
  readonly concurrency?: number;
  /** Addresses whose state changed (stored, refused, evicted): the renderer asks again. */
  readonly onChange?: (urls: readonly string[]) => void;
}

/** Media kept for offline use, per workspace: noticed in rows, fetched in the background, evicted by budget. */
export interface MediaCache {
  /** Loads the index and starts the background downloads. */
  start(): Promise<void>;
  /** Cancels downloads and writes the index. */
  stop(): Promise<void>;
  /** Media the mirrored rows link to: new addresses are queued (or refused at once). */
  note(refs: readonly MediaRef[]): void;
  /** Where these addresses stand; `want`: the user looks at them, fetch the missing ones first. */
  status(urls: readonly string[], want?: boolean): MediaStatus[];
  /** Pins or unpins a copy; pinning a missing one fetches it. */
  pin(url: string, pinned: boolean): MediaStatus;
  usage(): MediaUsage;
  /**
   * The user acts in the window: the background fetch waits until {@link USER_QUIET_MS}
   * pass without this (what the user looks at or pins is fetched meanwhile).
   */
  userActive(): void;
  /** The budget may have changed: evicts what no longer fits. */
  budgetChanged(): void;
  /** The local file of a stored copy (marked as used now), or null. */
  open(key: string): { readonly path: string; readonly contentType: string; readonly size: number } | null;
}


function statusOf(url: string, entry: MediaEntry | undefined): MediaStatus {
  if (!entry) return { url, state: 'unknown', reason: null, pinned: false, key: null, size: null, contentType: null };
  const stored = entry.state === 'stored';
  return { url, state: entry.state, reason: entry.reason, pinned: entry.pinned, key: stored ? entry.key : null, size: stored ? entry.size : null, contentType: stored ? entry.contentType : null };
}

/** What Settings shows: bytes and files kept (pinned apart), the budget, and what waits or was refused. */
function usageOf(entries: Iterable<MediaEntry>, budgetBytes: number): MediaUsage {
  const all = [...entries];
  const stored = all.filter((e) => e.state === 'stored');
  return {
    bytes: stored.reduce((n, e) => n + e.size, 0),
    files: stored.length,
    pinnedBytes: stored.filter((e) => e.pinned).reduce((n, e) => n + e.size, 0),
    budgetBytes,
    queued: all.filter((e) => e.state === 'queued').length,
    refused: all.filter((e) => e.state === 'refused').length,
  };
}

export function createMediaCache(options: MediaCacheOptions): MediaCache {
  const s = createMediaState(options);
  const { byUrl, byKey, wanted } = s;
  const add = (entry: MediaEntry) => {
    byUrl.set(entry.url, entry);
    byKey.set(entry.key, entry);
  };

  const cache: MediaCache = {
    async start() {
      for (const entry of await readMediaIndex(s.indexFile)) add(entry);
      // Files the index does not know (a quit before it was written, a download cut off) are dropped.
      const known = new Set([...byUrl.values()].filter((e) => e.state === 'stored').map((e) => e.key));
      const names = await readdir(s.filesDir).catch(() => [] as string[]);
      await Promise.all(names.filter((n) => !known.has(n)).map((n) => rm(join(s.filesDir, n), { force: true })));
      for (let i = 0; i < (options.concurrency ?? 2); i++) s.workers.push(runWorker(s));
    },
    async stop() {
      s.stopped = true;
      s.downloads.abort();
      wake(s);
      await Promise.all(s.workers);
      s.dirty = true;
      await save(s);
    },
    note(refs) {
      const fresh: string[] = [];
      for (const ref of refs) {
        if (byUrl.has(ref.url) || byUrl.size >= s.limits.indexEntries) continue;
        const entry = newEntry(ref.url, ref.contentType, options.clock.now());
        const refusal = refRefusal(ref.url, ref.contentType);
        if (refusal) Object.assign(entry, { state: 'refused', reason: refusal });
        add(entry);
        fresh.push(ref.url);
      }
      if (fresh.length > 0) s.dirty = true;
      wake(s);
    },
    status(urls, want) {
      const statuses = urls.map((url) => {
        const entry = byUrl.get(url);
        if (want && entry && (entry.state === 'queued' || entry.state === 'evicted' || entry.state === 'failed')) wanted.add(url);
        return statusOf(url, entry);
      });
      // What the user looks at goes first: a worker idling between checks starts at once.
      if (wanted.size > 0) wake(s);
      return statuses;
    },
    pin(url, pinned) {
      const entry = byUrl.get(url);
      if (!entry) return statusOf(url, undefined);
      entry.pinned = pinned;
      if (pinned && entry.state !== 'stored' && entry.state !== 'refused') {
        wanted.add(url);
        wake(s);
      }
      changed(s, [url]);
      if (!pinned) void evict(s);
      return statusOf(url, entry);
    },
    usage: () => usageOf(byUrl.values(), options.budgetBytes()),
    userActive() {
      s.userActiveUntil = options.clock.now() + USER_QUIET_MS;
    },
    budgetChanged() {
      void evict(s).then(() => save(s));
    },
    open(key) {
      const entry = byKey.get(key);
      if (!entry || entry.state !== 'stored' || !entry.contentType) return null;
      entry.lastUsed = options.clock.now();
      s.dirty = true;
      return { path: join(s.filesDir, entry.key), contentType: entry.contentType, size: entry.size };
    },
  };
  return cache;
}
