import { outboxStoreOf } from '../../src-shared/outbox/index.js';
import { realSleep, systemClock, type Sleep } from './clock.js';
import { appInfo } from './commands/app-info.js';
import { createCommandHandlers } from './commands/command-handlers.js';
import { createConnection } from './connection/connection.js';
import { workspaceReport } from './diagnostics/workspace-diagnostics.js';
import { createConnectivity } from './http/connectivity.js';
import { createRequestGate } from './http/request-gate.js';
import { silentLogger } from './logger.js';
import { batchChangedUrls } from './media/changed-urls.js';
import { tapStoreForMedia } from './media/media-tap.js';
import { createWorkspaceMedia } from './media/workspace-media.js';
import type { MainServices, MainServicesOptions } from './main-services.js';
import { createHttpOutboxApi } from './outbox/http-outbox-api.js';
import { createJournalFiles } from './outbox/journal-files.js';
import { createOutbox } from './outbox/outbox.js';
import { countEvent, refusalEvent } from './outbox/outbox-events.js';
import { createOutboxJournal } from './outbox/outbox-journal.js';
import { createWriterSession } from './session/writer-session.js';
import { createSettingsState } from './settings/settings-state.js';
import { createSourceSeeding } from './sources/source-seeding.js';
import { probeSource } from './sources/source-probe.js';
import { createStatusReporter } from './status/status-reporter.js';
import { createSyncStatus } from './status/sync-status.js';
import { createSyncEngine } from './sync/sync-engine.js';

export type { Clock, Sleep } from './clock.js';
export type { ConnectionConfig } from './connection/connection-config.js';
export type { Logger } from './logger.js';
export type { MainServices, MainServicesOptions } from './main-services.js';

/** The composition root: builds main's parts and wires them to one another. */
export function createMainServices(options: MainServicesOptions): MainServices {
  const log = options.log ?? silentLogger;
  const clock = options.clock ?? systemClock;
  const sleep: Sleep = options.sleep ?? realSleep;
  const random = options.random ? { random: options.random } : {};
  const changed = () => reporter.changed();
  const connectivity = createConnectivity(true);
  const gate = createRequestGate({ clock, sleep, budget: null, onChange: changed });
  const connection = createConnection({
    config: options.connection, gate, connectivity, clock, sleep, log, ...random,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.startDemo ? { startDemo: options.startDemo } : {}),
    ...(options.onSecretsChanged ? { onSecretsChanged: options.onSecretsChanged } : {}),
    notice: (message) => session.emit('notice', { level: 'warning', message }),
    onChange: changed,
  });
  const settings = createSettingsState({ dataDir: options.dataDir, mode: connection.mode, log });
  const mediaChanged = batchChangedUrls((urls) => session.emit('media.changed', { urls }));
  const media = createWorkspaceMedia({
    dataDir: options.dataDir, client: connection.client, gate, baseUrl: () => connection.baseUrl(), clock, sleep, log,
    budgetMB: () => settings.sync().mediaBudgetMB,
    busy: () => session.writer()?.engine.running() ?? false,
    onChange: (urls) => mediaChanged.add(urls),
  });
  const noteMedia = media.note.bind(media);
  const mediaTap = options.mediaScan ? { stats: options.mediaScan } : {};
  const sources = createSourceSeeding({ client: connection.client, gate, connectivity, clock, dismissed: settings.dismissed });
  // Edits are main's: journaled here before the renderer's database sees them, so a
  // cleared IndexedDB loses none. Writes share the client and gate of reads.
  const outbox = createOutbox({
    api: createHttpOutboxApi({ client: connection.client, gate, now: () => clock.now() }),
    store: () => {
      const writer = session.writer();
      return writer ? outboxStoreOf(tapStoreForMedia(writer.peer.store, noteMedia, mediaTap)) : null;
    },
    journal: createOutboxJournal({ dataDir: options.dataDir, files: createJournalFiles() }),
    clock, sleep, log, connectivity, ...random,
    onUnauthorized: () => connection.auth.refused(),
    onChange: (summary) => {
      // Edits waiting to be sent keep a share of the request budget free for them.
      gate.expectUrgent('outbox', summary.count > 0);
      session.emit('outbox.count', countEvent(summary));
    },
    onRefused: (entry) => session.emit('outbox.refused', refusalEvent(entry)),
  });
  const session = createWriterSession({
    createEngine: (store) =>
      createSyncEngine({
        runner: connection.runner, connectivity, store: tapStoreForMedia(store, noteMedia, mediaTap), baseUrl: connection.baseUrl(), clock, sleep, log, ...random,
        settings: settings.sync,
        grantedScopes: () => connection.grantedScopes(),
        onChange: changed,
      }),
    seed: (store) => sources.seed(store),
    outbox,
    probe: () => void connection.runner.probe().then(changed, () => undefined),
    greet: (peer) => peer.emit('sync.status', status()),
    log,
    onChange: changed,
  });
  const status = createSyncStatus({ connectivity, gate, authNeeded: connection.auth.needed, progress: () => session.writer()?.engine.progress() ?? null });
  const reporter = createStatusReporter({ build: status, emit: (next) => session.emit('sync.status', next), heartbeatMs: 2_000 });
  connectivity.onChange(changed);
  const info = () => appInfo(connection.mode, connection.baseUrl(), options.shell);
  const handlers = createCommandHandlers({
    engine: () => session.writer()?.engine ?? null,
    store: () => session.store(),
    focus: (scopes) => session.focus(scopes),
    outbox, media, settings, sources, gate, status, info, clock, changed,
    probe: (kind, params) => probeSource({ client: connection.client, gate, baseUrl: () => connection.baseUrl() }, kind, params),
    updateSecret: (update) => connection.updateSecret(update),
  });
  const report = workspaceReport({ outbox, scopes: () => session.writer()?.peer.store.getScopes() ?? null, info, status });
  let started = false;

  return {
    handlers,
    info,
    attach: (peer) => session.attach(peer),
    detach: (peer) => session.detach(peer),
    async start() {
      if (started) return;
      started = true;
      const published = await connection.open();
      if (published !== null) sources.publish(published);
      gate.setBudget((await settings.load()).requestBudgetPerMinute);
      await outbox.start();
      await media.start();
      session.start();
      log.info('main services started', { mode: connection.mode, baseUrl: connection.baseUrl() });
    },
    async stop() {
      // No window is served from now on, while the outbox cancels what it is sending.
      const sessionStopped = session.stop();
      reporter.close();
      await outbox.stop();
      await media.stop();
      mediaChanged.flush();
      await sessionStopped;
      await connection.close();
    },
    outboxState: report.outboxState,
    diagnostics: report.diagnostics,
    whenSettled: () => session.whenSettled(),
    mediaFile: (key) => media.open(key),
  };
}
