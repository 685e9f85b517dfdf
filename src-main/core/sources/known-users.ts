import { guid, isGuid } from '../../../src-shared/api/index.js';
import { scopeKey, type MirrorStore } from '../../../src-shared/store/index.js';
import { z } from 'zod';

/** The user ids a `/demo/sources` document publishes (`users: [guid]`); malformed ones dropped. */
export function publishedUserIds(document: unknown): string[] {
  const users = z.looseObject({ users: z.array(z.unknown()).optional() }).safeParse(document);
  if (!users.success) return [];
  return (users.data.users ?? []).filter((id): id is string => guid.safeParse(id).success).map((id) => id.toLowerCase());
}

/**
 * The user id in what the user pasted: the id itself or a portal link holding exactly
 * one id (`…/users/<guid>`, `?userId=<guid>`). Null when there is not exactly one.
 */
export function userIdOfInput(input: string): string | null {
  const ids = [...new Set((input.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi) ?? []).map((id) => id.toLowerCase()))];
  return ids.length === 1 && isGuid(ids[0]!) ? ids[0]! : null;
}

/**
 * Makes users known by id only editable: a row `{ id }` in the users table (where E19
 * answers go) for each id that has no row yet. An existing row, a server copy or a
 * local copy with edits, is never touched. Returns how many were added.
 * The ids are looked at side by side: each look and write is a round trip to the
 * window's store, and the first sync waits for them. The fifty users the reference
 * server publishes took 0.40 s one after another, 0.31 s side by side (the window's
 * store still answers them one at a time).
 */
export async function rememberUsers(store: Pick<MirrorStore, 'scopeRows' | 'putRow'>, ids: readonly string[]): Promise<number> {
  const added = await Promise.all(
    [...new Set(ids)].map(async (userId) => {
      const scope = scopeKey('E19', { userId });
      if ((await store.scopeRows('E19', scope)).length > 0) return 0;
      await store.putRow({ endpoint: 'E19', scope, row: { id: userId } });
      return 1;
    }),
  );
  return added.reduce<number>((n, one) => n + one, 0);
}
