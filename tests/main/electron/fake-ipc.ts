import type { IpcMain, IpcRenderer } from 'electron';

type Listener = (event: unknown, ...args: unknown[]) => void;

/**
 * An in-memory stand-in for one window's IPC: main's `webContents.ipc` and `send`,
 * the preload's `ipcRenderer`. Messages are structured-cloned as Electron does, and
 * every message from the page carries the frame it came from, which a test can change.
 */
export function createFakeIpc(frame: { url: string; parent: unknown } = { url: 'app://outpost/index.html', parent: null }) {
  const handlers = new Map<string, (event: unknown, arg: unknown) => unknown>();
  const mainListeners = new Map<string, Set<Listener>>();
  const rendererListeners = new Map<string, Set<Listener>>();
  let destroyed = false;
  const sent: { channel: string; args: unknown[] }[] = [];
  const add = (map: Map<string, Set<Listener>>, channel: string, listener: Listener) => {
    const set = map.get(channel) ?? new Set();
    set.add(listener);
    map.set(channel, set);
  };
  const senderEvent = () => ({ senderFrame: frame.url === '' ? null : { ...frame } });
  const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

  const mainIpc = {
    handle(channel: string, handler: (event: unknown, arg: unknown) => unknown) {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, handler);
    },
    removeHandler(channel: string) {
      handlers.delete(channel);
    },
    on(channel: string, listener: Listener) {
      add(mainListeners, channel, listener);
      return mainIpc;
    },
    removeListener(channel: string, listener: Listener) {
      mainListeners.get(channel)?.delete(listener);
      return mainIpc;
    },
  };
  const contents = {
    send(channel: string, ...args: unknown[]) {
      const cloned = structuredClone(args);
      sent.push({ channel, args: cloned });
      void tick().then(() => {
        for (const listener of rendererListeners.get(channel) ?? []) listener({}, ...cloned);
      });
    },
    isDestroyed: () => destroyed,
  };
  const rendererIpc = {
    async invoke(channel: string, arg: unknown) {
      await tick();
      const handler = handlers.get(channel);
      if (!handler) throw new Error(`No handler registered for '${channel}'`);
      return structuredClone(await handler(senderEvent(), structuredClone(arg)));
    },
    send(channel: string, ...args: unknown[]) {
      const cloned = structuredClone(args);
      void tick().then(() => {
        for (const listener of mainListeners.get(channel) ?? []) listener(senderEvent(), ...cloned);
      });
    },
    on(channel: string, listener: Listener) {
      add(rendererListeners, channel, listener);
      return rendererIpc;
    },
  };
  return {
    frame,
    sent,
    handlers,
    mainIpc: mainIpc as unknown as IpcMain,
    contents,
    rendererIpc: rendererIpc as unknown as IpcRenderer,
    destroy: () => {
      destroyed = true;
    },
    listenerCount: (channel: string) => mainListeners.get(channel)?.size ?? 0,
    tick,
  };
}
