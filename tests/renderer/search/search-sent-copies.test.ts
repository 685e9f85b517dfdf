import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { createDexieMirrorStore, openDatabase, type ScopeState } from '../../../src-shared/store/index.js';
import { SearchEngine } from '../../../src-renderer/search/search-engine.js';
import { rowsByRefs } from '../../../src-renderer/search/search-rows.js';
import { openSearchDatabase } from '../../../src-renderer/search/search-store.js';
import { MODULE } from '../../shared/outbox/fixtures.js';

vi.mock('../../../src-renderer/search/search-rows.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src-renderer/search/search-rows.js')>();
  return { ...actual, rowsByRefs: vi.fn(actual.rowsByRefs) };
});

const POST = '22222222-2222-4222-8222-222222222222';
const C1 = 'c1c1c1c1-c1c1-4c1c-8c1c-c1c1c1c1c1c1';
const C2 = 'c2c2c2c2-c2c2-4c2c-8c2c-c2c2c2c2c2c2';
const COMMENTS = `E2:${MODULE}/${POST}`;
const comment = (id: string, text: string) => ({ id, locales: [{ culture: 'en-GB', text }] });
const state: ScopeState = {
  scope: COMMENTS, endpoint: 'E2', params: { moduleId: MODULE, contentId: POST }, parent: null, status: 'idle', pass: null,
  lastFullAt: null, lastDeltaAt: null, highWater: { created: null, modified: null }, lastError: null, reason: null, rowCount: 0,
};

describe('rows a write sends with their copy', () => {
  it('are indexed from that copy without reading the mirror; rows sent by key are read back', async () => {
    const deps = { indexedDB: new IDBFactory(), IDBKeyRange };
    const mirror = openDatabase(deps, 'ws');
    const engine = await SearchEngine.open(mirror, openSearchDatabase(deps, 'ws-search'));
    await engine.ready;
    const rows = [comment(C1, 'Slides after the meeting'), comment(C2, 'Noted, thanks')];
    await createDexieMirrorStore(mirror).applyPage({ endpoint: 'E2', scope: COMMENTS, pass: 'p1', rows, quarantined: [], state });
    const read = vi.mocked(rowsByRefs);
    read.mockClear();
    await engine.update(rows.map((row) => ({ table: 'comments', scope: COMMENTS, key: row.id, row })));
    expect(read).not.toHaveBeenCalled();
    expect((await engine.search('slides')).map((h) => h.key)).toEqual([C1]);

    read.mockClear();
    await engine.update([{ table: 'comments', scope: COMMENTS, key: C2 }]);
    expect(read).toHaveBeenCalledTimes(1);
    expect(read.mock.calls[0]![1]).toEqual([{ table: 'comments', scope: COMMENTS, key: C2 }]);
    expect((await engine.search('noted')).map((h) => h.key)).toEqual([C2]);
  });
});
