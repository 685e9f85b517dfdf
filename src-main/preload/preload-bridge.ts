import type { IpcRenderer } from 'electron';
import {
  COMMAND_NAMES,
  EVENT_NAMES,
  SHELL_COMMAND_NAMES,
  STORE_METHODS,
  type Bridge,
  type BridgeError,
  type Result,
  type ShellBridge,
} from '../../src-shared/bridge/index.js';
import type { MirrorStore } from '../../src-shared/store/index.js';
import { IPC_CHANNELS } from './ipc-channels.js';

type PreloadIpc = Pick<IpcRenderer, 'invoke' | 'send' | 'on'>;

/** What the preload exposes as `window.outpost`: the bridge, plus the desktop shell's commands. */
export type DesktopBridge = Bridge & { readonly shell: ShellBridge };

const commandNames = new Set<string>(COMMAND_NAMES);
const shellCommandNames = new Set<string>(SHELL_COMMAND_NAMES);
const eventNames = new Set<string>(EVENT_NAMES);
const storeMethods = new Set<string>(STORE_METHODS);

function unknownCommand(name: string): Promise<Result<never>> {
  return Promise.resolve({ ok: false, error: { code: 'UnknownCommand', message: `unknown command ${String(name)}` } });
}

function toBridgeError(error: unknown): BridgeError {
  if (error instanceof Error) return { code: error.name || 'Error', message: error.message };
  return { code: 'Error', message: String(error) };
}

/**
 * Builds the renderer's bridge over IPC. The page never gets `ipcRenderer` itself:
 * each function sends on one known channel, commands and events are limited to the
 * contract's names, and store requests are relayed only to the store the page serves.
 */
export function createPreloadBridge(ipc: PreloadIpc): DesktopBridge {
  const listeners = new Map<string, Set<(data: unknown) => void>>();
  let store: MirrorStore | null = null;

  ipc.on(IPC_CHANNELS.event, (_event, name: unknown, data: unknown) => {
    if (typeof name !== 'string' || !eventNames.has(name)) return;
    for (const listener of listeners.get(name) ?? []) listener(data);
  });

  ipc.on(IPC_CHANNELS.storeRequest, (_event, id: unknown, method: unknown, args: unknown) => {
    const reply = (result: Result<unknown>) => ipc.send(IPC_CHANNELS.storeReply, id, result);
    const served = store;
    if (typeof method !== 'string' || !storeMethods.has(method) || !Array.isArray(args) || !served) {
      reply({ ok: false, error: { code: 'NoStore', message: `store.${String(method)} is not served` } });
      return;
    }
    const call = served[method as keyof MirrorStore] as (...a: unknown[]) => Promise<unknown>;
    Promise.resolve()
      .then(() => call(...args))
      .then(
        (data) => reply({ ok: true, data: data ?? null }),
        (error: unknown) => reply({ ok: false, error: toBridgeError(error) }),
      );
  });

  return {
    call(name, arg) {
      if (!commandNames.has(name)) return unknownCommand(name);
      return ipc.invoke(name, arg);
    },
    on(name, listener) {
      if (!eventNames.has(name)) return () => undefined;
      const set = listeners.get(name) ?? new Set();
      set.add(listener as (data: unknown) => void);
      listeners.set(name, set);
      return () => {
        set.delete(listener as (data: unknown) => void);
      };
    },
    serveStore(served) {
      store = served;
      ipc.send(IPC_CHANNELS.storeServing, true);
      return () => {
        if (store !== served) return;
        store = null;
        ipc.send(IPC_CHANNELS.storeServing, false);
      };
    },
    shell: {
      call(name, arg) {
        if (!shellCommandNames.has(name)) return unknownCommand(name);
        return ipc.invoke(name, arg);
      },
    },
  } satisfies DesktopBridge;
}
