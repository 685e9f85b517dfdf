import { describe, expect, it } from 'vitest';
import { createDexieMirrorStore, readScopeRows, scopeId, scopeKey, type ScopeState } from '../../../src-shared/store/index.js';
import { headsOf } from '../../../src-shared/store/chunk-writes.js';
import { openFakeDatabase } from '../../helpers/fake-db.js';

const scope = scopeKey('E20', {});
const state = (): ScopeState => ({
  scope, endpoint: 'E20', params: {}, parent: null, status: 'syncing', pass: null, lastFullAt: null, lastDeltaAt: null,
  highWater: { created: null, modified: null }, lastError: null, reason: null, rowCount: 0,
});
const group = (n: number) => ({ id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, name: `Group ${n}` });

describe('the heads the mirror writes read', () => {
  // A sweep at the end of a million-row list's pass read every head whole: all the list's
  // columns at once on the window's thread (most of its heap peak during a mirror).
  it('carry keys and passes but not the columns stored with them', async () => {
    const db = openFakeDatabase();
    const store = createDexieMirrorStore(db);
    await store.applyPage({ endpoint: 'E20', scope, pass: 'p1', rows: [group(1), group(2)], quarantined: [], state: state() });
    await store.applyPage({ endpoint: 'E20', scope, pass: 'p2', rows: [group(3)], quarantined: [], state: state() });
    const stored = await db.chunkHeads.toArray();
    expect(stored.every((h) => h.columns !== undefined && Object.keys(h.columns).length > 0)).toBe(true);

    const heads = await headsOf(db, scopeId(scope));
    expect(heads.map((h) => [h.chunk, h.pass, h.keys])).toEqual(stored.map((h) => [h.chunk, h.pass, h.keys]));
    expect(heads.map((h) => 'columns' in h)).toEqual([false, false]);
  });

  // The window's search reads the rows a sweep deletes just before it: the sweep plans on
  // that same view instead of reading and resolving a million heads a second time.
  it('are not read again by a sweep when a reader has the list at its current revision', async () => {
    const db = openFakeDatabase();
    const store = createDexieMirrorStore(db);
    const page = (pass: string, rows: ReturnType<typeof group>[]) => store.applyPage({ endpoint: 'E20', scope, pass, rows, quarantined: [], state: state() });
    await page('p1', [group(1), group(2)]);
    await page('p2', [group(1)]);
    await page('p2', [group(3)]);
    expect((await readScopeRows(db, scope)).length).toBe(3);
    let read = 0;
    db.chunkHeads.hook('reading', (head) => {
      read += 1;
      return head;
    });
    const { deleted, rowCount } = await store.finishPass({ endpoint: 'E20', scope, pass: 'p2', sweep: true, state: state() });
    expect({ deleted, rowCount }).toEqual({ deleted: 1, rowCount: 2 });
    // Only the one head the sweep asks for the table's name.
    expect(read).toBe(1);
    expect((await readScopeRows(db, scope)).map((r) => r.key).sort()).toEqual([group(1).id, group(3).id]);
  });
});
