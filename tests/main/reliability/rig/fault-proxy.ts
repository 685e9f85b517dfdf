import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A loopback HTTP proxy in front of the reference server that injects faults the
 * server's own switches cannot aim precisely: an answer to one chosen request (page 7
 * of 20, the third PATCH), a hung server, a body dripped byte by byte, a reset in the
 * middle of one body, a redirect, a body rewritten. Everything else is forwarded as
 * is, Host header included, so the server's `nextUrl`s keep naming the proxy.
 */
export interface ProxyRequest {
  readonly method: string;
  /** Path and query as the client sent them. */
  readonly url: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** 1 for the first request the proxy saw. */
  readonly seq: number;
  /** Arrival time (epoch ms, the system clock). */
  readonly at: number;
}

export type ProxyAction =
  | { readonly kind: 'forward'; readonly rewriteUrl?: (url: string) => string; readonly after?: Promise<void> }
  /** Answers without asking the server (once `after` resolves, when given). */
  | { readonly kind: 'answer'; readonly status: number; readonly headers?: Record<string, string>; readonly body?: string; readonly after?: Promise<void> }
  /** Never answers; the socket stays open until the client gives up or the proxy closes. */
  | { readonly kind: 'hang' }
  /** Forwards, then sends the headers and half of the body and destroys the socket. */
  | { readonly kind: 'reset-mid-body' }
  /**
   * Forwards, then sends the body `chunkBytes` at a time, `everyMs` apart, or each
   * chunk after the one before only once `between(chunksSent)` resolves (a test's pace).
   */
  | { readonly kind: 'drip'; readonly chunkBytes: number; readonly everyMs: number; readonly between?: (chunksSent: number) => Promise<void> }
  /** Forwards, then sends `transform(body)` with the server's status and content type. */
  | { readonly kind: 'rewrite'; readonly transform: (body: string, status: number) => string; readonly rewriteUrl?: (url: string) => string }
  /** Forwards and delivers the answer, but only after `release()` is called (a slow server). */
  | { readonly kind: 'hold'; readonly until: Promise<void> };

export type ProxyRule = (request: ProxyRequest) => ProxyAction | null | undefined;

export interface ProxyLogEntry extends ProxyRequest {
  readonly action: ProxyAction['kind'];
  /** Status sent to the client, or null when none was (hang, reset). */
  status: number | null;
  /** When the answer's headers were sent (epoch ms), or null. */
  answeredAt: number | null;
  /** The client closed the connection before the answer was complete. */
  abandoned: boolean;
}

export interface FaultProxy {
  readonly url: string;
  /** Every request seen, in arrival order. */
  readonly log: ProxyLogEntry[];
  /** Rules are asked in order; the first action given wins, otherwise the request is forwarded. */
  readonly rules: ProxyRule[];
  /** Requests whose answer is still being held, hung or dripped. */
  open(): number;
  /**
   * Takes the network away (connections in progress are cut, new ones refused) or
   * brings it back on the same address.
   */
  setDown(down: boolean): Promise<void>;
  close(): Promise<void>;
}

function readBody(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const log: ProxyLogEntry[] = [];
  const rules: ProxyRule[] = [];
  const sockets = new Set<Socket>();
  let seq = 0;
  let pending = 0;

  function forward(req: ProxyRequest, url: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const out = httpRequest(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: url, headers: req.headers },
        (res) => {
          readBody(res).then((body) => resolve({ status: res.statusCode ?? 502, headers: res.headers, body }), reject);
        },
      );
      out.on('error', reject);
      out.end(req.body);
    });
  }

  function answerHeaders(headers: IncomingHttpHeaders, length: number): Record<string, string> {
    const kept: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined || ['content-length', 'transfer-encoding', 'connection', 'keep-alive'].includes(name)) continue;
      kept[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    kept['content-length'] = String(length);
    return kept;
  }

  async function handle(raw: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = (await readBody(raw)).toString('utf8');
    const url = raw.url ?? '/';
    const request: ProxyRequest = { method: raw.method ?? 'GET', url, path: url.split('?')[0]!, headers: raw.headers, body, seq: ++seq, at: Date.now() };
    let action: ProxyAction = { kind: 'forward' };
    for (const rule of rules) {
      const chosen = rule(request);
      if (chosen) {
        action = chosen;
        break;
      }
    }
    const entry: ProxyLogEntry = { ...request, action: action.kind, status: null, answeredAt: null, abandoned: false };
    log.push(entry);
    let finished = false;
    res.on('finish', () => {
      finished = true;
    });
    res.on('close', () => {
      if (!finished) entry.abandoned = true;
    });

    switch (action.kind) {
      case 'answer': {
        if (action.after) await action.after;
        const text = action.body ?? '';
        res.writeHead(action.status, { 'content-length': String(Buffer.byteLength(text)), ...action.headers });
        entry.status = action.status;
        entry.answeredAt = Date.now();
        res.end(text);
        return;
      }
      case 'hang':
        return;
      default:
        break;
    }

    const rewrite = (action.kind === 'forward' || action.kind === 'rewrite') && action.rewriteUrl ? action.rewriteUrl(url) : url;
    if (action.kind === 'forward' && action.after) await action.after;
    const answer = await forward(request, rewrite);
    if (action.kind === 'hold') await action.until;
    let out = answer.body;
    if (action.kind === 'rewrite') out = Buffer.from(action.transform(answer.body.toString('utf8'), answer.status), 'utf8');
    res.writeHead(answer.status, answerHeaders(answer.headers, out.length));
    entry.status = answer.status;
    entry.answeredAt = Date.now();

    if (action.kind === 'reset-mid-body') {
      res.write(out.subarray(0, Math.floor(out.length / 2)), () => res.socket?.destroy());
      entry.status = null;
      return;
    }
    if (action.kind === 'drip') {
      for (let at = 0, chunks = 0; at < out.length && !res.destroyed; at += action.chunkBytes) {
        res.write(out.subarray(at, at + action.chunkBytes));
        chunks += 1;
        if (action.between) await action.between(chunks);
        else await new Promise((resolve) => setTimeout(resolve, action.everyMs));
      }
      res.end();
      return;
    }
    res.end(out);
  }

  const server = createServer((req, res) => {
    pending += 1;
    res.on('close', () => {
      pending -= 1;
    });
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  let down = false;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    rules,
    open: () => pending,
    async setDown(next) {
      if (next === down) return;
      down = next;
      if (next) {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const socket of sockets) socket.destroy();
        await closed;
      } else {
        await new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(port, '127.0.0.1', () => {
            server.off('error', reject);
            resolve();
          });
        });
      }
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (!down) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The requests of the log that went to a list path (`/api/v1.3/training/lessons/participation`...). */
export function requestsTo(log: readonly ProxyLogEntry[], pathPart: string): ProxyLogEntry[] {
  return log.filter((entry) => entry.path.includes(pathPart));
}

/**
 * The workspace publishes no sources (`/demo/sources` answers 404, as a real tenant's
 * does), so main's services mirror only the four root lists: quick scenarios.
 */
export const noPublishedSources: ProxyRule = (request) => (request.path === '/demo/sources' ? { kind: 'answer', status: 404, body: '' } : null);
