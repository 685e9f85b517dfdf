import { strToU8, zipSync, type Zippable } from 'fflate';
import { readFile, readdir, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Redactor } from '../logging/redact.js';
import type { WorkspaceDiagnostics } from './workspace-diagnostics.js';

/** Crash reports kept in an archive: the newest few, each bounded (minidumps can be large). */
export const MAX_CRASH_REPORTS = 5;
export const MAX_CRASH_REPORT_BYTES = 16 * 1024 * 1024;

export interface DiagnosticsInput {
  /** app, electron, chrome, node, v8, os… */
  readonly versions: Readonly<Record<string, string | null>>;
  /** The settings as the user set them; passed through the redactor like everything else. */
  readonly settings: Readonly<Record<string, unknown>>;
  readonly workspaces: readonly WorkspaceDiagnostics[];
  /** Log files (current and rotated) of every workspace. */
  readonly logFiles: readonly string[];
  /** Where Electron's crash reporter keeps its reports (null: none, as in the harness). */
  readonly crashDir: string | null;
  readonly redactor: Redactor;
  readonly now: Date;
}

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

/** Minidumps under the crash folder (Crashpad keeps them in `completed/` and `pending/`), newest first. */
async function crashReports(dir: string | null): Promise<{ path: string; mtimeMs: number; size: number }[]> {
  if (!dir) return [];
  const found: { path: string; mtimeMs: number; size: number }[] = [];
  const walk = async (folder: string, depth: number) => {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory() && depth < 3) await walk(path, depth + 1);
      else if (entry.isFile() && entry.name.endsWith('.dmp')) {
        const info = await stat(path);
        found.push({ path, mtimeMs: info.mtimeMs, size: info.size });
      }
    }
  };
  await walk(dir, 0);
  return found.sort((a, b) => b.mtimeMs - a.mtimeMs);
}

/**
 * One zip a support person can be sent: logs (redacted again on the way in, in case a
 * line predates a secret the redactor learnt later), settings and workspace statistics
 * through the redactor, versions, and the newest local crash reports. Returns its bytes.
 */
export async function buildDiagnosticsArchive(input: DiagnosticsInput): Promise<Uint8Array> {
  const { redactor } = input;
  const files: Zippable = {};
  const manifest: { file: string; note?: string }[] = [];
  const add = (name: string, data: Uint8Array, note?: string) => {
    files[name] = data;
    manifest.push(note ? { file: name, note } : { file: name });
  };
  add('versions.json', json(input.versions));
  add('settings.json', json(redactor.value(input.settings)));
  add('workspaces.json', json(redactor.value(input.workspaces)));
  for (const file of input.logFiles) {
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text !== null) add(`logs/${basename(file)}`, strToU8(redactor.text(text)));
  }
  const reports = await crashReports(input.crashDir);
  for (const report of reports.slice(0, MAX_CRASH_REPORTS)) {
    if (report.size > MAX_CRASH_REPORT_BYTES) {
      manifest.push({ file: `crashes/${basename(report.path)}`, note: `left out: ${report.size} bytes` });
      continue;
    }
    add(`crashes/${basename(report.path)}`, new Uint8Array(await readFile(report.path)), 'a Crashpad minidump, never uploaded');
  }
  files['manifest.json'] = json({ createdAt: input.now.toISOString(), files: manifest, crashReportsFound: reports.length });
  return zipSync(files, { level: 6, mtime: input.now });
}

/** The archive's file name: `outpost-diagnostics-<date>-<time>.zip` in UTC. */
export function diagnosticsFileName(now: Date): string {
  return `outpost-diagnostics-${now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')}.zip`;
}
