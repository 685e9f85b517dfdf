import { createWireBridge, type Bridge } from '../src-shared/bridge/index.js';
import { createSocketTransport, type SocketLike } from './socket-transport.js';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in the browser harness. */
    outpost?: Bridge;
  }
}

/** Whether the bridge's own link (socket or IPC) is up, told to a listener. */
export type LinkListener = (open: boolean) => void;

/**
 * The only reader of `window.outpost`. In Electron the preload provides the bridge;
 * in the browser harness the page talks to main over a WebSocket at `/bridge`.
 */
export function connectBridge(onLink?: LinkListener): Bridge {
  if (window.outpost) {
    onLink?.(true);
    return window.outpost;
  }
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const transport = createSocketTransport({
    url: `${scheme}//${location.host}/bridge`,
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    onStateChange: onLink,
  });
  return createWireBridge(transport);
}
