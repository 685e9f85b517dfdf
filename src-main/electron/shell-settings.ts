import { join } from 'node:path';
import { z } from 'zod';
import { LOG_LEVEL_NAMES, UPDATE_CHANNEL_NAMES, type ShellSettings } from '../../src-shared/bridge/index.js';
import { readJsonFile, writeJsonFile } from './json-file.js';

const settingsSchema = z.object({
  pauseOnBattery: z.boolean().default(false),
  allowPlainTextSecrets: z.boolean().default(false),
  updateChannel: z.enum(UPDATE_CHANNEL_NAMES).default('stable'),
  logLevel: z.enum(LOG_LEVEL_NAMES).default('info'),
});

export const DEFAULT_SHELL_SETTINGS: ShellSettings = { pauseOnBattery: false, allowPlainTextSecrets: false, updateChannel: 'stable', logLevel: 'info' };

export interface ShellSettingsFile {
  load(): Promise<ShellSettings>;
  save(settings: ShellSettings): Promise<void>;
}

/** The desktop shell's own settings, a small JSON file in the app's data folder. */
export function createShellSettingsFile(dataDir: string): ShellSettingsFile {
  const path = join(dataDir, 'shell-settings.json');
  return {
    load: () => readJsonFile(path, settingsSchema, DEFAULT_SHELL_SETTINGS),
    save: (settings) => writeJsonFile(path, settings),
  };
}
