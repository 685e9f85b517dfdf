import { STORE_METHODS, type Bridge, type Result, type StoreMethod } from './contract.js';
import { toBridgeError } from './bridge-error.js';
import type { ShellBridge } from './shell-contract.js';
import type { WireTransport } from './wire.js';
import type { OutboxStore } from '../outbox/index.js';
import type { MirrorStore } from '../store/index.js';

/** The renderer's bridge, with the desktop shell's commands beside it (main answers them only in Electron). */
export type WireBridge = Bridge & { readonly shell: ShellBridge };

/**
 * A plain copy of a call's argument. Vue's reactive proxies cannot be structured-cloned
 * (Electron's IPC and contextBridge refuse them) while the harness's JSON flattens
 * them silently; copying here gives every transport the same plain data.
 */
function plainCopy(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}

/**
 * The renderer's end over any transport. Errors of the served store are turned into
 * plain data here, in the page's own world, before they cross anything.
 */
export function createWireBridge(transport: WireTransport): WireBridge {
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
      Promise.resolve()
        .then(() => method(...message.args))
        .then(
          (data) => reply({ ok: true, data: data ?? null }),
          (error: unknown) => reply({ ok: false, error: toBridgeError(error) }),
        );
    }
  });
  const call = (name: string, arg: unknown) =>
    new Promise<Result<never>>((resolve) => {
      const id = nextId++;
      calls.set(id, resolve as (result: Result<unknown>) => void);
      transport.send({ t: 'call', id, name, arg: plainCopy(arg) });
    });
  return {
    call: (name, arg) => call(name, arg),
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener as (d: unknown) => void);
      listeners.set(name, set);
      return () => set.delete(listener as (d: unknown) => void);
    },
    serveStore(served) {
      store = served;
      transport.send({ t: 'serving', serving: true });
      return () => {
        if (store !== served) return;
        store = null;
        transport.send({ t: 'serving', serving: false });
      };
    },
    shell: { call: (name, arg) => call(name, arg) },
  };
}
