import { createTestingPinia } from '@pinia/testing';
import { vi } from 'vitest';
import { createApp } from 'vue';
import type { Bridge, CommandName, Events, Result } from '../../../src-shared/bridge/index.js';
import { createDexieMirrorStore, scopeKey, type OutpostDb, type ScopeState } from '../../../src-shared/store/index.js';
import type { EndpointId } from '../../../src-shared/api/index.js';
import { APP_CONTEXT } from '../../../src-renderer/app-context.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';
import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';

// Dexie's liveQuery runs its querier only where Dexie found an indexedDB when it
// loaded; the databases themselves still get their own fake IndexedDB each.
Dexie.dependencies.indexedDB ??= new IDBFactory();
Dexie.dependencies.IDBKeyRange ??= IDBKeyRange;

/** A bridge that records calls and answers from a table; events are pushed by the test. */
export function fakeBridge(answers: Partial<Record<CommandName, unknown>> = {}) {
  const calls: { name: string; arg: unknown }[] = [];
  const listeners = new Map<string, Set<(d: unknown) => void>>();
  const bridge: Bridge = {
    async call(name, arg) {
      calls.push({ name, arg });
      if (name in answers) return { ok: true, data: answers[name] } as Result<never>;
      return { ok: false, error: { code: 'NotUnderTest', message: `${name} not under test` } };
    },
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener as (d: unknown) => void);
      listeners.set(name, set);
      return () => set.delete(listener as (d: unknown) => void);
    },
    serveStore: () => () => undefined,
  };
  const emit = <K extends keyof Events>(name: K, data: Events[K]) => listeners.get(name)?.forEach((l) => l(data));
  return { bridge, calls, emit };
}

export function scopeState(endpoint: EndpointId, params: Record<string, string>, rowCount: number, patch: Partial<ScopeState> = {}): ScopeState {
  return { scope: scopeKey(endpoint, params), endpoint, params, parent: null, status: 'idle', pass: null, lastFullAt: '2025-01-01T00:00:00Z', lastDeltaAt: null, highWater: { created: null, modified: null }, lastError: null, reason: null, rowCount, ...patch };
}

/** Writes rows through the real store port, as main's commands would. */
export async function seedRows(db: OutpostDb, endpoint: EndpointId, params: Record<string, string>, rows: Record<string, unknown>[]): Promise<string> {
  const store = createDexieMirrorStore(db);
  const scope = scopeKey(endpoint, params);
  for (let i = 0; i < rows.length; i += 1000) {
    await store.applyPage({ endpoint, scope, pass: 'p1', rows: rows.slice(i, i + 1000), quarantined: [], state: scopeState(endpoint, params, Math.min(rows.length, i + 1000)) });
  }
  if (rows.length === 0) await store.putScopes([scopeState(endpoint, params, 0)]);
  return scope;
}

/** Global mount options: the app context and a testing Pinia whose actions run for real. */
export function renderingContext(db: OutpostDb = openFakeDatabase(), bridge: Bridge = fakeBridge().bridge) {
  const pinia = createTestingPinia({ stubActions: false, createSpy: vi.fn });
  return { db, bridge, global: { plugins: [pinia], provide: { [APP_CONTEXT as symbol]: { db, bridge } } } };
}

/**
 * A testing Pinia whose actions run for real, on an app that provides the context, so
 * a store can be used on its own (its setup injects the context through the app).
 */
export function storeContext(db: OutpostDb = openFakeDatabase(), bridge: Bridge = fakeBridge().bridge) {
  const app = createApp({});
  app.provide(APP_CONTEXT, { db, bridge });
  const pinia = createTestingPinia({ stubActions: false, createSpy: vi.fn });
  app.use(pinia);
  return { db, bridge, pinia };
}

/** Waits until `check` passes (liveQuery answers arrive asynchronously). */
export async function eventually(check: () => void, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > end) throw error;
      await new Promise((r) => setTimeout(r, 15));
    }
  }
}
