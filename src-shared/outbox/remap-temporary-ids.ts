import { isTemporaryId } from './edit.js';
import type { OutboxEntry } from './entry.js';
import { postTarget } from './target.js';

/** Temporary id → server id, from every sent create whose answer named the post. */
export function temporaryIdMap(entries: readonly OutboxEntry[]): Map<string, string> {
  const ids = new Map<string, string>();
  for (const entry of entries) {
    if (entry.edit.kind === 'createPost' && entry.state === 'sent' && entry.serverId) {
      ids.set(entry.edit.tempId, entry.serverId);
    }
  }
  return ids;
}

/**
 * Points edits of posts created offline at the ids the server gave them: a patch
 * whose `contentId` is a mapped temporary id gets the server id, in its edit and its
 * target. Creates keep their temporary id (it is what they created). Unchanged
 * entries are returned as the same objects, so callers can tell what changed.
 */
export function remapTemporaryIds(
  entries: readonly OutboxEntry[],
  ids: ReadonlyMap<string, string>,
): OutboxEntry[] {
  return entries.map((entry) => {
    const edit = entry.edit;
    if (edit.kind !== 'patchPost' || !isTemporaryId(edit.contentId)) return entry;
    const serverId = ids.get(edit.contentId);
    if (!serverId) return entry;
    return {
      ...entry,
      target: postTarget(edit.moduleId, serverId),
      edit: { ...edit, contentId: serverId },
    };
  });
}
