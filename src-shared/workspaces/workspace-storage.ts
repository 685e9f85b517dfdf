/**
 * Where each workspace's data lives. Every workspace has its own IndexedDB database
 * (in the renderer), its own folder in main's data folder (settings, outbox journal,
 * sync schedule) and its own vault entries; all of them are named from the workspace's
 * id here, so two workspaces can never share one and removing one deletes exactly its
 * own. Pure: the caller joins `folder` to its data folder.
 */

/** Workspace ids: lowercase letters, digits and dashes, so they are safe in file names, database names and vault keys. */
export const WORKSPACE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** The database the app used before workspaces existed; a migrated workspace keeps it (and its cache). */
export const LEGACY_DATABASE_NAME = 'outpost';

export interface WorkspaceStorage {
  /** Main's folder of the workspace, relative to main's data folder, with `/` separators ('' = the folder itself). */
  readonly folder: string;
  /** The renderer's IndexedDB database. */
  readonly databaseName: string;
  /** Vault entry names of the workspace's secrets. */
  readonly vault: { readonly token: string; readonly clientSecret: string };
}

/** True when `id` may name a workspace. */
export function isWorkspaceId(id: string): boolean {
  return WORKSPACE_ID_PATTERN.test(id);
}

/**
 * The storage names of one workspace.
 * @param legacy the workspace migrated from a single-workspace profile: it keeps the
 * old database and main's top folder, so its cache and unsent edits stay where they are.
 * @throws TypeError when `id` is not a valid workspace id.
 */
export function workspaceStorage(id: string, legacy = false): WorkspaceStorage {
  if (!isWorkspaceId(id)) throw new TypeError(`invalid workspace id "${id}"`);
  return {
    folder: legacy ? '' : `workspaces/${id}`,
    databaseName: legacy ? LEGACY_DATABASE_NAME : `outpost-ws-${id}`,
    vault: { token: `workspace.${id}.token`, clientSecret: `workspace.${id}.client-secret` },
  };
}

/**
 * A new workspace id from its address (readable in folders and databases) and a random
 * suffix (two workspaces on one address stay apart), not colliding with `taken`.
 */
export function newWorkspaceId(baseUrl: string | null, random: () => number, taken: ReadonlySet<string>): string {
  let stem = 'demo';
  if (baseUrl) {
    const host = /^[a-z]+:\/\/([^/:?#]+)/i.exec(baseUrl)?.[1] ?? 'workspace';
    stem = host.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 28) || 'workspace';
  }
  for (;;) {
    const suffix = Math.floor(random() * 36 ** 6).toString(36).padStart(6, '0');
    const id = `${stem}-${suffix}`;
    if (!taken.has(id)) return id;
  }
}
