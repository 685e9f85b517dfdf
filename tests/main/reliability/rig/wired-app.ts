import { createMainPeer, createWireBridge, type Bridge, type Events, type MainPeer } from '../../../../src-shared/bridge/index.js';
import { createDexieMirrorStore } from '../../../../src-shared/store/index.js';
import { createMainServices, type MainServices, type MainServicesOptions } from '../../../../src-main/core/services.js';
import type { RunningServer } from '../../../../src-server/index.js';
import type { FaultProxy } from './fault-proxy.js';
import { faultyDatabase, type FaultyDb } from './faulty-db.js';
import { memoryWire } from './memory-wire.js';
import { recordingLog } from './recording-log.js';
import { onClose, tempDir } from './stack.js';

/**
 * The app as it runs: main's services, and a renderer that serves the Dexie store over
 * the bridge's wire protocol (JSON messages, as over the harness's WebSocket) and
 * listens to main's events. Store failures cross the bridge exactly as they would.
 */
export interface WiredApp {
  readonly services: MainServices;
  readonly bridge: Bridge;
  readonly peer: MainPeer;
  readonly faulty: FaultyDb;
  readonly log: ReturnType<typeof recordingLog>;
  readonly statuses: Events['sync.status'][];
  readonly notices: Events['notice'][];
  /** The window closes: the wire drops and main is told. */
  closeWindow(): void;
}

export async function startWiredApp(
  workspace: { server: RunningServer; proxy: FaultProxy },
  options: Partial<MainServicesOptions> & { faulty?: FaultyDb } = {},
): Promise<WiredApp> {
  const log = recordingLog();
  const services = createMainServices({
    connection: { kind: 'token', baseUrl: workspace.proxy.url, token: workspace.server.token },
    shell: 'harness',
    dataDir: await tempDir(),
    log,
    ...options,
  });
  onClose(() => services.stop());
  await services.start();
  const faulty = options.faulty ?? faultyDatabase();
  const wire = memoryWire();
  const bridge = createWireBridge(wire.renderer);
  const statuses: Events['sync.status'][] = [];
  const notices: Events['notice'][] = [];
  bridge.on('sync.status', (status) => statuses.push(status));
  bridge.on('notice', (notice) => notices.push(notice));
  bridge.serveStore(createDexieMirrorStore(faulty.db));
  const peer = createMainPeer(wire.main, services.handlers);
  services.attach(peer);
  return {
    services,
    bridge,
    peer,
    faulty,
    log,
    statuses,
    notices,
    closeWindow() {
      wire.close();
      services.detach(peer);
      peer.close();
    },
  };
}
