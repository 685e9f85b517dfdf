import { z } from 'zod';
import type { Result, UpdateState } from './contract.js';

/**
 * Commands only a desktop shell answers: its own settings, the secret vault and the
 * connection whose secrets it keeps. In Electron they are `window.outpost.shell`;
 * the browser harness has no shell bridge, so the renderer shows these settings only
 * when `shell` is present. Validated on the main side like every command.
 */
const empty = z.object({}).strict();
const baseUrl = z.url({ protocol: /^https?$/ }).max(2000);

export const UPDATE_CHANNEL_NAMES = ['stable', 'beta'] as const;
export const LOG_LEVEL_NAMES = ['error', 'warn', 'info', 'debug'] as const;

export const shellCommandSchemas = {
  'shell.state': { arg: empty },
  'shell.updateSettings': {
    arg: z
      .object({
        pauseOnBattery: z.boolean().optional(),
        allowPlainTextSecrets: z.boolean().optional(),
        updateChannel: z.enum(UPDATE_CHANNEL_NAMES).optional(),
        logLevel: z.enum(LOG_LEVEL_NAMES).optional(),
      })
      .strict(),
  },
  /** Restarts into a downloaded update, unless an edit is being sent or is uncertain (then says why). */
  'shell.installUpdate': { arg: empty },
  /** Asks where to save a diagnostics archive (logs, settings without secrets, versions, statistics, crash reports) and writes it. */
  'shell.exportDiagnostics': { arg: empty },
  /** Adds a workspace and opens it (as "Add workspace"); the token or client secret goes to the vault, never to disk in clear. */
  'shell.connect': {
    arg: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('demo') }).strict(),
      z.object({ kind: z.literal('token'), baseUrl, token: z.string().min(1).max(16_384) }).strict(),
      z
        .object({
          kind: z.literal('client'),
          baseUrl,
          clientId: z.string().min(1).max(400),
          clientSecret: z.string().min(1).max(4_096),
          scopes: z.array(z.string().min(1).max(200)).max(100),
        })
        .strict(),
    ]),
  },
  /**
   * Signs out of the open workspace: forgets its saved secret (its cache and unsent edits
   * wait for "Sign in again"), or with `clearCache` removes it with all its data (the
   * demo, which has no secret, is always removed). Other workspaces are not touched.
   */
  'shell.signOut': { arg: z.object({ clearCache: z.boolean() }).strict() },
} as const;

export type ShellCommandName = keyof typeof shellCommandSchemas;
export const SHELL_COMMAND_NAMES = Object.keys(shellCommandSchemas) as ShellCommandName[];
export type ShellCommandArg<K extends ShellCommandName> = z.infer<(typeof shellCommandSchemas)[K]['arg']>;

export interface ShellSettings {
  /** Pause syncing while the computer runs on battery. */
  readonly pauseOnBattery: boolean;
  /** The user accepted storing secrets without an OS keyring (Linux `basic_text`). */
  readonly allowPlainTextSecrets: boolean;
  /** Which update feed: `stable` (latest.yml) or `beta` (beta.yml). */
  readonly updateChannel: (typeof UPDATE_CHANNEL_NAMES)[number];
  /** The lowest level written to the log files. */
  readonly logLevel: (typeof LOG_LEVEL_NAMES)[number];
}

export interface ShellState {
  readonly settings: ShellSettings;
  /** `secure` is false where the OS offers no keyring and secrets would be obfuscated only. */
  readonly vault: { readonly secure: boolean; readonly backend: string };
  /** The open workspace's connection; null while there is none (first run). */
  readonly connection: { readonly kind: 'demo' | 'token' | 'client'; readonly baseUrl: string | null } | null;
  readonly power: { readonly onBattery: boolean; readonly syncPaused: boolean };
  readonly osOnline: boolean;
  readonly update: UpdateState;
}

export interface ShellCommandResults {
  'shell.state': ShellState;
  'shell.updateSettings': ShellSettings;
  'shell.connect': { readonly connected: true };
  'shell.signOut': { readonly signedOut: true; readonly cacheCleared: boolean };
  'shell.installUpdate': { readonly installing: boolean; readonly message: string | null };
  /** `path` null: the user cancelled the save dialog. */
  'shell.exportDiagnostics': { readonly path: string | null };
}

export type ShellCommandHandlers = {
  [K in ShellCommandName]: (arg: ShellCommandArg<K>) => Promise<ShellCommandResults[K]> | ShellCommandResults[K];
};

/** `window.outpost.shell` in Electron. */
export interface ShellBridge {
  call<K extends ShellCommandName>(name: K, arg: ShellCommandArg<K>): Promise<Result<ShellCommandResults[K]>>;
}
