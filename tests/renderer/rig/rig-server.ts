import type { MainServices } from '../../../src-main/core/services.js';
import { startHarness } from '../../../src-main/harness/harness.js';
import { endpoints } from '../../../src-shared/api/index.js';
import { COMMAND_NAMES, type AppInfo, type CommandHandlers, type MainPeer, type SyncStatus } from '../../../src-shared/bridge/index.js';
import { scopeKey, type ScopeState, type SourceKind } from '../../../src-shared/store/index.js';
import { sampleComments, sampleScopes, sampleSingles, type SampleScope } from './sample-rows.js';

/**
 * A stand-in for main while looking at the renderer: the browser harness serves the
 * built renderer, and the bridge's store commands fill the page's IndexedDB with sample rows.
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

/** Main as the rig plays it: stub commands, a sync status it makes up, and seeding through the first renderer's store. */
function standInServices(options: RigOptions, seeded: (ms: number) => void): MainServices {
  let status: SyncStatus = { online: options.online ?? true, authNeeded: options.authNeeded ?? false, running: false, rowsMirrored: 0, rowsPerSecond: 0, requestsUsed: 12, requestBudget: 90, lastSyncedAt: null, scopes: [] };
  const info: AppInfo = { mode: 'demo', workspaceName: 'Acme Logistics', baseUrl: 'http://127.0.0.1:0', version: '0.1.0', shell: 'harness' };
  const peers = new Set<MainPeer>();
  let seedStarted = false;
  const stub = () => ({ ok: true });
  // The workspace commands are left to the harness: it serves this one workspace, and
  // attaches a window only once that window has opened its database.
  const handlers = Object.fromEntries(COMMAND_NAMES.filter((n) => !n.startsWith('workspaces.')).map((n) => [n, stub])) as unknown as CommandHandlers;
  Object.assign(handlers, {
    'app.info': () => info,
    'sync.status': () => status,
    'sync.now': () => ({ started: true }),
    'sync.focus': () => ({ ok: true }),
    'sources.add': () => ({ id: 'E1:x' }),
    'sources.remove': () => ({ removed: true }),
  });
  const emit = (patch: Partial<SyncStatus>) => {
    status = { ...status, ...patch, lastSyncedAt: patch.running === false ? new Date().toISOString() : status.lastSyncedAt };
    for (const peer of peers) peer.emit('sync.status', status);
  };
  return {
    handlers,
    attach(peer) {
      peers.add(peer);
      if (seedStarted) return;
      seedStarted = true;
      const t0 = Date.now();
      void seed(peer, options, emit).then(() => seeded(Date.now() - t0), (e: unknown) => console.error('seed failed', e));
    },
    detach: (peer) => void peers.delete(peer),
    start: async () => undefined,
    stop: async () => undefined,
    info: () => info,
    whenSettled: async () => undefined,
    outboxState: () => ({ loaded: true, sending: 0, uncertain: 0 }),
    mediaFile: () => null,
    diagnostics: async () => { throw new Error('the benchmark rig has no diagnostics'); },
  };
}

/** The built renderer in the browser harness, in front of a stand-in for main. */
export async function startRig(options: RigOptions): Promise<Rig> {
  let resolveSeeded!: (v: { ms: number }) => void;
  const seeded = new Promise<{ ms: number }>((r) => (resolveSeeded = r));
  const harness = await startHarness({ services: standInServices(options, (ms) => resolveSeeded({ ms })), rendererDir: options.rendererDir, port: 0 });
  return { url: harness.url, seeded: () => seeded, close: () => harness.close() };
}
