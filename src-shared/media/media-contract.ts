import { z } from 'zod';

/**
 * Media kept for offline use: the bridge commands and what they answer, declared like
 * the contract's `commandSchemas` so they can be spread into it. Main fetches and keeps
 * the files; the renderer only ever asks by the address the row carries and shows
 * the local copy (never the remote address, never with a token).
 */

/** Longest media address main takes from the renderer (browsers and servers refuse longer ones). */
export const MEDIA_URL_MAX = 8192;
const mediaUrl = z.string().min(1).max(MEDIA_URL_MAX);

export const mediaCommandSchemas = {
  /**
   * What main holds for these addresses. `want`: the user is looking at them, so a
   * missing one is fetched now (before the background work), evicting older copies if
   * the budget asks for it.
   */
  'media.status': { arg: z.object({ urls: z.array(mediaUrl).max(200), want: z.boolean().optional() }).strict() },
  /** Keeps a copy whatever the budget ("Keep offline"), or lets it be evicted again. */
  'media.pin': { arg: z.object({ url: mediaUrl, pinned: z.boolean() }).strict() },
  /** The space the kept media take, against the budget. */
  'media.usage': { arg: z.object({}).strict() },
  /**
   * The user acts in the window (keys, pointer, wheel, scroll): the background fetch
   * pauses until the window has been quiet for a moment. What the user looks at or
   * pins is still fetched at once.
   */
  'media.userActive': { arg: z.object({}).strict() },
} as const;

/**
 * Where one address stands:
 * - `stored`: a local copy exists (`key` names it);
 * - `queued`: noticed, to be fetched;
 * - `refused`: never fetched, and why (not http(s), a type or size not allowed, a type other than declared);
 * - `failed`: the last try failed (offline, a server error); tried again later;
 * - `evicted`: removed to stay within the budget; fetched again when looked at;
 * - `unknown`: main has not seen it in any row.
 */
export type MediaState = 'stored' | 'queued' | 'refused' | 'failed' | 'evicted' | 'unknown';

export interface MediaStatus {
  readonly url: string;
  readonly state: MediaState;
  /** Why it is refused or failed, in words. */
  readonly reason: string | null;
  readonly pinned: boolean;
  /** The local copy's name (see {@link localMediaAddress}); null unless stored. */
  readonly key: string | null;
  /** Bytes of the local copy. */
  readonly size: number | null;
  /** The type the copy was served as. */
  readonly contentType: string | null;
}

export interface MediaUsage {
  /** Bytes of every local copy. */
  readonly bytes: number;
  readonly files: number;
  readonly pinnedBytes: number;
  /** The budget in bytes (the `mediaBudgetMB` setting). */
  readonly budgetBytes: number;
  readonly queued: number;
  readonly refused: number;
}

export interface MediaCommandResults {
  'media.status': readonly MediaStatus[];
  'media.pin': MediaStatus;
  'media.usage': MediaUsage;
  'media.userActive': { readonly ok: true };
}

/** The scheme the desktop shell serves local media on (`outpost-media://local/<key>`). */
export const MEDIA_SCHEME = 'outpost-media';
/** The path the browser harness serves local media on, below its own origin. */
export const MEDIA_ROUTE = '/media/';
/** A local copy's key: the SHA-256 of its address, in hex. */
export const MEDIA_KEY_PATTERN = /^[0-9a-f]{64}$/;

/**
 * The address a local copy is shown from: the desktop shell's media protocol, or the
 * harness's media route on the page's own origin.
 * @throws TypeError when `key` is not a media key
 */
export function localMediaAddress(key: string, shell: 'electron' | 'harness'): string {
  if (!MEDIA_KEY_PATTERN.test(key)) throw new TypeError('not a media key');
  return shell === 'electron' ? `${MEDIA_SCHEME}://local/${key}` : `${MEDIA_ROUTE}${key}`;
}

/** The key a local media address names (either form), or null. */
export function mediaKeyOf(address: string): string | null {
  const match = /^(?:outpost-media:\/\/local\/|\/media\/)([0-9a-f]{64})$/.exec(address);
  return match ? match[1]! : null;
}
