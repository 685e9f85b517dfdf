import { createHmac, randomBytes } from 'node:crypto';
import type { Position } from './page-reader.js';

/** Cursors expire this long after the URL holding them was issued (the document's rule). */
export const CURSOR_LIFETIME_MS = 6 * 60 * 60 * 1000;

interface Entry {
  readonly scope: string;
  readonly fingerprint: string;
  readonly position: Position;
  readonly issuedAt: number;
}

export type CursorLookup =
  | { ok: true; position: Position }
  | { ok: false; reason: 'malformed' | 'foreign' | 'unknown' | 'expired' };

export interface CursorTable {
  /** A new cursor for a position in the list `scope` read with the query `fingerprint`. */
  issue(scope: string, fingerprint: string, position: Position): string;
  /** The position behind a cursor, if it is genuine, belongs to this query and is fresh. */
  resolve(cursor: string, scope: string, fingerprint: string, forceExpired?: boolean): CursorLookup;
  size(): number;
}

const CURSOR = /^[0-9a-f]{32}$/;

/**
 * Cursors are 32 lowercase hex characters (as production deployments send them):
 * 64 bits naming a server-side entry that holds the keyset position, and 64 bits of
 * HMAC over that name, the list and the query, so a cursor cannot be forged or
 * replayed with other filters or another sort. Entries live six hours (clock
 * injectable); the oldest are dropped beyond `maxEntries`.
 */
export function createCursorTable(options: {
  now: () => number;
  secret?: Buffer;
  lifetimeMs?: number;
  maxEntries?: number;
}): CursorTable {
  const secret = options.secret ?? randomBytes(32);
  const lifetime = options.lifetimeMs ?? CURSOR_LIFETIME_MS;
  const maxEntries = options.maxEntries ?? 200_000;
  const entries = new Map<string, Entry>();
  const sign = (name: string, scope: string, fingerprint: string) =>
    createHmac('sha256', secret).update(`${name}\n${scope}\n${fingerprint}`).digest('hex').slice(0, 16);

  const prune = (now: number) => {
    for (const [name, entry] of entries) {
      if (entries.size < maxEntries && now - entry.issuedAt <= lifetime) break;
      entries.delete(name);
    }
  };

  return {
    issue(scope, fingerprint, position) {
      const now = options.now();
      prune(now);
      const name = randomBytes(8).toString('hex');
      entries.set(name, { scope, fingerprint, position, issuedAt: now });
      return name + sign(name, scope, fingerprint);
    },
    resolve(cursor, scope, fingerprint, forceExpired = false) {
      if (!CURSOR.test(cursor)) return { ok: false, reason: 'malformed' };
      const name = cursor.slice(0, 16);
      if (sign(name, scope, fingerprint) !== cursor.slice(16)) return { ok: false, reason: 'foreign' };
      const entry = entries.get(name);
      if (!entry) return { ok: false, reason: 'unknown' };
      if (forceExpired || options.now() - entry.issuedAt > lifetime) return { ok: false, reason: 'expired' };
      return { ok: true, position: entry.position };
    },
    size: () => entries.size,
  };
}
