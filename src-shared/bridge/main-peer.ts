import { STORE_METHODS, type EventName, type Events } from './contract.js';
import { dispatchCommand, type HandlerSource } from './dispatch-command.js';
import { readRendererMessage, readStoreResult } from './read-renderer-message.js';
import { StoreUnavailableError } from './store-unavailable-error.js';
import type { WireTransport } from './wire.js';
import type { MirrorStore } from '../store/index.js';
import { pageForWindow, type ApplyPageCommand } from '../store/mirror-store.js';

export interface MainPeer {
  emit<K extends EventName>(name: K, data: Events[K]): void;
  /** The store port, served by the renderer at the other end. */
  readonly store: MirrorStore;
  close(): void;
}

/** Timers, injected: src-shared is typechecked without any host's globals. */
export interface PeerTimers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface StorePeerOptions {
  /** Request ids, unique across every peer on one transport (a reloaded window gets a new peer on the same one). */
  readonly nextId?: () => number;
  /** How long a store request may go unanswered before it fails with `Timeout` (default two minutes). */
  readonly storeTimeoutMs?: number;
  readonly timers?: PeerTimers;
}

const STORE_TIMEOUT_MS = 120_000;

/** The host's own timers; every JavaScript host we run in has them, only the shared zone's types lack them. */
function hostTimers(): PeerTimers {
  const host = globalThis as unknown as { setTimeout(run: () => void, ms: number): unknown; clearTimeout(handle: unknown): void };
  return { set: (run, ms) => host.setTimeout(run, ms), clear: (handle) => host.clearTimeout(handle) };
}

function counter(): () => number {
  let last = 0;
  return () => ++last;
}

/**
 * Answers the renderer's calls on a transport with the one dispatcher; returns a
 * function that stops answering. Messages that are not calls are left to others.
 */
export function serveCommands(transport: WireTransport, handlers: HandlerSource): () => void {
  return transport.onMessage((raw) => {
    const message = readRendererMessage(raw);
    if (message?.t !== 'call') return;
    void dispatchCommand(handlers, message.name, message.arg).then((result) => transport.send({ t: 'result', id: message.id, result }));
  });
}

/** Tells `listener` when the renderer starts or stops serving its store; returns a function that stops listening. */
export function watchServing(transport: WireTransport, listener: (serving: boolean) => void): () => void {
  return transport.onMessage((raw) => {
    const message = readRendererMessage(raw);
    if (message?.t === 'serving') listener(message.serving);
  });
}

/**
 * Main's use of the renderer's store, and its events, over a transport. Every store
 * request settles: with the reply, with `BadReply` when the reply has the wrong shape,
 * with `Timeout` when none comes, or with `Disconnected` when the peer closes or the
 * transport is gone. Closing never touches other peers on the same transport.
 */
export function createStorePeer(transport: WireTransport, options: StorePeerOptions = {}): MainPeer {
  const nextId = options.nextId ?? counter();
  const timeoutMs = options.storeTimeoutMs ?? STORE_TIMEOUT_MS;
  const timers = options.timers ?? hostTimers();
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void; method: string; timer: unknown }>();
  let closed = false;

  const settle = (id: number) => {
    const waiter = pending.get(id);
    if (!waiter) return null;
    pending.delete(id);
    timers.clear(waiter.timer);
    return waiter;
  };
  const stop = transport.onMessage((raw) => {
    const message = readRendererMessage(raw);
    if (message?.t !== 'stored') return;
    const waiter = settle(message.id);
    if (!waiter) return;
    const result = readStoreResult(message.result);
    if (!result) waiter.reject(new StoreUnavailableError(waiter.method, 'BadReply', 'the window answered with something that is not a reply'));
    else if (result.ok) waiter.resolve(result.data);
    else waiter.reject(new StoreUnavailableError(waiter.method, result.error.code, result.error.message));
  });

  const request = (method: string, args: unknown[]) =>
    new Promise<unknown>((resolve, reject) => {
      if (closed || transport.isOpen?.() === false) {
        reject(new StoreUnavailableError(method, 'Disconnected', 'the window closed'));
        return;
      }
      const id = nextId();
      const timer = timers.set(() => {
        settle(id)?.reject(new StoreUnavailableError(method, 'Timeout', `no answer from the window in ${Math.round(timeoutMs / 1000)} s`));
      }, timeoutMs);
      pending.set(id, { resolve, reject, method, timer });
      transport.send({ t: 'store', id, method, args });
    });
  const store = {
    ...(Object.fromEntries(STORE_METHODS.map((method) => [method, (...args: unknown[]) => request(method, args)])) as unknown as MirrorStore),
    // A page goes as the text of its rows where main has it (page-rows.ts).
    applyPage: (command: ApplyPageCommand) => request('applyPage', [pageForWindow(command)]),
  } as MirrorStore;

  return {
    emit(name, data) {
      if (!closed) transport.send({ t: 'event', name, data });
    },
    store,
    close() {
      if (closed) return;
      closed = true;
      stop();
      for (const id of [...pending.keys()]) {
        const waiter = settle(id);
        waiter?.reject(new StoreUnavailableError(waiter.method, 'Disconnected', 'the window closed'));
      }
    },
  };
}

/**
 * Main's whole end over one transport: answers calls and uses the store. The harness
 * makes one per socket; the Electron window answers calls for its whole life and
 * makes store peers per attachment instead (`serveCommands` + `createStorePeer`).
 */
export function createMainPeer(transport: WireTransport, handlers: HandlerSource, options: StorePeerOptions = {}): MainPeer {
  const stopCommands = serveCommands(transport, handlers);
  const peer = createStorePeer(transport, options);
  return {
    emit: peer.emit,
    store: peer.store,
    close() {
      stopCommands();
      peer.close();
    },
  };
}
