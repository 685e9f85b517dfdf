import electronLog from 'electron-log/node';
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../logger.js';
import type { Redactor } from './redact.js';

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A log file is rotated past this size; the previous one is kept as `<name>.old.log`. */
export const LOG_MAX_BYTES = 2 * 1024 * 1024;
/** The log of everything before a workspace is open (start, the shell itself). */
export const APP_LOG_NAME = 'app';

/**
 * The file name of a workspace's log: its host (and port), or `demo`; only letters,
 * digits, dots and dashes, so no workspace name can reach outside the log folder.
 */
export function workspaceLogName(workspace: string): string {
  const name = workspace.toLowerCase().replace(/[^a-z0-9.-]+/g, '-').replace(/^[.-]+|[.-]+$/g, '').slice(0, 80);
  return name || APP_LOG_NAME;
}

export interface WorkspaceLogs {
  /** Writes to the current workspace's file. Every line passes the redactor first. */
  readonly log: Logger;
  /** Switches the file `log` writes to (one per workspace, in the log folder). */
  use(workspace: string): void;
  setLevel(level: LogLevel): void;
  /** The log files in the folder, current and rotated, of every workspace. */
  files(): string[];
  /** Writes an uncaught error through the same redacting path (the shells' last resort). */
  uncaught(error: unknown, origin: string): void;
  readonly dir: string;
}

/**
 * One rotating log file per workspace (electron-log's file transport, synchronous
 * appends, rotated at `LOG_MAX_BYTES`), redacted by construction: the redactor runs as
 * an electron-log hook over every message's arguments, whichever method wrote it.
 */
export function createWorkspaceLogs(options: {
  readonly dir: string;
  readonly level: LogLevel;
  readonly redactor: Redactor;
  /** Also echo to the console from this level (development); false: files only. */
  readonly console?: LogLevel | false;
}): WorkspaceLogs {
  const { dir, redactor } = options;
  mkdirSync(dir, { recursive: true });
  let level: LogLevel = options.level;
  let current = APP_LOG_NAME;
  const elog = electronLog.create({ logId: `outpost:${dir}` });
  elog.transports.file.resolvePathFn = () => join(dir, `${current}.log`);
  elog.transports.file.maxSize = LOG_MAX_BYTES;
  elog.transports.file.level = level;
  elog.transports.console.level = options.console ?? false;
  // No IPC (there is no renderer logger) and no remote upload; in plain Node the IPC transport is null.
  for (const name of ['ipc', 'remote'] as const) {
    const transport = elog.transports[name] as { level: false | string } | null;
    if (transport) transport.level = false;
  }
  elog.hooks.push((message) => ({ ...message, data: message.data.map((item) => redactor.value(item)) }));

  const at = (name: LogLevel) => (message: string, fields?: Record<string, unknown>) => {
    if (fields === undefined) elog[name](message);
    else elog[name](message, fields);
  };
  return {
    dir,
    log: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') },
    use(workspace) {
      current = workspaceLogName(workspace);
    },
    setLevel(next) {
      level = next;
      elog.transports.file.level = level;
    },
    files: () =>
      readdirSync(dir)
        .filter((name) => name.endsWith('.log'))
        .sort()
        .map((name) => join(dir, name)),
    uncaught(error, origin) {
      elog.error(`uncaught ${origin}`, error);
    },
  };
}
