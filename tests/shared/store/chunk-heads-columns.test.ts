import { describe, expect, it } from 'vitest';
import { createDexieMirrorStore, scopeId, scopeKey, type ScopeState } from '../../../src-shared/store/index.js';
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
});
