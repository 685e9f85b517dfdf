import type { EventName, Events, MainPeer } from '../../../src-shared/bridge/index.js';
import type { MirrorStore } from '../../../src-shared/store/index.js';
import type { Logger } from '../logger.js';
import type { Outbox } from '../outbox/outbox.js';
import { isPauseSignal } from '../sync/scope-failure.js';
import type { SyncEngine } from '../sync/sync-engine.js';

/** The window serving the store now, and the engine writing to it. */
export interface Writer {
  readonly peer: MainPeer;
  readonly engine: SyncEngine;
  /** Resolves once the engine started (or could not). */
  readonly ready: Promise<void>;
}

export interface WriterSessionOptions {
  /** A sync engine writing to one window's store. */
  readonly createEngine: (store: MirrorStore) => SyncEngine;
  /** Runs before a new writer's engine starts (the published sources go into its store). */
  readonly seed: (store: MirrorStore) => Promise<void>;
  /** A new writer's database may lack edits: the journal restores them, then replay goes on. */
  readonly outbox: Pick<Outbox, 'reconcile' | 'replay'>;
  /** A window (re)opened: it must learn at once whether the workspace is reachable. */
  readonly probe: () => void;
  /** A window attached: it is told the status at once. */
  readonly greet: (peer: MainPeer) => void;
  readonly log: Logger;
  /** The writer changed, or its engine started (the status changed). */
  readonly onChange: () => void;
}

/**
 * Which window serves the store. Every attached window hears the events; the newest
 * one is written to. A writer change stops the old engine before the next one starts,
 * one change after another. Before `start` (and after `stop`) windows only listen.
 */
export interface WriterSession {
  attach(peer: MainPeer): void;
  detach(peer: MainPeer): void;
  /** Serving may begin: the newest window becomes the writer. */
  start(): void;
  /** Stops the writer's engine; no window is written to again. */
  stop(): Promise<void>;
  writer(): Writer | null;
  /** The writer's store, else the newest window's (a command may store rows before serving begins); null with no window. */
  store(): MirrorStore | null;
  /** Sends an event to every attached window. */
  emit<K extends EventName>(name: K, data: Events[K]): void;
  /** The scopes the user is looking at, kept for the next writer's engine too. */
  focus(scopes: readonly string[]): void;
  /** Resolves when the writer's engine has nothing running and nothing due. */
  whenSettled(): Promise<void>;
}

/** The session's windows and writer, shared by the steps below. */
interface SessionState {
  readonly options: WriterSessionOptions;
  readonly peers: MainPeer[];
  writer: Writer | null;
  focused: readonly string[];
  started: boolean;
  stopped: boolean;
  switching: Promise<void>;
}

/** Makes `peer` the writer: seeds its store and starts an engine on it, and reconciles the outbox with it. */
function serve(s: SessionState, peer: MainPeer): void {
  const { options } = s;
  const { log } = options;
  const engine = options.createEngine(peer.store);
  const ready = (async () => {
    try {
      await options.seed(peer.store);
      if (s.writer?.engine !== engine) return;
      await engine.start();
      engine.focus(s.focused);
    } catch (error) {
      if (!isPauseSignal(error)) log.error('sync engine did not start', { message: (error as Error).message });
    }
    options.onChange();
  })();
  s.writer = { peer, engine, ready };
  void options.outbox.reconcile().then(
    () => options.outbox.replay(),
    (error: unknown) => {
      if (!isPauseSignal(error)) log.error('outbox reconcile failed', { message: (error as Error).message });
    },
  );
}

/** No window is the writer any more: stops the old writer's engine. */
async function unserve(s: SessionState): Promise<void> {
  const current = s.writer;
  s.writer = null;
  if (!current) return;
  await current.engine.stop();
  s.options.onChange();
}

export function createWriterSession(options: WriterSessionOptions): WriterSession {
  const s: SessionState = { options, peers: [], writer: null, focused: [], started: false, stopped: false, switching: Promise.resolve() };
  const { peers } = s;
  const switchWriter = (step: () => Promise<void>) => {
    s.switching = s.switching.then(step, step);
  };

  return {
    attach(peer) {
      if (!peers.includes(peer)) peers.push(peer);
      options.greet(peer);
      if (!s.started || s.stopped) return;
      options.probe();
      switchWriter(async () => {
        await unserve(s);
        if (!s.stopped && peers.at(-1) === peer && !s.writer) serve(s, peer);
      });
    },

    detach(peer) {
      const index = peers.indexOf(peer);
      if (index >= 0) peers.splice(index, 1);
      if (s.writer?.peer !== peer) return;
      switchWriter(async () => {
        await unserve(s);
        const next = peers.at(-1);
        if (!s.stopped && next && !s.writer) serve(s, next);
      });
    },

    start() {
      if (s.started) return;
      s.started = true;
      const peer = peers.at(-1);
      if (peer) serve(s, peer);
    },

    async stop() {
      s.stopped = true;
      await s.switching;
      await unserve(s);
    },

    writer: () => s.writer,
    store: () => (s.writer?.peer ?? peers.at(-1))?.store ?? null,

    emit(name, data) {
      for (const peer of peers) peer.emit(name, data);
    },

    focus(scopes) {
      s.focused = scopes;
      s.writer?.engine.focus(scopes);
    },

    async whenSettled() {
      await s.switching;
      const current = s.writer;
      if (!current) return;
      await current.ready;
      await current.engine.whenSettled();
    },
  };
}
