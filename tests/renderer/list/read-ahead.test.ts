import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../../src-shared/api/index.js';
import { createDexieMirrorStore, openDatabase, scopeId, scopeKey } from '../../../src-shared/store/index.js';
import { loadColumns } from '../../../src-renderer/list/list-caches.js';
import { inProcessEngine } from '../../../src-renderer/list/list-engine.js';
import { nextTurn } from '../../../src-renderer/lib/next-turn.js';
import { ScopeColumns } from '../../../src-renderer/list/scope-columns.js';
import { scopeState } from '../helpers/renderer-context.js';
import { userGroup } from '../helpers/rows.js';

// The turns a decode read ahead gives the thread, counted.
vi.mock('../../../src-renderer/lib/next-turn.js', async (original) => ({ ...(await original<object>()), nextTurn: vi.fn(() => Promise.resolve()) }));

const scope = scopeKey('E20', {});

/** A list of 30 rows, stored, and its stored columns as read. */
async function storedList() {
  const db = openDatabase({ indexedDB: new IDBFactory(), IDBKeyRange });
  const rows = Array.from({ length: 30 }, (_, i) => userGroup(i, { name: `Group ${i % 4}` }));
  await createDexieMirrorStore(db).applyPage({ endpoint: 'E20', scope, pass: 'p1', rows, quarantined: [], state: scopeState('E20', {}, rows.length) });
  await inProcessEngine(db, { store: true }).remember('E20', scope);
  await vi.waitFor(async () => expect(await db.listCaches.count()).toBeGreaterThan(2));
  const stored = (await loadColumns(db, scopeId(scope)))!;
  return { db, stored };
}

describe('a field read ahead', () => {
  it('is decoded between other work until a request asks for it, then at once', async () => {
    const { db, stored } = await storedList();

    // A stored part whose decode pauses three times when read ahead (a field of ~200,000 values).
    let paused = 0;
    const hurried: boolean[] = [];
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const columns = ScopeColumns.restore(endpoints.E20, scope, {
      ...stored,
      field: async (name, gently) => {
        const value = await stored.field(name);
        if (!gently) return value;
        for (let range = 0; range < 3; range++) {
          await gently.pause();
          hurried.push(gently.hurried());
          paused += 1;
          if (paused === 1) await gate;
        }
        return value;
      },
    })!;
    const ahead = columns.ensure(db, { fields: ['name'], gently: true });
    await vi.waitFor(() => expect(paused).toBe(1));
    expect(nextTurn).toHaveBeenCalledTimes(1);

    // A filter on the field: it waits for the same read, whose other ranges no longer give turns.
    const asked = columns.ensure(db, { fields: ['name'] });
    open();
    await Promise.all([ahead, asked]);
    expect(paused).toBe(3);
    expect(nextTurn).toHaveBeenCalledTimes(1);
    expect(hurried).toEqual([false, true, true]);
    expect(columns.columns.has('name')).toBe(true);
    db.close();
  });

  it('is neither started nor taken further while the engine answers a request, unless that request waits for it', async () => {
    const { db, stored } = await storedList();
    const started: string[] = [];
    let ranges = 0;
    let answering = true;
    const columns = ScopeColumns.restore(endpoints.E20, scope, {
      ...stored,
      field: async (name, gently) => {
        started.push(name);
        const value = await stored.field(name);
        for (let range = 0; gently && range < 3; range++) {
          await gently.pause();
          ranges += 1;
          // A request comes once the first range is decoded.
          if (ranges === 1) answering = true;
        }
        return value;
      },
    })!;
    const busy = () => answering;
    const ahead = columns.ensure(db, { fields: ['name'], gently: true, busy });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(started).toEqual([]);

    // Nothing answered: it starts, and goes on until a request comes.
    answering = false;
    await vi.waitFor(() => expect(ranges).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(ranges).toBe(1);
    expect(columns.columns.has('name')).toBe(false);

    // A request for that very field: read through at once, though a request is being answered.
    await columns.ensure(db, { fields: ['name'] });
    await ahead;
    expect(ranges).toBe(3);
    expect(columns.columns.has('name')).toBe(true);
    db.close();
  });
});
