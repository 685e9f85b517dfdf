import type { Bridge } from '../src-shared/bridge/contract.js';
import type { ShellBridge } from '../src-shared/bridge/shell-contract.js';
import type { WireTransport } from '../src-shared/bridge/wire.js';
import { createWireBridge } from '../src-shared/bridge/wire-bridge.js';
import { createSocketTransport, type SocketLike } from './socket-transport.js';

declare global {
  interface Window {
    /** The IPC transport, set by the Electron preload; absent in the browser harness. */
    outpost?: WireTransport;
  }
}

/** Whether the bridge's own link (socket or IPC) is up, told to a listener. */
export type LinkListener = (open: boolean) => void;

/** The bridge, with the desktop shell's commands where there is a desktop shell (Electron). */
export type AppBridge = Bridge & { readonly shell?: ShellBridge };

/**
 * The only reader of `window.outpost`. One bridge over either transport: Electron's
 * IPC (the preload's `window.outpost`) or, in the browser harness, a WebSocket to
 * main at `/bridge`.
 */
export function connectBridge(onLink?: LinkListener): AppBridge {
  if (window.outpost) {
    onLink?.(true);
    return createWireBridge(window.outpost);
  }
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const transport = createSocketTransport({
    url: `${scheme}//${location.host}/bridge`,
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    onStateChange: onLink,
  });
  const { call, on, serveStore } = createWireBridge(transport);
  return { call, on, serveStore };
}
