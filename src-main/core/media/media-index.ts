import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { MediaState } from '../../../src-shared/media/index.js';

/** One address main knows of, and where it stands. */
export interface MediaEntry {
  readonly url: string;
  /** SHA-256 of the address, hex: the local file's name and the local address's last part. */
  readonly key: string;
  state: Exclude<MediaState, 'unknown'>;
  /** The media object's declared type (null: none). */
  declared: string | null;
  /** The type the copy is kept as (stored only). */
  contentType: string | null;
  /** Bytes of the local copy (0 unless stored). */
  size: number;
  /** Epoch ms of the last download or showing: eviction removes the least recently used first. */
  lastUsed: number;
  pinned: boolean;
  reason: string | null;
  /** Failed tries in a row, and when the next may start (epoch ms). */
  tries: number;
  nextTry: number;
}

/** The name of a local copy. */
export function mediaKey(url: string): string {
  return createHash('sha256').update(url).digest('hex');
}

/** A new entry for an address noticed in a row. */
export function newEntry(url: string, declared: string | null, now: number): MediaEntry {
  return { url, key: mediaKey(url), state: 'queued', declared, contentType: null, size: 0, lastUsed: now, pinned: false, reason: null, tries: 0, nextTry: 0 };
}

/**
 * The copies to evict so the stored ones fit in `budgetBytes`: unpinned ones, least
 * recently used first (ties by key, so the plan is deterministic). Pinned copies count
 * against the budget but are never chosen; when they alone exceed it, every unpinned
 * copy goes.
 */
export function evictionPlan(entries: Iterable<MediaEntry>, budgetBytes: number): MediaEntry[] {
  const stored = [...entries].filter((e) => e.state === 'stored');
  let total = stored.reduce((n, e) => n + e.size, 0);
  const plan: MediaEntry[] = [];
  const candidates = stored.filter((e) => !e.pinned).sort((a, b) => a.lastUsed - b.lastUsed || (a.key < b.key ? -1 : 1));
  for (const entry of candidates) {
    if (total <= budgetBytes) break;
    plan.push(entry);
    total -= entry.size;
  }
  return plan;
}

const entrySchema = z.object({
  url: z.string(),
  key: z.string().regex(/^[0-9a-f]{64}$/),
  state: z.enum(['stored', 'queued', 'refused', 'failed', 'evicted']),
  declared: z.string().nullable(),
  contentType: z.string().nullable(),
  size: z.number().int().min(0),
  lastUsed: z.number(),
  pinned: z.boolean(),
  reason: z.string().nullable(),
  tries: z.number().int().min(0),
  nextTry: z.number(),
});
const fileSchema = z.object({ version: z.literal(1), entries: z.array(z.unknown()) });

/**
 * Reads the index file; a missing or unreadable file is an empty index, and an entry
 * that does not parse (or whose key is not its address's) is dropped, not fatal.
 */
export async function readMediaIndex(file: string): Promise<MediaEntry[]> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return [];
  }
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) return [];
  return parsed.data.entries.flatMap((item) => {
    const entry = entrySchema.safeParse(item);
    return entry.success && entry.data.key === mediaKey(entry.data.url) ? [entry.data] : [];
  });
}

/** Writes the index atomically: a temporary file, flushed, renamed over the old one. */
export async function writeMediaIndex(dir: string, file: string, entries: Iterable<MediaEntry>): Promise<void> {
  await mkdir(dir, { recursive: true });
  const temp = join(dir, `index.${randomUUID()}.tmp`);
  const handle = await open(temp, 'w');
  try {
    await handle.writeFile(JSON.stringify({ version: 1, entries: [...entries] }));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, file);
}
