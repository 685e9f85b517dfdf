/**
 * Measures a full mirror in Node: the real sync engine against the reference server
 * (in a child process, so its CPU and memory are not counted), writing into the real
 * Dexie store on fake-indexeddb, or into a store that only acknowledges (`--store
 * discard`: main's own cost, as in Electron where the database is the renderer's).
 *
 *   npx tsx scripts/bench-node-mirror.ts --scale 0.1 [--store fake|discard] [--seed 1]
 *
 * fake-indexeddb writes faster than Chromium's IndexedDB: budgets are measured in the
 * browser harness; this is for main-side throughput and memory.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { EndpointId } from '../src-shared/api/index.js';
import { createDexieMirrorStore, openDatabase, pageRows, type MirrorStore, type ScopeState, type SourceRecord } from '../src-shared/store/index.js';
import { createStaticTokenSource } from '../src-main/core/auth/token-source.js';
import { realSleep, systemClock } from '../src-main/core/clock.js';
import { createApiClient } from '../src-main/core/http/api-client.js';
import { createConnectivity } from '../src-main/core/http/connectivity.js';
import { createRequestGate } from '../src-main/core/http/request-gate.js';
import { createRequestRunner } from '../src-main/core/http/request-runner.js';
import { silentLogger } from '../src-main/core/logger.js';
import { defaultSyncSettings } from '../src-main/core/settings/sync-settings.js';
import { publishedSourceRecords } from '../src-main/core/sources/published-sources.js';
import { hasChildren } from '../src-main/core/sync/scope-plan.js';
import { createSyncEngine } from '../src-main/core/sync/sync-engine.js';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '0.1' },
    seed: { type: 'string', default: '1' },
    store: { type: 'string', default: 'fake' },
    parallel: { type: 'string', default: '4' },
    prefetch: { type: 'string', default: '2' },
  },
});

/** Acknowledges every write and keeps only what discovery reads back (forms, subtasks). */
function discardingStore(): MirrorStore {
  const scopes = new Map<string, ScopeState>();
  const sources = new Map<string, SourceRecord>();
  const kept = new Map<string, Map<string, Record<string, unknown>>>();
  // Rows written per scope in the current pass (a count, not the keys: main keeps no rows).
  const counts = new Map<string, number>();
  return {
    async applyPage({ endpoint, scope, rows: page, state }) {
      const rows = pageRows(page);
      counts.set(scope, (counts.get(scope) ?? 0) + rows.length);
      if (hasChildren(endpoint)) {
        const map = kept.get(scope) ?? new Map();
        for (const row of rows) map.set(String(row.id), row);
        kept.set(scope, map);
      }
      scopes.set(scope, state);
      return { written: rows.length };
    },
    async finishPass({ scope, state }) {
      const rowCount = counts.get(scope) ?? 0;
      counts.delete(scope);
      scopes.set(scope, { ...state, rowCount });
      return { deleted: 0, rowCount };
    },
    async putRow() {},
    getScopes: async () => [...scopes.values()],
    async putScopes(states) {
      for (const s of states) scopes.set(s.scope, s);
    },
    async removeScopes(list) {
      for (const s of list) scopes.delete(s);
    },
    scopeRows: async (_e: EndpointId, scope: string) => [...(kept.get(scope)?.values() ?? [])],
    getSources: async () => [...sources.values()],
    async putSource(source) {
      sources.set(source.id, source);
    },
    async removeSource(id) {
      sources.delete(id);
    },
    async clearMirror() {
      scopes.clear();
    },
  };
}

async function startReferenceServer(scale: string, seed: string): Promise<{ url: string; token: string; stop(): void }> {
  const cli = resolve(import.meta.dirname, '../src-server/cli.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', cli, '--scale', scale, '--seed', seed], { stdio: ['ignore', 'pipe', 'inherit'] });
  let text = '';
  return new Promise((done, fail) => {
    child.once('exit', (code) => fail(new Error(`the reference server exited (${code})`)));
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const url = /^url: (\S+)$/m.exec(text)?.[1];
      const token = /^token: (\S+)$/m.exec(text)?.[1];
      if (url && token) done({ url, token, stop: () => child.kill('SIGTERM') });
    });
  });
}

async function main(): Promise<void> {
  const server = await startReferenceServer(values.scale!, values.seed!);
  const store = values.store === 'discard' ? discardingStore() : createDexieMirrorStore(openDatabase({ indexedDB: new IDBFactory(), IDBKeyRange }));
  let requests = 0;
  const fetchCounting: typeof fetch = (input, init) => {
    requests += 1;
    return fetch(input, init);
  };
  const clock = systemClock;
  const tokens = createStaticTokenSource(server.token, clock);
  const connectivity = createConnectivity(true);
  const gate = createRequestGate({ clock, sleep: realSleep, budget: null });
  const client = createApiClient({ baseUrl: server.url, getToken: () => tokens.getToken(), fetch: fetchCounting });
  const runner = createRequestRunner({ client, gate, connectivity, clock, sleep: realSleep, log: silentLogger, onUnauthorized: async () => false });
  const sources = await client.getJson(`${server.url}/demo/sources`);
  for (const record of publishedSourceRecords(sources, new Date().toISOString())) await store.putSource(record);
  requests = 0;
  const settings = { ...defaultSyncSettings('demo'), parallelScopes: Number(values.parallel), prefetchPages: Number(values.prefetch) };
  const engine = createSyncEngine({
    runner, connectivity, store, baseUrl: server.url, clock, sleep: realSleep, log: silentLogger,
    settings: () => settings,
    grantedScopes: async () => tokens.scopes(),
  });

  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
  const started = performance.now();
  await engine.start();
  await engine.whenSettled();
  const ms = performance.now() - started;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const states = engine.states();
  await engine.stop();
  server.stop();

  const rows = states.reduce((n, s) => n + s.rowCount, 0);
  const failed = states.filter((s) => !['idle', 'not-available'].includes(s.status)).map((s) => `${s.scope}: ${s.status} ${s.lastError?.message ?? ''}`);
  const report = {
    scale: values.scale,
    store: values.store,
    scopes: states.length,
    rows,
    seconds: Math.round(ms) / 1000,
    rowsPerSecond: Math.round((rows * 1000) / ms),
    requests,
    peakRssMb: Math.round(peakRss / 1024 / 1024),
    failed,
  };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

await main();
