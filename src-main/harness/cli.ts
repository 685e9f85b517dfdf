import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildDiagnosticsArchive, diagnosticsFileName } from '../core/diagnostics/diagnostics-archive.js';
import { runtimeVersions } from '../core/diagnostics/runtime-versions.js';
import { createRedactor } from '../core/logging/redact.js';
import { createWorkspaceLogs } from '../core/logging/workspace-logs.js';
import { createMemorySecretStore } from '../core/workspaces/secret-store.js';
import { createWorkspaceRegistry } from '../core/workspaces/workspace-registry.js';
import { tuneMainHeap } from '../core/main-heap.js';
import { startHarness } from './harness.js';
import { HARNESS_USAGE, parseHarnessArgs } from './harness-args.js';

/**
 * `npm run web`: the app in the browser harness. A fresh profile starts on the demo
 * workspace or the command line's one (`--first-run`: none, the first-run screen);
 * more are added from the app's own screens.
 */
async function main(): Promise<void> {
  let args;
  try {
    args = parseHarnessArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${HARNESS_USAGE}`);
    process.exit(2);
  }
  const rendererDir = resolve(import.meta.dirname, '../../dist-renderer');
  if (!existsSync(join(rendererDir, 'index.html'))) {
    console.error('The renderer is not built: run `npm run build:renderer` (npm run web does it for you).');
    process.exit(1);
  }
  tuneMainHeap();
  const dataDir = args.dataDir ?? (await mkdtemp(join(tmpdir(), 'outpost-harness-')));
  const redactor = createRedactor();
  if (args.connection.kind === 'token') redactor.remember(args.connection.token);
  if (args.connection.kind === 'client') redactor.remember(args.connection.clientSecret);
  const logs = createWorkspaceLogs({ dir: join(dataDir, 'logs'), level: 'info', redactor });
  const services = createWorkspaceRegistry({
    rootDir: dataDir,
    vault: createMemorySecretStore(),
    shell: 'harness',
    log: logs.log,
    initial: args.firstRun ? null : { connection: args.connection },
  });
  await services.start();
  logs.use(services.info().workspaceName || 'app');
  const diagnostics = async () => {
    const now = new Date();
    const settings = await Promise.resolve(services.handlers['settings.get']({})).catch(() => null);
    const bytes = await buildDiagnosticsArchive({
      versions: { ...runtimeVersions(services.info().version), shell: 'harness' },
      settings: { sync: settings },
      // No workspace yet (the first-run screen): the archive holds the logs and versions only.
      workspaces: await services.diagnostics().then((d) => [d], () => []),
      logFiles: logs.files(),
      crashDir: null,
      redactor,
      now,
    });
    return { name: diagnosticsFileName(now), bytes };
  };
  const harness = await startHarness({ services, rendererDir, port: args.port, diagnostics });
  console.log(`url: ${harness.url}`);
  const info = services.info();
  console.log(info.baseUrl ? `workspace: ${info.workspaceName} (${info.baseUrl})` : 'workspace: none yet (the first-run screen)');
  const shutdown = async () => {
    await harness.close();
    await services.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

void main();
