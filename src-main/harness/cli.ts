import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildDiagnosticsArchive, diagnosticsFileName } from '../core/diagnostics/diagnostics-archive.js';
import { runtimeVersions } from '../core/diagnostics/runtime-versions.js';
import { createRedactor } from '../core/logging/redact.js';
import { createWorkspaceLogs } from '../core/logging/workspace-logs.js';
import { createMainServices } from '../core/services.js';
import { startHarness } from './harness.js';
import { HARNESS_USAGE, parseHarnessArgs } from './harness-args.js';

/** `npm run web`: the app in the browser harness, on the demo workspace or a running one. */
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
  const dataDir = args.dataDir ?? (await mkdtemp(join(tmpdir(), 'outpost-harness-')));
  const redactor = createRedactor();
  if (args.connection.kind === 'token') redactor.remember(args.connection.token);
  if (args.connection.kind === 'client') redactor.remember(args.connection.clientSecret);
  const logs = createWorkspaceLogs({ dir: join(dataDir, 'logs'), level: 'info', redactor });
  const services = createMainServices({ connection: args.connection, shell: 'harness', dataDir, log: logs.log });
  logs.use(services.info().workspaceName);
  await services.start();
  const diagnostics = async () => {
    const now = new Date();
    const settings = await services.handlers['settings.get']({});
    const bytes = await buildDiagnosticsArchive({
      versions: { ...runtimeVersions(services.info().version), shell: 'harness' },
      settings: { sync: settings },
      workspaces: [await services.diagnostics()],
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
  console.log(`workspace: ${info.workspaceName} (${info.baseUrl})`);
  const shutdown = async () => {
    await harness.close();
    await services.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

void main();
