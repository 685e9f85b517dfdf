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
vi.mock('../../../src-renderer/lib/next-turn.js', () => ({ nextTurn: vi.fn(() => Promise.resolve()) }));

const scope = scopeKey('E20', {});

describe('a field read ahead', () => {
  it('is decoded between other work until a request asks for it, then at once', async () => {
    const db = openDatabase({ indexedDB: new IDBFactory(), IDBKeyRange });
    const rows = Array.from({ length: 30 }, (_, i) => userGroup(i, { name: `Group ${i % 4}` }));
    await createDexieMirrorStore(db).applyPage({ endpoint: 'E20', scope, pass: 'p1', rows, quarantined: [], state: scopeState('E20', {}, rows.length) });
    await inProcessEngine(db, { store: true }).remember('E20', scope);
    await vi.waitFor(async () => expect(await db.listCaches.get([scopeId(scope), 'field:name'])).toBeDefined());
    const stored = (await loadColumns(db, scopeId(scope)))!;

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
});
