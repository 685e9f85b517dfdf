import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaStatus, MediaUsage } from '../../../src-shared/media/index.js';
import { isAbort } from '../abort.js';
import type { Clock, Sleep } from '../clock.js';
import type { Logger } from '../logger.js';
import { downloadMedia, type DownloadDeps } from './media-download.js';
import { evictionPlan, newEntry, readMediaIndex, writeMediaIndex, type MediaEntry } from './media-index.js';
import { MEDIA_LIMITS, mayCarryToken, refRefusal, type MediaLimits } from './media-policy.js';
import type { MediaRef } from './media-refs.js';

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
  /** The budget may have changed: evicts what no longer fits. */
  budgetChanged(): void;
  /** The local file of a stored copy (marked as used now), or null. */
  open(key: string): { readonly path: string; readonly contentType: string; readonly size: number } | null;
}

const FAILED_BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 60 * 60_000];
const IDLE_WAIT_MS = 2_000;
// The index of a large workspace is megabytes: written when idle at most this often (and at stop).
const SAVE_INTERVAL_MS = 30_000;
// After a file's server could not be reached, the background waits this long before trying others (offline).
const UNREACHABLE_PAUSE_MS = 30_000;

function statusOf(url: string, entry: MediaEntry | undefined): MediaStatus {
  if (!entry) return { url, state: 'unknown', reason: null, pinned: false, key: null, size: null, contentType: null };
  const stored = entry.state === 'stored';
  return { url, state: entry.state, reason: entry.reason, pinned: entry.pinned, key: stored ? entry.key : null, size: stored ? entry.size : null, contentType: stored ? entry.contentType : null };
}

export function createMediaCache(options: MediaCacheOptions): MediaCache {
  const limits = options.limits ?? MEDIA_LIMITS;
  const filesDir = join(options.dir, 'files');
  const indexFile = join(options.dir, 'index.json');
  const byUrl = new Map<string, MediaEntry>();
  const byKey = new Map<string, MediaEntry>();
  const wanted = new Set<string>();
  const inFlight = new Set<string>();
  const now = () => options.clock.now();
  let stopped = false;
  // `downloads` cancels the downloads at stop; `idle` cuts the workers' wait short when there is new work.
  const downloads = new AbortController();
  let idle = new AbortController();
  const workers: Promise<void>[] = [];
  let saving: Promise<void> = Promise.resolve();
  let dirty = false;
  let savedAt = Number.NEGATIVE_INFINITY;
  let backgroundPausedUntil = 0;
  const onApiOrigin = (url: string) => mayCarryToken(url, options.download.apiBaseUrl());

  const changed = (urls: readonly string[]) => {
    dirty = true;
    if (urls.length > 0) options.onChange?.(urls);
  };
  const save = () => {
    if (!dirty) return saving;
    dirty = false;
    savedAt = now();
    saving = saving.then(() => writeMediaIndex(options.dir, indexFile, byUrl.values())).catch((error: unknown) => options.log.warn('media index not saved', { message: String(error) }));
    return saving;
  };
  const add = (entry: MediaEntry) => {
    byUrl.set(entry.url, entry);
    byKey.set(entry.key, entry);
  };
  const storedBytes = () => [...byUrl.values()].reduce((n, e) => n + (e.state === 'stored' ? e.size : 0), 0);

  async function evict(): Promise<void> {
    const plan = evictionPlan(byUrl.values(), options.budgetBytes());
    for (const entry of plan) {
      entry.state = 'evicted';
      entry.reason = 'removed to stay within the storage budget';
      entry.size = 0;
      await rm(join(filesDir, entry.key), { force: true });
    }
    if (plan.length > 0) changed(plan.map((e) => e.url));
  }

  /** The next entry to fetch: one the user looks at, else (sync idle, room left) the oldest queued or due retry. */
  function next(): MediaEntry | null {
    for (const url of wanted) {
      wanted.delete(url);
      const entry = byUrl.get(url);
      if (entry && !inFlight.has(url) && entry.state !== 'stored' && entry.state !== 'refused') return entry;
    }
    if (options.busy() || now() < backgroundPausedUntil || storedBytes() >= options.budgetBytes()) return null;
    const headroom = options.apiHeadroom?.() ?? true;
    for (const entry of byUrl.values()) {
      if (inFlight.has(entry.url) || (!headroom && onApiOrigin(entry.url))) continue;
      if (entry.state === 'queued' || (entry.state === 'failed' && entry.tries < FAILED_BACKOFF_MS.length && entry.nextTry <= now())) return entry;
    }
    return null;
  }

  async function fetchOne(entry: MediaEntry): Promise<void> {
    await mkdir(filesDir, { recursive: true });
    const temp = join(filesDir, `${entry.key}.${randomUUID()}.part`);
    const deps = { ...options.download, apiBaseUrl: options.download.apiBaseUrl(), maxBytes: limits.fileBytes };
    const outcome = await downloadMedia(deps, entry, temp, downloads.signal);
    if (outcome.kind === 'stored') {
      await rename(temp, join(filesDir, entry.key));
      Object.assign(entry, { state: 'stored', contentType: outcome.type, size: outcome.size, lastUsed: now(), reason: null, tries: 0 });
      await evict();
    } else if (outcome.kind === 'refused') {
      Object.assign(entry, { state: 'refused', reason: outcome.reason });
    } else {
      if (outcome.unreachable) backgroundPausedUntil = now() + UNREACHABLE_PAUSE_MS;
      entry.tries += 1;
      Object.assign(entry, { state: 'failed', reason: outcome.reason, nextTry: now() + FAILED_BACKOFF_MS[Math.min(entry.tries, FAILED_BACKOFF_MS.length) - 1]! });
    }
    changed([entry.url]);
  }

  /** One download worker: takes entries until stopped, idling while there is nothing to do. */
  async function worker(): Promise<void> {
    while (!stopped) {
      const entry = next();
      if (!entry) {
        // Taken before saving: work noticed while the index is written cuts this wait short too.
        const woken = idle.signal;
        if (now() - savedAt >= SAVE_INTERVAL_MS) await save();
        await options.sleep(IDLE_WAIT_MS, woken).catch(() => undefined);
        continue;
      }
      inFlight.add(entry.url);
      try {
        await fetchOne(entry);
      } catch (error) {
        if (!isAbort(error)) options.log.warn('media download failed', { message: String(error) });
      } finally {
        inFlight.delete(entry.url);
      }
    }
  }

  function wake(): void {
    idle.abort();
    idle = new AbortController();
  }

  const cache: MediaCache = {
    async start() {
      for (const entry of await readMediaIndex(indexFile)) add(entry);
      // Files the index does not know (a quit before it was written, a download cut off) are dropped.
      const known = new Set([...byUrl.values()].filter((e) => e.state === 'stored').map((e) => e.key));
      const names = await readdir(filesDir).catch(() => [] as string[]);
      await Promise.all(names.filter((n) => !known.has(n)).map((n) => rm(join(filesDir, n), { force: true })));
      for (let i = 0; i < (options.concurrency ?? 2); i++) workers.push(worker());
    },
    async stop() {
      stopped = true;
      downloads.abort();
      wake();
      await Promise.all(workers);
      dirty = true;
      await save();
    },
    note(refs) {
      const fresh: string[] = [];
      for (const ref of refs) {
        if (byUrl.has(ref.url) || byUrl.size >= limits.indexEntries) continue;
        const entry = newEntry(ref.url, ref.contentType, now());
        const refusal = refRefusal(ref.url, ref.contentType);
        if (refusal) Object.assign(entry, { state: 'refused', reason: refusal });
        add(entry);
        fresh.push(ref.url);
      }
      if (fresh.length > 0) dirty = true;
      wake();
    },
    status(urls, want) {
      return urls.map((url) => {
        const entry = byUrl.get(url);
        if (want && entry && (entry.state === 'queued' || entry.state === 'evicted' || entry.state === 'failed')) wanted.add(url);
        return statusOf(url, entry);
      });
      if (wanted.size > 0) wake();
    },
    pin(url, pinned) {
      const entry = byUrl.get(url);
      if (!entry) return statusOf(url, undefined);
      entry.pinned = pinned;
      if (pinned && entry.state !== 'stored' && entry.state !== 'refused') {
        wanted.add(url);
        wake();
      }
      changed([url]);
      if (!pinned) void evict();
      return statusOf(url, entry);
    },
    usage() {
      const all = [...byUrl.values()];
      const stored = all.filter((e) => e.state === 'stored');
      return {
        bytes: stored.reduce((n, e) => n + e.size, 0),
        files: stored.length,
        pinnedBytes: stored.filter((e) => e.pinned).reduce((n, e) => n + e.size, 0),
        budgetBytes: options.budgetBytes(),
        queued: all.filter((e) => e.state === 'queued').length,
        refused: all.filter((e) => e.state === 'refused').length,
      };
    },
    budgetChanged() {
      void evict().then(save);
    },
    open(key) {
      const entry = byKey.get(key);
      if (!entry || entry.state !== 'stored' || !entry.contentType) return null;
      entry.lastUsed = now();
      dirty = true;
      return { path: join(filesDir, entry.key), contentType: entry.contentType, size: entry.size };
    },
  };
  return cache;
}
