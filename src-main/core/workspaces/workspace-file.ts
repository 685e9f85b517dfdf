import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { WORKSPACE_ID_PATTERN } from '../../../src-shared/workspaces/index.js';
import type { Logger } from '../logger.js';

/** A workspace as main keeps it in `workspaces.json`: everything but its secret (that is in the vault). */
const recordSchema = z.object({
  id: z.string().regex(WORKSPACE_ID_PATTERN),
  name: z.string().max(200),
  connection: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('demo') }),
    z.object({ kind: z.literal('token'), baseUrl: z.string() }),
    z.object({ kind: z.literal('client'), baseUrl: z.string(), clientId: z.string(), scopes: z.array(z.string()) }),
  ]),
  /** Migrated from a single-workspace profile: keeps the old database and folder. */
  legacy: z.boolean().optional(),
  addedAt: z.string(),
});
export type WorkspaceRecord = z.infer<typeof recordSchema>;

const fileSchema = z.object({ version: z.literal(1), active: z.string().nullable(), workspaces: z.array(recordSchema) });
export type WorkspaceFile = z.infer<typeof fileSchema>;

export const EMPTY_WORKSPACE_FILE: WorkspaceFile = { version: 1, active: null, workspaces: [] };

export function workspaceFilePath(rootDir: string): string {
  return join(rootDir, 'workspaces.json');
}

/** Reads the list of workspaces; null when there is none yet (a fresh profile). An unreadable file is kept aside, not trusted. */
export async function readWorkspaceFile(path: string, log: Logger): Promise<WorkspaceFile | null> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    log.warn('workspaces file unreadable', { message: (error as Error).message });
    return null;
  }
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) {
    log.warn('workspaces file has an unknown shape', { issues: parsed.error.issues.length });
    return null;
  }
  const file = parsed.data;
  const active = file.workspaces.some((w) => w.id === file.active) ? file.active : (file.workspaces[0]?.id ?? null);
  return { ...file, active };
}

/** Writes the list atomically (temporary file, flushed, renamed over the old one). */
export async function writeWorkspaceFile(path: string, file: WorkspaceFile): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${randomUUID()}.tmp`;
  const handle = await open(temp, 'w', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(file, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, path);
}

/** Deletes a workspace's folder (or, for a migrated one, only its own files in the shared folder). */
export async function deleteWorkspaceFiles(dataDir: string, legacy: boolean): Promise<void> {
  if (!legacy) {
    await rm(dataDir, { recursive: true, force: true });
    return;
  }
  for (const name of ['settings.json', 'outbox-journal.jsonl']) await rm(join(dataDir, name), { force: true });
}
