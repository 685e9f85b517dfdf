import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createMemorySecretStore } from '../core/workspaces/secret-store.js';
import { createWorkspaceRegistry } from '../core/workspaces/workspace-registry.js';
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
  const dataDir = args.dataDir ?? (await mkdtemp(join(tmpdir(), 'outpost-harness-')));
  const services = createWorkspaceRegistry({
    rootDir: dataDir,
    vault: createMemorySecretStore(),
    shell: 'harness',
    initial: args.firstRun ? null : { connection: args.connection },
  });
  await services.start();
  const harness = await startHarness({ services, rendererDir, port: args.port });
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
