import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { WebSocketServer } from 'ws';
import { endpoints } from '../../../src-shared/api/index.js';
import { COMMAND_NAMES, createMainPeer, type CommandHandlers, type MainPeer, type SyncStatus, type WireMessage, type WireTransport } from '../../../src-shared/bridge/index.js';
import { scopeKey, type ScopeState, type SourceKind } from '../../../src-shared/store/index.js';
import { sampleComments, sampleScopes, sampleSingles, type SampleScope } from './sample-rows.js';

/**
 * A stand-in for main while looking at the renderer: serves the built renderer and
 * a bridge whose store commands fill the page's IndexedDB with sample rows.
 */
export interface RigOptions {
  readonly rendererDir: string;
  readonly scale: number;
  readonly online?: boolean;
  readonly authNeeded?: boolean;
  /** Extra rows to write as posts (the XSS check). */
  readonly extraPosts?: Record<string, unknown>[];
  readonly outbox?: Record<string, unknown>[];
}

export interface Rig {
  readonly url: string;
  /** Resolves when every sample row is written. */
  seeded(): Promise<{ ms: number }>;
  close(): Promise<void>;
}

const KINDS: Partial<Record<string, SourceKind>> = { E1: 'dataList', E4: 'calendar', E12: 'serviceformModule', E11: 'survey', E13: 'task', E14: 'taskModule' };
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

function state(scope: SampleScope, rows: number, status: ScopeState['status']): ScopeState {
  const now = new Date().toISOString();
  return { scope: scopeKey(scope.endpoint, scope.params), endpoint: scope.endpoint, params: scope.params, parent: null, status, pass: null, lastFullAt: status === 'idle' ? now : null, lastDeltaAt: null, highWater: { created: null, modified: null }, lastError: null, reason: null, rowCount: rows };
}

async function seed(peer: MainPeer, options: RigOptions, emit: (s: Partial<SyncStatus>) => void): Promise<void> {
  const scopes = [...sampleScopes(options.scale), ...sampleComments()];
  for (const s of scopes) {
    if (s.label) await peer.store.putSource({ id: scopeKey(s.endpoint, s.params), kind: KINDS[s.endpoint] ?? 'dataList', params: s.params, label: s.label, addedAt: new Date().toISOString() });
  }
  for (const single of sampleSingles()) {
    for (const row of single.rows) {
      // Rows the API does not list are scoped by their write endpoint's parameters.
      const params = { ...single.scopeParams, ...Object.fromEntries(endpoints[single.endpoint].pathParams.filter((p) => !(p in single.scopeParams)).map((p) => [p, String(row.id)])) };
      await peer.store.putRow({ endpoint: single.endpoint, scope: scopeKey(single.endpoint, params), row });
    }
  }
  for (const row of options.extraPosts ?? []) await peer.store.putRow({ endpoint: 'E3', scope: `E3:${String(row.moduleId ?? '')}`, row });
  let mirrored = 0;
  const started = Date.now();
  for (const s of scopes) {
    const key = scopeKey(s.endpoint, s.params);
    let batch: Record<string, unknown>[] = [];
    let written = 0;
    const flush = async () => {
      written += batch.length;
      mirrored += batch.length;
      await peer.store.applyPage({ endpoint: s.endpoint, scope: key, pass: 'p1', rows: batch, quarantined: [], state: state(s, written, 'syncing') });
      batch = [];
      emit({ running: true, rowsMirrored: mirrored, rowsPerSecond: Math.round((mirrored / Math.max(1, Date.now() - started)) * 1000), scopes: [{ scope: key, endpoint: s.endpoint, status: 'syncing', pages: 0, rows: written, lastSuccessAt: null, lastError: null, reason: null, nextRunAt: null }] });
    };
    for (const row of s.rows()) {
      batch.push(row);
      if (batch.length === 1000) await flush();
    }
    if (batch.length) await flush();
    await peer.store.finishPass({ endpoint: s.endpoint, scope: key, pass: 'p1', sweep: false, state: state(s, written, 'idle') });
  }
  emit({ running: false, rowsMirrored: mirrored, scopes: [] });
}

export async function startRig(options: RigOptions): Promise<Rig> {
  let status: SyncStatus = { online: options.online ?? true, authNeeded: options.authNeeded ?? false, running: false, rowsMirrored: 0, rowsPerSecond: 0, requestsUsed: 12, requestBudget: 90, lastSyncedAt: null, scopes: [] };
  let resolveSeeded!: (v: { ms: number }) => void;
  const seededPromise = new Promise<{ ms: number }>((r) => (resolveSeeded = r));
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    let file = normalize(join(options.rendererDir, path));
    if (path === '/' || extname(path) === '' || !existsSync(file) || !file.startsWith(options.rendererDir)) file = join(options.rendererDir, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': statSync(file).size });
    createReadStream(file).pipe(res);
  });
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 * 1024 });
  let seededOnce = false;
  server.on('upgrade', (req, socket, head) => {
    sockets.handleUpgrade(req, socket, head, (ws) => {
      const transport: WireTransport = {
        send: (m) => ws.readyState === ws.OPEN && ws.send(JSON.stringify(m)),
        onMessage: (listener) => {
          const on = (d: unknown) => listener(JSON.parse(String(d)) as WireMessage);
          ws.on('message', on);
          return () => ws.off('message', on);
        },
      };
      const stub = () => ({ ok: true });
      const handlers = Object.fromEntries(COMMAND_NAMES.map((n) => [n, stub])) as unknown as CommandHandlers;
      Object.assign(handlers, {
        'app.info': () => ({ mode: 'demo', workspaceName: 'Acme Logistics', baseUrl: 'http://127.0.0.1:0', version: '0.1.0', shell: 'harness' }),
        'sync.status': () => status,
        'sync.now': () => ({ started: true }),
        'sync.focus': () => ({ ok: true }),
        'sources.add': () => ({ id: 'E1:x' }),
        'sources.remove': () => ({ removed: true }),
      });
      const peer = createMainPeer(transport, handlers);
      ws.on('close', () => peer.close());
      const emit = (patch: Partial<SyncStatus>) => {
        status = { ...status, ...patch, lastSyncedAt: patch.running === false ? new Date().toISOString() : status.lastSyncedAt };
        peer.emit('sync.status', status);
      };
      if (!seededOnce) {
        seededOnce = true;
        const t0 = Date.now();
        void seed(peer, options, emit).then(() => resolveSeeded({ ms: Date.now() - t0 }), (e: unknown) => console.error('seed failed', e));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seeded: () => seededPromise,
    async close() {
      for (const c of sockets.clients) c.terminate();
      await new Promise<void>((r) => sockets.close(() => r()));
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
