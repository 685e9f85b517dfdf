import {
  commandSchemas,
  STORE_METHODS,
  type Bridge,
  type BridgeError,
  type CommandHandlers,
  type CommandName,
  type EventName,
  type Events,
  type Result,
  type StoreMethod,
} from './contract.js';
import type { OutboxStore } from '../outbox/index.js';
import type { MirrorStore } from '../store/index.js';

/**
 * The bridge's message protocol, for transports that carry plain messages (the
 * harness's WebSocket; tests use an in-memory pair). Both ends are built here so the
 * renderer cannot tell which transport it has.
 */
export type WireMessage =
  | { readonly t: 'call'; readonly id: number; readonly name: string; readonly arg: unknown }
  | { readonly t: 'result'; readonly id: number; readonly result: Result<unknown> }
  | { readonly t: 'event'; readonly name: string; readonly data: unknown }
  | { readonly t: 'store'; readonly id: number; readonly method: string; readonly args: unknown[] }
  | { readonly t: 'stored'; readonly id: number; readonly result: Result<unknown> };

export interface WireTransport {
  send(message: WireMessage): void;
  onMessage(listener: (message: WireMessage) => void): () => void;
}

/** A store request that the renderer did not answer (disconnected or failed). */
export class StoreUnavailableError extends Error {
  override readonly name = 'StoreUnavailableError';
  constructor(readonly method: string, readonly code: string, message: string) {
    super(`store.${method}: ${message}`);
  }
}

function toBridgeError(error: unknown): BridgeError {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { code: typeof code === 'string' ? code : error.name, message: error.message };
  }
  return { code: 'Error', message: String(error) };
}

/**
 * Validates a command's argument with the contract's schema and runs its handler,
 * turning every failure into `{ ok: false }` (errors thrown across a bridge lose their class).
 */
export async function dispatchCommand(
  handlers: CommandHandlers,
  name: string,
  arg: unknown,
): Promise<Result<unknown>> {
  if (!Object.hasOwn(commandSchemas, name)) {
    return { ok: false, error: { code: 'UnknownCommand', message: `unknown command ${name}` } };
  }
  const key = name as CommandName;
  const parsed = commandSchemas[key].arg.safeParse(arg ?? {});
  if (!parsed.success) {
    return { ok: false, error: { code: 'InvalidArgument', message: parsed.error.issues.map((i) => `${i.path.join('.') || 'arg'}: ${i.message}`).join('; ') } };
  }
  try {
    const handler = handlers[key] as (a: unknown) => unknown;
    return { ok: true, data: await handler(parsed.data) };
  } catch (error) {
    return { ok: false, error: toBridgeError(error) };
  }
}

export interface MainPeer {
  emit<K extends EventName>(name: K, data: Events[K]): void;
  /** The store port, served by the renderer at the other end. */
  readonly store: MirrorStore;
  close(): void;
}

/** Main's end over a wire transport. */
export function createMainPeer(transport: WireTransport, handlers: CommandHandlers): MainPeer {
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; method: string }>();
  const stop = transport.onMessage((message) => {
    if (message.t === 'call') {
      void dispatchCommand(handlers, message.name, message.arg).then((result) =>
        transport.send({ t: 'result', id: message.id, result }),
      );
    } else if (message.t === 'stored') {
      const waiter = pending.get(message.id);
      if (!waiter) return;
      pending.delete(message.id);
      if (message.result.ok) waiter.resolve(message.result.data);
      else waiter.reject(new StoreUnavailableError(waiter.method, message.result.error.code, message.result.error.message));
    }
  });
  const store = Object.fromEntries(
    STORE_METHODS.map((method) => [
      method,
      (...args: unknown[]) =>
        new Promise((resolve, reject) => {
          const id = nextId++;
          pending.set(id, { resolve, reject, method });
          transport.send({ t: 'store', id, method, args });
        }),
    ]),
  ) as unknown as MirrorStore;
  return {
    emit: (name, data) => transport.send({ t: 'event', name, data }),
    store,
    close() {
      stop();
      for (const [, waiter] of pending) waiter.reject(new StoreUnavailableError(waiter.method, 'Disconnected', 'the window closed'));
      pending.clear();
    },
  };
}

/** The renderer's end over a wire transport. */
export function createWireBridge(transport: WireTransport): Bridge {
  let nextId = 1;
  const calls = new Map<number, (result: Result<unknown>) => void>();
  const listeners = new Map<string, Set<(data: unknown) => void>>();
  let store: (MirrorStore & Partial<OutboxStore>) | null = null;
  transport.onMessage((message) => {
    if (message.t === 'result') {
      calls.get(message.id)?.(message.result);
      calls.delete(message.id);
    } else if (message.t === 'event') {
      for (const listener of listeners.get(message.name) ?? []) listener(message.data);
    } else if (message.t === 'store') {
      const reply = (result: Result<unknown>) => transport.send({ t: 'stored', id: message.id, result });
      const method = (STORE_METHODS as readonly string[]).includes(message.method)
        ? (store?.[message.method as StoreMethod] as ((...a: unknown[]) => Promise<unknown>) | undefined)
        : undefined;
      if (!method) {
        reply({ ok: false, error: { code: 'NoStore', message: `store.${message.method} is not served` } });
        return;
      }
      method(...message.args).then(
        (data) => reply({ ok: true, data: data ?? null }),
        (error: unknown) => reply({ ok: false, error: toBridgeError(error) }),
      );
    }
  });
  return {
    call(name, arg) {
      return new Promise((resolve) => {
        const id = nextId++;
        calls.set(id, resolve as (r: Result<unknown>) => void);
        transport.send({ t: 'call', id, name, arg });
      });
    },
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener as (d: unknown) => void);
      listeners.set(name, set);
      return () => set.delete(listener as (d: unknown) => void);
    },
    serveStore(served) {
      store = served;
      return () => {
        if (store === served) store = null;
      };
    },
  };
}
