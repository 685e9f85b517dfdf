import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveStaticPath, contentTypeOf } from '../../../src-main/harness/static-path.js';

/**
 * The origin of the bench page: its files, and the reference server's API forwarded
 * under the same origin (the server sends no CORS headers, and the peer must fetch
 * from the page as a web app would).
 */
export interface BenchOrigin {
  readonly url: string;
  close(): Promise<void>;
}

function forward(target: URL, req: IncomingMessage, res: ServerResponse): void {
  const upstream = httpRequest(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
}

async function serveFile(root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const file = resolveStaticPath(root, req.url ?? '/');
  try {
    if (!file) throw new Error('outside');
    const info = await stat(file);
    if (!info.isFile()) throw new Error('not a file');
    res.writeHead(200, { 'content-type': contentTypeOf(file), 'content-length': info.size });
    createReadStream(file).pipe(res);
  } catch {
    res.writeHead(404).end();
  }
}

export async function startBenchOrigin(pageDir: string, serverUrl: string): Promise<BenchOrigin> {
  const target = new URL(serverUrl);
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path.startsWith('/api/') || path.startsWith('/demo/')) forward(target, req, res);
    else void serveFile(pageDir, req, res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
