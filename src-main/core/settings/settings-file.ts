import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { Logger } from '../logger.js';
import { syncSettingsSchema, type SyncSettings } from './sync-settings.js';

/** What main keeps in its settings file (never secrets: those are the shell's vault's). */
export interface StoredSettings {
  readonly sync: SyncSettings;
  /** Published sources the user removed: not added again. */
  readonly dismissedSources: readonly string[];
}

const fileSchema = z.object({
  sync: z.record(z.string(), z.unknown()).optional(),
  dismissedSources: z.array(z.string()).optional(),
});

export function settingsPath(dataDir: string): string {
  return join(dataDir, 'settings.json');
}

/**
 * Reads the settings file; missing or unreadable values fall back to `defaults`
 * one by one, so a file from an older version or a hand edit never stops the app.
 */
export async function readSettings(file: string, defaults: SyncSettings, log: Logger): Promise<StoredSettings> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log.warn('settings file unreadable, using defaults', { message: (error as Error).message });
    return { sync: defaults, dismissedSources: [] };
  }
  const parsed = fileSchema.safeParse(raw);
  if (!parsed.success) return { sync: defaults, dismissedSources: [] };
  const sync: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(parsed.data.sync ?? {})) {
    const field = syncSettingsSchema.shape[key as keyof SyncSettings];
    if (field?.safeParse(value).success) sync[key] = value;
  }
  return { sync: sync as SyncSettings, dismissedSources: parsed.data.dismissedSources ?? [] };
}

/** Writes the settings file atomically: a temporary file, flushed, renamed over the old one. */
export async function writeSettings(file: string, settings: StoredSettings): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${randomUUID()}.tmp`;
  const handle = await open(temp, 'w');
  try {
    await handle.writeFile(`${JSON.stringify(settings, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, file);
}
