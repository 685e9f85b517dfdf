import type { IpcRenderer } from 'electron';
import type { WireMessage, WireTransport } from '../../src-shared/bridge/wire.js';
import { IPC_CHANNELS } from './ipc-channels.js';

type PreloadIpc = Pick<IpcRenderer, 'send' | 'on'>;

/**
 * The page's end of the IPC transport: one channel each way and nothing raw, so the
 * page can neither reach another channel nor see `ipcRenderer`. It checks nothing:
 * main validates every message (the page is untrusted, and main is where the
 * contract's schemas live), and the renderer builds the bridge on top of it, the
 * same bridge as over the harness's WebSocket.
 */
export function createPreloadTransport(ipc: PreloadIpc): WireTransport {
  const listeners = new Set<(message: WireMessage) => void>();
  ipc.on(IPC_CHANNELS.wire, (_event, message: WireMessage) => {
    for (const listener of listeners) listener(message);
  });
  return {
    send: (message) => ipc.send(IPC_CHANNELS.wire, message),
    onMessage(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
