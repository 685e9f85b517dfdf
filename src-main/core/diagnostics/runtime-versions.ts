import type { RuntimeVersions } from '../../../src-shared/bridge/index.js';

/**
 * The versions of what runs the app, from `process.versions` of main: in Electron it
 * names Electron and Chromium too; in the harness (plain Node) they are null.
 */
export function runtimeVersions(
  app: string,
  versions: NodeJS.ProcessVersions & { electron?: string; chrome?: string } = process.versions,
  platform: string = process.platform,
  arch: string = process.arch,
): RuntimeVersions {
  return { app, electron: versions.electron ?? null, chromium: versions.chrome ?? null, node: versions.node, v8: versions.v8, platform, arch };
}
