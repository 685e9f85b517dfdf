/**
 * The main-side process of a bench run: the real main services (token, network, sync
 * engine) and the browser harness, driven by the bench over Node's IPC channel.
 * Started by start-main-host.ts; not meant to be run by hand.
 */
import { dispatchCommand } from '../../../src-shared/bridge/index.js';
import { createMainServices } from '../../../src-main/core/services.js';
import { tuneMainHeap } from '../../../src-main/core/main-heap.js';
import { startHarness, type RunningHarness } from '../../../src-main/harness/harness.js';
import { compressedTime } from '../support/compressed-time.js';
import { countingServices, type CountingServices } from './counting-services.js';
import { downloadPages } from './download-pages.js';
import type { FromHost, HostConfig, HostRequest, ToHost } from './host-protocol.js';

const send = (message: FromHost) => process.send?.(message);

let counted: CountingServices | null = null;
let harness: RunningHarness | null = null;
let config: HostConfig | null = null;
/** What the media scan has cost since the last reset (filled by the services' media tap). */
const mediaScan = { rows: 0, ms: 0 };

async function start(next: HostConfig): Promise<string> {
  config = next;
  // As the app's main process does when it starts.
  tuneMainHeap();
  const time = next.timeScale === 1 ? {} : compressedTime(next.timeScale);
  const services = createMainServices({
    connection: { kind: 'token', baseUrl: next.serverUrl, token: next.token },
    shell: 'harness',
    dataDir: next.dataDir,
    mediaScan,
    ...time,
  });
  counted = countingServices(services);
  await services.start();
  harness = await startHarness({ services: counted.services, rendererDir: next.rendererDir, port: 0 });
  return harness.url;
}

async function handle(request: HostRequest): Promise<unknown> {
  if (!counted || !config) throw new Error('the host has not started');
  switch (request.op) {
    case 'call': {
      const result = await dispatchCommand(counted.services.handlers, request.name, request.arg);
      if (!result.ok) throw new Error(`${request.name}: ${result.error.code} ${result.error.message}`);
      return result.data;
    }
    case 'settled':
      await counted.services.whenSettled();
      return null;
    case 'memory': {
      const usage = process.memoryUsage();
      return {
        rss: usage.rss,
        maxRss: process.resourceUsage().maxRSS * 1024,
        heapUsed: usage.heapUsed,
        heapTotal: usage.heapTotal,
        external: usage.external,
        arrayBuffers: usage.arrayBuffers,
      };
    }
    case 'counters': {
      const counters = { ...counted.counters(), mediaScanRows: mediaScan.rows, mediaScanMs: mediaScan.ms };
      if (request.reset) {
        counted.reset();
        mediaScan.rows = 0;
        mediaScan.ms = 0;
      }
      return counters;
    }
    case 'download':
      return downloadPages({ scopes: request.scopes, token: config.token, parallel: request.parallel, sampleEvery: request.sampleEvery });
    case 'gc':
      (globalThis as { gc?: () => void }).gc?.();
      return null;
    case 'stop':
      await harness?.close();
      await counted.services.stop();
      setImmediate(() => process.exit(0));
      return null;
  }
}

process.on('message', (message: ToHost) => {
  if (message.kind === 'init') {
    start(message.config).then(
      (harnessUrl) => send({ kind: 'ready', harnessUrl }),
      (error: unknown) => send({ kind: 'failed', message: (error as Error).stack ?? String(error) }),
    );
    return;
  }
  handle(message.request).then(
    (data) => send({ kind: 'reply', id: message.id, ok: true, data: data ?? null }),
    (error: unknown) => send({ kind: 'reply', id: message.id, ok: false, message: (error as Error).message }),
  );
});
// The bench went away: nothing here outlives it.
process.on('disconnect', () => process.exit(0));
