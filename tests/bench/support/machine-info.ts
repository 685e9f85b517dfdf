import { execFile } from 'node:child_process';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { promisify } from 'node:util';
import type { MachineInfo } from '../report/results.js';

/** What the figures ran on: they mean little without it (and without the load beside them). */
export async function machineInfo(chromiumPath: string): Promise<MachineInfo> {
  const chromium = await promisify(execFile)(chromiumPath, ['--version']).then(
    (out) => out.stdout.trim(),
    () => 'unknown',
  );
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    os: `${platform()} ${release()}`,
    node: process.version,
    chromium,
    loadAverageAtStart: loadavg().map((l) => Math.round(l * 100) / 100),
  };
}
