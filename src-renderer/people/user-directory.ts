/**
 * Everyone the workspace mentions, gathered from the mirrored lists, since the API
 * cannot list users: where each is seen and the name any list carries.
 */
export interface DirectoryUser {
  readonly id: string;
  /** A name from a user record or a mention; null when no list names them. */
  name: string | null;
  /** The lists that mention them ("Lesson participations", "Comments"…), in the order first seen. */
  readonly seenIn: string[];
  /** True when a users row exists: an E19 answer, an edit waiting, or an id added by hand. */
  hasRecord: boolean;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Collects users by id; every mention of an id adds where it was seen and, once, a name. */
export function createDirectory() {
  const users = new Map<string, DirectoryUser>();
  function note(id: unknown, where: string, name: unknown = null): void {
    if (typeof id !== 'string' || !GUID.test(id)) return;
    const key = id.toLowerCase();
    let user = users.get(key);
    if (!user) {
      user = { id: key, name: null, seenIn: [], hasRecord: false };
      users.set(key, user);
    }
    if (!user.seenIn.includes(where)) user.seenIn.push(where);
    if (user.name === null && typeof name === 'string' && name.trim()) user.name = name.trim();
  }
  /** A users row: its name wins over a mention's. */
  function record(row: Readonly<Record<string, unknown>>, where: string): void {
    note(row.id, where);
    const user = typeof row.id === 'string' ? users.get(row.id.toLowerCase()) : undefined;
    if (!user) return;
    user.hasRecord = true;
    if (typeof row.name === 'string' && row.name.trim()) user.name = row.name.trim();
  }
  /** The mentions of a post or comment that name users. */
  function mentions(row: Readonly<Record<string, unknown>>, where: string): void {
    for (const m of Array.isArray(row.mentions) ? (row.mentions as Record<string, unknown>[]) : []) {
      // Mentions name departments and user groups too (`User group`): only users count.
      if (m && (typeof m.type !== 'string' || /^user$/i.test(m.type.trim()))) note(m.id, where, m.name);
    }
  }
  /** Named first, by name; then by id. */
  function list(): DirectoryUser[] {
    return [...users.values()].sort((a, b) => (a.name === null ? 1 : 0) - (b.name === null ? 1 : 0) || (a.name ?? a.id).localeCompare(b.name ?? b.id));
  }
  return { note, record, mentions, list };
}
