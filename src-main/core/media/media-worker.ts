import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isAbort, wakeAndRenew } from '../abort.js';
import type { MediaCacheOptions } from './media-cache.js';
import { downloadMedia } from './media-download.js';
import { evictionPlan, writeMediaIndex, type MediaEntry } from './media-index.js';
import { MEDIA_LIMITS, mayCarryToken, type MediaLimits } from './media-policy.js';

/**
 * The media cache's background half: which copy to fetch next, the download workers,
 * eviction by budget and the index's saving. `media-cache.ts` is the API over it.
 */

const FAILED_BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 60 * 60_000];
const IDLE_WAIT_MS = 2_000;
// The index of a large workspace is megabytes: written when idle at most this often (and at stop).
const SAVE_INTERVAL_MS = 30_000;
// After a file's server could not be reached, the background waits this long before trying others (offline).
const UNREACHABLE_PAUSE_MS = 30_000;
/**
 * The background fetch waits until the user has not acted in the window for this long:
 * on two cores, a large workspace's files fetched while the user scrolled a list made
 * about half of the scroll's frames miss the screen's refresh, against 7 % without.
 */
export const USER_QUIET_MS = 1_500;

/** The cache's mutable state, shared by the API and the workers. */
export interface MediaState {
  readonly options: MediaCacheOptions;
  readonly limits: MediaLimits;
  readonly filesDir: string;
  readonly indexFile: string;
  readonly byUrl: Map<string, MediaEntry>;
  readonly byKey: Map<string, MediaEntry>;
  /** Addresses the user looks at or pinned: fetched before anything else. */
  readonly wanted: Set<string>;
  readonly inFlight: Set<string>;
  readonly workers: Promise<void>[];
  /** Cancels the downloads at stop. */
  readonly downloads: AbortController;
  /** Cuts the workers' wait short when there is new work. */
  idle: AbortController;
  stopped: boolean;
  saving: Promise<void>;
  dirty: boolean;
  savedAt: number;
  backgroundPausedUntil: number;
  /** The background waits while the user acts in the window, until then (epoch ms). */
  userActiveUntil: number;
}

export function createMediaState(options: MediaCacheOptions): MediaState {
  return {
    options,
    limits: options.limits ?? MEDIA_LIMITS,
    filesDir: join(options.dir, 'files'),
    indexFile: join(options.dir, 'index.json'),
    byUrl: new Map(),
    byKey: new Map(),
    wanted: new Set(),
    inFlight: new Set(),
    workers: [],
    downloads: new AbortController(),
    idle: new AbortController(),
    stopped: false,
    saving: Promise.resolve(),
    dirty: false,
    savedAt: Number.NEGATIVE_INFINITY,
    backgroundPausedUntil: 0,
    userActiveUntil: 0,
  };
}

/** Marks the index for saving and tells the renderer which addresses changed state. */
export function changed(s: MediaState, urls: readonly string[]): void {
  s.dirty = true;
  if (urls.length > 0) s.options.onChange?.(urls);
}

/** Writes the index when it changed; writes queue behind each other. */
export function save(s: MediaState): Promise<void> {
  if (!s.dirty) return s.saving;
  s.dirty = false;
  s.savedAt = s.options.clock.now();
  s.saving = s.saving
    .then(() => writeMediaIndex(s.options.dir, s.indexFile, s.byUrl.values()))
    .catch((error: unknown) => s.options.log.warn('media index not saved', { message: String(error) }));
  return s.saving;
}

/** Cuts the workers' idle wait short. */
export function wake(s: MediaState): void {
  s.idle = wakeAndRenew(s.idle);
}

/** Removes the least recently used unpinned copies until the rest fit the budget. */
export async function evict(s: MediaState): Promise<void> {
  const budget = s.options.budgetBytes();
  // Planned only when over: the plan sorts every copy, and this runs after each download.
  if (storedBytes(s) <= budget) return;
  const plan = evictionPlan(s.byUrl.values(), budget);
  for (const entry of plan) {
    entry.state = 'evicted';
    entry.reason = 'removed to stay within the storage budget';
    entry.size = 0;
    await rm(join(s.filesDir, entry.key), { force: true });
  }
  if (plan.length > 0) changed(s, plan.map((e) => e.url));
}

function storedBytes(s: MediaState): number {
  let bytes = 0;
  for (const entry of s.byUrl.values()) if (entry.state === 'stored') bytes += entry.size;
  return bytes;
}

/** The next entry to fetch: one the user looks at, else (sync idle, room left) the oldest queued or due retry. */
function next(s: MediaState): MediaEntry | null {
  const { options } = s;
  const now = options.clock.now();
  for (const url of s.wanted) {
    s.wanted.delete(url);
    const entry = s.byUrl.get(url);
    if (entry && !s.inFlight.has(url) && entry.state !== 'stored' && entry.state !== 'refused') return entry;
  }
  if (options.busy() || now < s.backgroundPausedUntil || now < s.userActiveUntil || storedBytes(s) >= options.budgetBytes()) return null;
  const headroom = options.apiHeadroom?.() ?? true;
  for (const entry of s.byUrl.values()) {
    if (s.inFlight.has(entry.url) || (!headroom && mayCarryToken(entry.url, options.download.apiBaseUrl()))) continue;
    if (entry.state === 'queued' || (entry.state === 'failed' && entry.tries < FAILED_BACKOFF_MS.length && entry.nextTry <= now)) return entry;
  }
  return null;
}

async function fetchOne(s: MediaState, entry: MediaEntry): Promise<void> {
  const { options } = s;
  await mkdir(s.filesDir, { recursive: true });
  const temp = join(s.filesDir, `${entry.key}.${randomUUID()}.part`);
  const deps = { ...options.download, apiBaseUrl: options.download.apiBaseUrl(), maxBytes: s.limits.fileBytes };
  const outcome = await downloadMedia(deps, entry, temp, s.downloads.signal);
  const now = options.clock.now();
  if (outcome.kind === 'stored') {
    await rename(temp, join(s.filesDir, entry.key));
    Object.assign(entry, { state: 'stored', contentType: outcome.type, size: outcome.size, lastUsed: now, reason: null, tries: 0 });
    await evict(s);
  } else if (outcome.kind === 'refused') {
    Object.assign(entry, { state: 'refused', reason: outcome.reason });
  } else {
    if (outcome.unreachable) s.backgroundPausedUntil = now + UNREACHABLE_PAUSE_MS;
    entry.tries += 1;
    Object.assign(entry, { state: 'failed', reason: outcome.reason, nextTry: now + FAILED_BACKOFF_MS[Math.min(entry.tries, FAILED_BACKOFF_MS.length) - 1]! });
  }
  changed(s, [entry.url]);
}

/** One download worker: takes entries until stopped, idling (and saving the index) while there is nothing to do. */
export async function runWorker(s: MediaState): Promise<void> {
  while (!s.stopped) {
    const entry = next(s);
    if (!entry) {
      // Taken before saving: work noticed while the index is written cuts this wait short too.
      const woken = s.idle.signal;
      if (s.options.clock.now() - s.savedAt >= SAVE_INTERVAL_MS) await save(s);
      await s.options.sleep(IDLE_WAIT_MS, woken).catch(() => undefined);
      continue;
    }
    s.inFlight.add(entry.url);
    try {
      await fetchOne(s, entry);
    } catch (error) {
      if (!isAbort(error)) s.options.log.warn('media download failed', { message: String(error) });
    } finally {
      s.inFlight.delete(entry.url);
    }
  }
}
