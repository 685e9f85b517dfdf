import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { createMainPeer, type WireMessage, type WireTransport } from '../../src-shared/bridge/index.js';
import { decodeTextFrame, encodeTextFrame } from '../../src-shared/bridge/text-frame.js';
import { MEDIA_KEY_PATTERN, MEDIA_ROUTE } from '../../src-shared/media/index.js';
import { localMediaHeaders } from '../core/media/media-policy.js';
import type { MainServices } from '../core/services.js';
import { asSingleWorkspace } from '../core/workspaces/single-workspace.js';
import { contentTypeOf, resolveStaticPath } from './static-path.js';

/**
 * The browser harness: the main-side services in plain Node, the renderer served to
 * Chromium on 127.0.0.1, and the bridge over a loopback WebSocket at `/bridge`.
 * It is how the end-to-end tests and benchmarks drive the real app without Electron.
 */
export interface HarnessOptions {
  readonly services: MainServices;
  /** The built renderer (dist-renderer). */
  readonly rendererDir: string;
  readonly port?: number;
  /** Builds the diagnostics archive offered at `/diagnostics.zip` (absent: no such download). */
  readonly diagnostics?: () => Promise<{ readonly name: string; readonly bytes: Uint8Array }>;
}

export interface RunningHarness {
  readonly url: string;
  close(): Promise<void>;
}

/** Wraps a WebSocket as a bridge transport (text frames, text-frame.ts); main's peer checks what arrives. */
export function socketTransport(socket: WebSocket): WireTransport {
  return {
    send(message) {
      // A text frame given as bytes, encoded once: given a string, the socket reads it
      // through to count its bytes and again to write them (a mirrored page is ~400 KB).
      if (socket.readyState === socket.OPEN) socket.send(Buffer.from(encodeTextFrame(message), 'utf8'), { binary: false });
    },
    isOpen: () => socket.readyState === socket.OPEN,
    onMessage(listener) {
      const onMessage = (data: unknown) => {
        let message: WireMessage;
        try {
          message = decodeTextFrame(String(data));
        } catch {
          return; // not ours: ignore rather than crash the main side
        }
        listener(message);
      };
      socket.on('message', onMessage);
      return () => socket.off('message', onMessage);
    },
  };
}

async function serveFile(root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const file = resolveStaticPath(root, req.url ?? '/');
  if (!file || (req.method !== 'GET' && req.method !== 'HEAD')) {
    res.writeHead(file ? 405 : 400).end();
    return;
  }
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new Error('not a file');
    res.writeHead(200, {
      'content-type': contentTypeOf(file),
      'content-length': info.size,
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  } catch {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  }
}

/**
 * `GET /diagnostics.zip`: the same archive as the desktop app's Help › Export
 * diagnostics. Only for the page this harness served: a browser marks a request from
 * another site (`Sec-Fetch-Site: cross-site`), and that one is refused.
 */
async function serveDiagnostics(build: NonNullable<HarnessOptions['diagnostics']>, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const site = req.headers['sec-fetch-site'];
  if (req.method !== 'GET' || (site !== undefined && site !== 'same-origin' && site !== 'none')) {
    res.writeHead(403, { 'content-type': 'text/plain' }).end('forbidden');
    return;
  }
  try {
    const { name, bytes } = await build();
    res.writeHead(200, {
      'content-type': 'application/zip',
      'content-length': bytes.byteLength,
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    res.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (error) {
    res.writeHead(500, { 'content-type': 'text/plain' }).end(`diagnostics failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * `GET /media/<key>`: a local media copy of the open workspace, with the same headers as
 * the desktop shell's media protocol (no script in an SVG can run). Only a key main's
 * index knows reaches the file system.
 */
function serveMedia(services: MainServices, key: string, req: IncomingMessage, res: ServerResponse): void {
  const file = req.method === 'GET' && MEDIA_KEY_PATTERN.test(key) ? services.mediaFile(key) : null;
  if (!file) {
    res.writeHead(404, { 'content-type': 'text/plain', 'x-content-type-options': 'nosniff' }).end('not downloaded');
    return;
  }
  const stream = createReadStream(file.path);
  stream.once('error', () => (res.headersSent ? res.destroy() : res.writeHead(404).end()));
  stream.once('open', () => {
    res.writeHead(200, localMediaHeaders(file.contentType, file.size));
    stream.pipe(res);
  });
}

export async function startHarness(options: HarnessOptions): Promise<RunningHarness> {
  const { rendererDir, diagnostics } = options;
  // Plain services (benchmarks build their own) are one workspace: the renderer asks for the list either way.
  const services = options.services.handlers['workspaces.list'] ? options.services : asSingleWorkspace(options.services);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (diagnostics && path === '/diagnostics.zip') void serveDiagnostics(diagnostics, req, res);
    else if (path.startsWith(MEDIA_ROUTE)) serveMedia(services, path.slice(MEDIA_ROUTE.length), req, res);
    else void serveFile(rendererDir, req, res);
  });
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 * 1024 });
  server.on('upgrade', (req, socket, head) => {
    const origin = req.headers.origin;
    const host = req.headers.host;
    // Only the page this harness served may open the bridge.
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/bridge' || (origin && host && origin !== `http://${host}`)) {
      socket.destroy();
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => {
      const peer = createMainPeer(socketTransport(ws), services.handlers);
      services.attach(peer);
      ws.on('close', () => {
        services.detach(peer);
        peer.close();
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const client of sockets.clients) client.terminate();
      await new Promise<void>((resolve) => sockets.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
