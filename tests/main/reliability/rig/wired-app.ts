import { createMainPeer, createWireBridge, type Bridge, type Events, type MainPeer } from '../../../../src-shared/bridge/index.js';
import { createDexieOutboxStore } from '../../../../src-shared/outbox/index.js';
import { createDexieMirrorStore } from '../../../../src-shared/store/index.js';
import { createMainServices, type MainServices, type MainServicesOptions } from '../../../../src-main/core/services.js';
import type { RunningServer } from '../../../../src-server/index.js';
import { noPublishedSources, type FaultProxy } from './fault-proxy.js';
import { faultyDatabase, type FaultyDb } from './faulty-db.js';
import { memoryWire } from './memory-wire.js';
import { recordingLog } from './recording-log.js';
import { onClose, tempDir } from './stack.js';

/** One renderer window: it serves the Dexie store (mirror and outbox) over the wire and hears main's events. */
export interface WiredWindow {
  readonly bridge: Bridge;
  readonly peer: MainPeer;
  readonly statuses: Events['sync.status'][];
  readonly notices: Events['notice'][];
  readonly refusals: Events['outbox.refused'][];
  /** The window closes: the wire drops and main is told. */
  close(): void;
}

/**
 * The app as it runs: main's services, and a renderer window that serves the store
 * over the bridge's wire protocol (JSON messages, as over the harness's WebSocket).
 * Store failures cross the bridge exactly as they would in the app.
 */
export interface WiredApp extends WiredWindow {
  readonly services: MainServices;
  readonly faulty: FaultyDb;
  readonly log: ReturnType<typeof recordingLog>;
  readonly dataDir: string;
  /** The window that serves the store now (a new one after `reopenWindow`). */
  window: WiredWindow;
  /** Closes the window and opens a new one on the same database, as a reload does. */
  reopenWindow(): WiredWindow;
}

function openWindow(services: MainServices, faulty: FaultyDb): WiredWindow {
  const wire = memoryWire();
  const bridge = createWireBridge(wire.renderer);
  const statuses: Events['sync.status'][] = [];
  const notices: Events['notice'][] = [];
  const refusals: Events['outbox.refused'][] = [];
  bridge.on('sync.status', (status) => statuses.push(status));
  bridge.on('notice', (notice) => notices.push(notice));
  bridge.on('outbox.refused', (refusal) => refusals.push(refusal));
  bridge.serveStore({ ...createDexieMirrorStore(faulty.db), ...createDexieOutboxStore(faulty.db) });
  const peer = createMainPeer(wire.main, services.handlers);
  services.attach(peer);
  return {
    bridge,
    peer,
    statuses,
    notices,
    refusals,
    close() {
      wire.close();
      services.detach(peer);
      peer.close();
    },
  };
}

/**
 * Starts the services and one window. Unless `sources` is set, the workspace publishes
 * no sources (its `/demo/sources` answers 404, as a real tenant's does), so only the
 * four root lists are mirrored and a scenario stays quick.
 */
export async function startWiredApp(
  workspace: { server: RunningServer; proxy: FaultProxy },
  options: Partial<MainServicesOptions> & { faulty?: FaultyDb; sources?: boolean } = {},
): Promise<WiredApp> {
  if (!options.sources) {
    workspace.proxy.rules.unshift(noPublishedSources);
  }
  const log = recordingLog();
  const dataDir = options.dataDir ?? (await tempDir());
  const services = createMainServices({
    connection: { kind: 'token', baseUrl: workspace.proxy.url, token: workspace.server.token },
    shell: 'harness',
    log,
    ...Object.fromEntries(Object.entries(options).filter(([key]) => key !== 'faulty' && key !== 'sources')),
    dataDir,
  });
  onClose(() => services.stop());
  await services.start();
  const faulty = options.faulty ?? faultyDatabase();
  const first = openWindow(services, faulty);
  const app: WiredApp = {
    ...first,
    services,
    faulty,
    log,
    dataDir,
    window: first,
    reopenWindow() {
      app.window.close();
      app.window = openWindow(services, faulty);
      return app.window;
    },
  };
  return app;
}
