import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { createDexieOutboxStore } from '../../../src-shared/outbox/index.js';
import { createDexieMirrorStore, getRow, openDatabase, type OutpostDb, type ScopeState } from '../../../src-shared/store/index.js';
import { SearchEngine } from '../../../src-renderer/search/search-engine.js';
import { searchTextOf, type SearchText } from '../../../src-renderer/search/search-text.js';
import { withSearchUpdates } from '../../../src-renderer/search/search-updates.js';
import { mergedNotes, notePending, openSearchDatabase, placesOf, saveState, loadState, type PendingRefs } from '../../../src-renderer/search/search-store.js';
import { endpoints } from '../../../src-shared/api/index.js';
import { listsBehind, pageRows, rowsByRefs, scanTable, type ChangedPage, type RowRef } from '../../../src-renderer/search/search-rows.js';
import { entryOf, MODULE } from '../../shared/outbox/fixtures.js';

// The real reads, counted: rows a write sends with their copy are not read back.
vi.mock('../../../src-renderer/search/search-rows.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src-renderer/search/search-rows.js')>();
  return { ...actual, rowsByRefs: vi.fn(actual.rowsByRefs), scanTable: vi.fn(actual.scanTable), listsBehind: vi.fn(actual.listsBehind) };
});

/**
 * The next window's catch-up finds every list up to date: what a test of the notes' redo
 * expects to find then comes from the notes alone (the catch-up would find rows written
 * behind search's back too).
 */
const notesAlone = () => vi.mocked(listsBehind).mockResolvedValueOnce([]);

const POST = '22222222-2222-4222-8222-222222222222';
const C1 = 'c1c1c1c1-c1c1-4c1c-8c1c-c1c1c1c1c1c1';
const C2 = 'c2c2c2c2-c2c2-4c2c-8c2c-c2c2c2c2c2c2';
const COMMENTS = `E2:${MODULE}/${POST}`;
/** The n-th of many comments' ids. */
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const comment = (id: string, text: string) => ({ id, locales: [{ culture: 'en-GB', text }] });
const state = (_pass: string): ScopeState => ({
  scope: COMMENTS, endpoint: 'E2', params: { moduleId: MODULE, contentId: POST }, parent: null, status: 'idle', pass: null,
  lastFullAt: null, lastDeltaAt: null, highWater: { created: null, modified: null }, lastError: null, reason: null, rowCount: 0,
});

/** A workspace's mirror and search databases on one fake IndexedDB; `restart` opens them anew, as a new window would. */
async function setup() {
  const deps = { indexedDB: new IDBFactory(), IDBKeyRange };
  /** `watch` sees the mirror before the engine opens it (to count what the engine reads). */
  const open = async (watch: (mirror: OutpostDb) => void = () => undefined) => {
    const mirror = openDatabase(deps, 'ws');
    watch(mirror);
    const search = openSearchDatabase(deps, 'ws-search');
    const engine = await SearchEngine.open(mirror, search);
    await engine.ready;
    const pending: Promise<void>[] = [];
    /** False once the window is taken to have closed: what it writes from then on never reaches search. */
    let connected = true;
    const send = (update: () => Promise<void>) => void (connected && pending.push(update()));
    const sink = {
      changed: (refs: readonly RowRef[]) => send(() => engine.update(refs)),
      // As the worker takes a page: its rows' searchable texts, one by one.
      page: (page: ChangedPage) => send(() => engine.update(pageRows(page))),
      written: (scope: string, seq: number) => send(() => engine.update([], { [scope]: seq + 1 })),
      cleared: () => send(() => engine.update(null)),
    };
    const store = withSearchUpdates({ ...createDexieMirrorStore(mirror), ...createDexieOutboxStore(mirror) }, mirror, sink);
    const settled = async () => {
      await Promise.all(pending);
    };
    const keys = async (query: string) => (await engine.search(query)).map((h) => h.key);
    const cut = () => {
      connected = false;
    };
    const close = () => {
      mirror.close();
      search.close();
    };
    return { mirror, search, engine, store, settled, keys, cut, close };
  };
  return { open };
}

describe('search kept up to date by store writes', () => {
  it('finds a comment a sync page wrote, by a misspelt word, and forgets it when a sweep deletes it', async () => {
    const { open } = await setup();
    const { store, settled, keys } = await open();
    await store.applyPage({ endpoint: 'E2', scope: COMMENTS, pass: 'p1', rows: [comment(C1, 'Can we get the slides afterwards?'), comment(C2, 'Noted, thank you.')], quarantined: [], state: state('p1') });
    await settled();
    expect(await keys('slidse')).toEqual([C1]);
    expect(await keys('noted')).toEqual([C2]);

    // A second full pass sees only C2 (changed): C1 is swept, C2's new words are found, its old ones not.
    await store.applyPage({ endpoint: 'E2', scope: COMMENTS, pass: 'p2', rows: [comment(C2, 'Looking forward to it')], quarantined: [], state: state('p2') });
    await store.finishPass({ endpoint: 'E2', scope: COMMENTS, pass: 'p2', sweep: true, state: state('p2') });
    await settled();
    expect(await keys('slides')).toEqual([]);
    expect(await keys('noted')).toEqual([]);
    expect(await keys('forwrd')).toEqual([C2]);
  });

  it('finds an outbox edit’s local copy, and the server copy again once the edit is discarded', async () => {
    const { open } = await setup();
    const { store, settled, keys } = await open();
    await store.putRow({ endpoint: 'E3', scope: `E3:${MODULE}`, row: { id: POST, locales: [{ culture: 'en-GB', title: 'Quarterly numbers' }] } });
    await settled();
    expect(await keys('quarterly')).toEqual([POST]);
    const edit = entryOf({ kind: 'patchPost', moduleId: MODULE, contentId: POST, ops: [{ op: 'replace', path: '/locales/0/title', value: 'Summer party' }] });
    await store.outboxPut({ entries: [edit] });
    await settled();
    expect(await keys('party')).toEqual([POST]);
    expect(await keys('quarterly')).toEqual([]);
    await store.outboxPut({ entries: [{ ...edit, state: 'discarded' }] });
    await settled();
    expect(await keys('party')).toEqual([]);
    expect(await keys('quarterly')).toEqual([POST]);
  });

  it('forgets the rows of a removed list and everything when the mirror is cleared', async () => {
    const { open } = await setup();
    const { store, settled, keys } = await open();
    await store.applyPage({ endpoint: 'E2', scope: COMMENTS, pass: 'p1', rows: [comment(C1, 'Thanks for sharing!')], quarantined: [], state: state('p1') });
    await store.putRow({ endpoint: 'E3', scope: `E3:${MODULE}`, row: { id: POST, locales: [{ culture: 'en-GB', title: 'Sharing economy' }] } });
    await settled();
    expect((await keys('sharing')).sort()).toEqual([C1, POST].sort());
    await store.removeScopes([COMMENTS]);
    await settled();
    expect(await keys('sharing')).toEqual([POST]);
    await store.clearMirror();
    await settled();
    expect(await keys('sharing')).toEqual([]);
  });
});

describe('the saved index', () => {
  it('survives a restart: it is loaded, not rebuilt from the rows', async () => {
    const { open } = await setup();
    const first = await open();
    await first.store.applyPage({ endpoint: 'E2', scope: COMMENTS, pass: 'p1', rows: [comment(C1, 'Great work, everyone.')], quarantined: [], state: state('p1') });
    await first.settled();
    await first.engine.save();
    // A row written behind search's back, in a list it knows: found from the list's mark on, not by a rebuild.
    await createDexieMirrorStore(first.mirror).putRow({ endpoint: 'E2', scope: COMMENTS, row: comment(C2, 'Great slides') });
    first.close();

    const scan = vi.mocked(scanTable);
    scan.mockClear();
    const second = await open();
    expect(scan).not.toHaveBeenCalled();
    expect((await second.keys('great')).sort()).toEqual([C1, C2].sort());
    await second.store.putRow({ endpoint: 'E2', scope: COMMENTS, row: { id: C2, locales: [] } });
    await second.settled();
    expect(second.engine.size).toBe(1);
    // A row of a loaded list that loses its text leaves the index.
    await second.store.putRow({ endpoint: 'E2', scope: COMMENTS, row: { id: C1, locales: [] } });
    await second.settled();
    expect(second.engine.size).toBe(0);
  });

  it('redoes changes noted after the last save', async () => {
    const { open } = await setup();
    const first = await open();
    await first.engine.save();
    await first.store.applyPage({ endpoint: 'E2', scope: COMMENTS, pass: 'p1', rows: [comment(C1, 'When does this start?')], quarantined: [], state: state('p1') });
    await first.settled();
    first.mirror.close();
    first.search.close();
    notesAlone();
    const second = await open();
    expect(await second.keys('start')).toEqual([C1]);
  });

  it('redoes a sync page noted after the save from the list\'s newer chunks only, and is saved again', async () => {
    const { open } = await setup();
    const first = await open();
    for (let n = 0; n < 30; n++) await first.store.applyPage({ endpoint: 'E2', scope: COMMENTS, pass: 'p1', rows: [comment(id(n), `Comment number ${n}`)], quarantined: [], state: state('p1') });
    await first.settled();
    await first.engine.save();
    // A delta page after the save; the window closes before the next one.
    await first.store.applyPage({ endpoint: 'E2', scope: COMMENTS, pass: 'p1', rows: [comment(id(7), 'Revised agenda attached')], quarantined: [], state: state('p1') });
    await first.settled();
    first.mirror.close();
    first.search.close();

    let headsRead = 0;
    notesAlone();
    const second = await open((mirror) => mirror.chunkHeads.hook('reading', (head) => ((headsRead += 1), head)));
    // The delta's one chunk, not the list's 31 (a million-row list has ~2,000).
    expect(headsRead).toBe(1);
    expect(await second.keys('agenda')).toEqual([id(7)]);
    expect(await second.keys('number')).toHaveLength(29);
    expect(second.engine.unsaved).toBe(true);
    await second.engine.save();
    expect(await second.search.pending.count()).toBe(0);
    second.mirror.close();
    second.search.close();
    const third = await open();
    expect(third.engine.unsaved).toBe(false);
    expect(await third.keys('agenda')).toEqual([id(7)]);
  });

  it('redoes notes as one change: rows named twice read once, nothing before a clearing note', () => {
    const table = 'comments';
    const notes: PendingRefs[] = [
      { id: 1, refs: [{ table, scope: 'E2:a', key: 'k0', since: 3 }], marks: { 'E2:a': 4, 'E2:c': 2 } },
      { id: 2, refs: null },
      { id: 3, refs: [{ table, scope: 'E2:a', key: 'k1', since: 5 }, { table, scope: 'E2:a', key: 'k2' }], marks: { 'E2:a': 6 } },
      { id: 4, refs: [{ table, scope: 'E2:a', key: 'k1', since: 9 }, { table, scope: 'E2:a', key: 'k2', since: 4 }, { table, scope: 'E2:b', key: 'k1' }] },
    ];
    expect(mergedNotes(notes)).toEqual({
      cleared: true,
      refs: [
        { table, scope: 'E2:a', key: 'k1', since: 9 },
        { table, scope: 'E2:a', key: 'k2', since: 4 },
        { table, scope: 'E2:b', key: 'k1' },
      ],
      // Marks only ever say more: each list's highest, a clearing note's before it too.
      marks: { 'E2:a': 6, 'E2:c': 2 },
    });
    expect(mergedNotes(notes.slice(2)).cleared).toBe(false);
  });

  it('redoes notes of both stored forms: a row per entry (as first written) and keys grouped by place', async () => {
    const { open } = await setup();
    const first = await open();
    await first.engine.save();
    // Rows written behind search's back, each named only by a note.
    const plain = createDexieMirrorStore(first.mirror);
    await plain.putRow({ endpoint: 'E2', scope: COMMENTS, row: comment(C1, 'Budget review') });
    await plain.putRow({ endpoint: 'E2', scope: COMMENTS, row: comment(C2, 'Budget slides') });
    const table = endpoints.E2.table;
    await first.search.pending.add({ refs: [{ table, scope: COMMENTS, key: C1 }] });
    await notePending(first.search, [{ table, scope: COMMENTS, key: C2 }]);
    expect((await first.search.pending.toArray()).at(-1)).toMatchObject({ places: [{ table, scope: COMMENTS, keys: [C2] }] });
    first.mirror.close();
    first.search.close();
    notesAlone();
    const second = await open();
    expect((await second.keys('budget')).sort()).toEqual([C1, C2].sort());
  });

  it('groups a note\'s keys by place, places and keys in the order first named', () => {
    const refs = [
      { table: 'comments', scope: 'E2:a', key: 'k1' },
      { table: 'users', scope: 'E4:', key: 'u1' },
      { table: 'comments', scope: 'E2:a', key: 'k2' },
      { table: 'comments', scope: 'E2:b', key: 'k3' },
    ];
    expect(placesOf(refs)).toEqual([
      { table: 'comments', scope: 'E2:a', keys: ['k1', 'k2'] },
      { table: 'users', scope: 'E4:', keys: ['u1'] },
      { table: 'comments', scope: 'E2:b', keys: ['k3'] },
    ]);
    // A place keeps its rows' lowest write number only when every row said one.
    const since = [{ ...refs[0]!, since: 8 }, { ...refs[1]!, since: 2 }, { ...refs[2]!, since: 6 }, refs[3]!];
    expect(placesOf(since)).toEqual([
      { table: 'comments', scope: 'E2:a', keys: ['k1', 'k2'], since: 6 },
      { table: 'users', scope: 'E4:', keys: ['u1'], since: 2 },
      { table: 'comments', scope: 'E2:b', keys: ['k3'] },
    ]);
    expect(placesOf([{ ...refs[0]!, since: 8 }, refs[2]!])).toEqual([{ table: 'comments', scope: 'E2:a', keys: ['k1', 'k2'] }]);
  });

  it('is rebuilt from the rows when it was saved by another version', async () => {
    const { open } = await setup();
    const first = await open();
    await first.engine.save();
    await createDexieMirrorStore(first.mirror).putRow({ endpoint: 'E2', scope: COMMENTS, row: comment(C2, 'Great slides') });
    const saved = (await loadState(first.search))!;
    await saveState(first.search, { ...saved.header, version: '0.0.old' }, saved.parts, 0);
    first.mirror.close();
    first.search.close();
    const second = await open();
    expect(await second.keys('great')).toEqual([C2]);
  });

  it('is rebuilt when the mirror was deleted and made anew', async () => {
    const { open } = await setup();
    const first = await open();
    await first.store.applyPage({ endpoint: 'E2', scope: COMMENTS, pass: 'p1', rows: [comment(C1, 'Great work')], quarantined: [], state: state('p1') });
    await first.settled();
    await first.engine.save();
    await first.mirror.delete();
    first.search.close();
    const second = await open();
    expect(await second.keys('great')).toEqual([]);
    expect(await getRow(second.mirror, COMMENTS, C1)).toBeNull();
  });
});

describe('a window closed before its changes reached search', () => {
  const OTHER = `E2:${MODULE}/33333333-3333-4333-8333-333333333333`;
  const C3 = 'c3c3c3c3-c3c3-4c3c-8c3c-c3c3c3c3c3c3';

  it('leaves the next window to read them again from each list\'s mark: pages, a sweep, a new list, a removed list', async () => {
    const { open } = await setup();
    const first = await open();
    await first.store.applyPage({ endpoint: 'E2', scope: COMMENTS, pass: 'p1', rows: [comment(C1, 'Can we get the slides afterwards?'), comment(C2, 'Noted, thank you.')], quarantined: [], state: state('p1') });
    await first.store.applyPage({ endpoint: 'E2', scope: OTHER, pass: 'p1', rows: [comment(C3, 'Parking is closed on Friday')], quarantined: [], state: state('p1') });
    await first.settled();
    await first.engine.save();
    expect(await first.keys('parking')).toEqual([C3]);

    // From here on nothing reaches search: the changes wait in the window when it closes.
    first.cut();
    await first.store.applyPage({ endpoint: 'E2', scope: COMMENTS, pass: 'p2', rows: [comment(C2, 'Looking forward to it')], quarantined: [], state: state('p2') });
    await first.store.finishPass({ endpoint: 'E2', scope: COMMENTS, pass: 'p2', sweep: true, state: state('p2') });
    await first.store.putRow({ endpoint: 'E3', scope: `E3:${MODULE}`, row: { id: POST, locales: [{ culture: 'en-GB', title: 'Quarterly numbers' }] } });
    await first.store.removeScopes([OTHER]);
    expect(await first.keys('forward')).toEqual([]);
    first.close();

    const scan = vi.mocked(scanTable);
    scan.mockClear();
    const second = await open();
    expect(scan).not.toHaveBeenCalled();
    expect(await second.keys('forwrd')).toEqual([C2]);
    expect(await second.keys('noted')).toEqual([]);
    expect(await second.keys('slides')).toEqual([]);
    expect(await second.keys('quarterly')).toEqual([POST]);
    expect(await second.keys('parking')).toEqual([]);
    // Rows deleted outright (the swept chunk's, the removed list's) leave the index too, not only the results.
    expect(second.engine.size).toBe(2);
    expect(second.engine.unsaved).toBe(true);

    // Saved with the lists marked up to date: the next window reads no row to check.
    await second.engine.save();
    second.close();
    let headsRead = 0;
    const third = await open((mirror) => mirror.chunkHeads.hook('reading', (head) => ((headsRead += 1), head)));
    expect(headsRead).toBe(0);
    expect(third.engine.unsaved).toBe(false);
    expect(await third.keys('quarterly')).toEqual([POST]);
  });

  it('needs no reading again of what reached search, however many pages and sweeps', async () => {
    const { open } = await setup();
    const first = await open();
    for (let n = 0; n < 5; n++) await first.store.applyPage({ endpoint: 'E2', scope: COMMENTS, pass: 'p1', rows: [comment(id(n), `Comment number ${n}`)], quarantined: [], state: state('p1') });
    await first.store.applyPage({ endpoint: 'E2', scope: COMMENTS, pass: 'p2', rows: [comment(id(0), 'Kept')], quarantined: [], state: state('p2') });
    await first.store.finishPass({ endpoint: 'E2', scope: COMMENTS, pass: 'p2', sweep: true, state: state('p2') });
    await first.settled();
    first.close();

    const behind = vi.mocked(listsBehind);
    behind.mockClear();
    const second = await open();
    // The notes are redone; the marks they carry (the pages' last chunks, the sweep's number) leave no list behind.
    expect(await behind.mock.results[0]!.value).toEqual([]);
    expect(await second.keys('number')).toEqual([]);
    expect(await second.keys('kept')).toEqual([id(0)]);
  });
});

describe('rows a write sends with their copy', () => {
  it('are indexed from that copy without reading the mirror; rows sent by key are read back', async () => {
    const { open } = await setup();
    const { engine, mirror, keys } = await open();
    const rows = [comment(C1, 'Slides after the meeting'), comment(C2, 'Noted, thanks')];
    await createDexieMirrorStore(mirror).applyPage({ endpoint: 'E2', scope: COMMENTS, pass: 'p1', rows, quarantined: [], state: state('p1') });
    const read = vi.mocked(rowsByRefs);
    read.mockClear();
    await engine.update(rows.map((row) => ({ table: 'comments', scope: COMMENTS, key: row.id, row })));
    expect(read).not.toHaveBeenCalled();
    expect(await keys('slides')).toEqual([C1]);

    read.mockClear();
    await engine.update([{ table: 'comments', scope: COMMENTS, key: C2 }]);
    expect(read).toHaveBeenCalledTimes(1);
    expect(read.mock.calls[0]![1]).toEqual([{ table: 'comments', scope: COMMENTS, key: C2 }]);
    expect(await keys('noted')).toEqual([C2]);

    // A page's rows come as their searchable texts: indexed as given, none read back; a null text takes the row out
    // (C2's stored copy still has its words: they are not read).
    await createDexieMirrorStore(mirror).applyPage({ endpoint: 'E2', scope: COMMENTS, pass: 'p1', rows: [comment(C1, 'Agenda for the offsite')], quarantined: [], state: state('p1') });
    read.mockClear();
    await engine.update(pageRows({ table: 'comments', scope: COMMENTS, keys: [C1, C2], texts: [{ title: '', body: 'Agenda for the offsite' }, null] }));
    expect(read).not.toHaveBeenCalled();
    expect(await keys('offsite')).toEqual([C1]);
    expect(await keys('slides')).toEqual([]);
    expect(await keys('noted')).toEqual([]);
  });

  it('come from pages (as each row’s searchable text) and single-row writes; outbox writes and sweeps send keys only', async () => {
    const deps = { indexedDB: new IDBFactory(), IDBKeyRange };
    const mirror = openDatabase(deps, 'ws');
    const sent: { key: string; row?: unknown; text?: SearchText | null }[][] = [];
    const store = withSearchUpdates({ ...createDexieMirrorStore(mirror), ...createDexieOutboxStore(mirror) }, mirror, {
      changed: (refs) => void sent.push(refs.map((r) => ({ key: r.key, ...(r.row ? { row: r.row } : {}) }))),
      page: (page) => void sent.push(page.keys.map((key, i) => ({ key, text: page.texts[i]! }))),
      written: () => undefined,
      cleared: () => undefined,
    });
    const c1 = comment(C1, 'First');
    // A page's rows go as what search reads of them: a comment's text, and nothing of a row with no words.
    const noWords = comment(C2, '');
    await store.applyPage({ endpoint: 'E2', scope: COMMENTS, pass: 'p1', rows: [c1, noWords], quarantined: [], state: state('p1') });
    const post = { id: POST, locales: [{ culture: 'en-GB', title: 'Quarterly numbers' }] };
    await store.putRow({ endpoint: 'E3', scope: `E3:${MODULE}`, row: post });
    await store.outboxPut({ entries: [entryOf({ kind: 'patchPost', moduleId: MODULE, contentId: POST, ops: [{ op: 'replace', path: '/locales/0/title', value: 'Summer party' }] })] });
    await store.applyPage({ endpoint: 'E2', scope: COMMENTS, pass: 'p2', rows: [comment(C2, 'Second again')], quarantined: [], state: state('p2') });
    await store.finishPass({ endpoint: 'E2', scope: COMMENTS, pass: 'p2', sweep: true, state: state('p2') });
    expect(sent[0]).toEqual([{ key: C1, text: searchTextOf(c1) }, { key: C2, text: null }]);
    expect(searchTextOf(c1)?.body).toContain('First');
    expect(sent[1]).toEqual([{ key: POST, row: post }]);
    expect(sent[2]!.every((r) => r.row === undefined && r.text === undefined)).toBe(true);
    // The sweep's deleted row goes by key alone.
    expect(sent.at(-1)).toEqual([{ key: C1 }]);
  });

  it('of a delta page are the rows it wrote, with the number they were written at; a delta that wrote nothing sends none', async () => {
    const deps = { indexedDB: new IDBFactory(), IDBKeyRange };
    const mirror = openDatabase(deps, 'ws');
    const pages: ChangedPage[] = [];
    const store = withSearchUpdates({ ...createDexieMirrorStore(mirror), ...createDexieOutboxStore(mirror) }, mirror, {
      changed: () => undefined,
      page: (page) => void pages.push(page),
      written: () => undefined,
      cleared: () => undefined,
    });
    const delta = (pass: string): ScopeState => ({ ...state(pass), pass: { id: pass, mode: 'delta', nextUrl: null, nextUrlIssuedAt: null, pages: 0, rows: 0, startedAt: '2026-01-01T00:00:00Z' } });
    await store.applyPage({ endpoint: 'E2', scope: COMMENTS, pass: 'p1', rows: [comment(C1, 'First'), comment(C2, 'Second')], quarantined: [], state: state('p1') });
    await store.applyPage({ endpoint: 'E2', scope: COMMENTS, pass: 'd1', rows: [comment(C1, 'First'), comment(C2, 'Second')], quarantined: [], state: delta('d1') });
    await store.applyPage({ endpoint: 'E2', scope: COMMENTS, pass: 'd2', rows: [comment(C1, 'First'), comment(C2, 'Edited')], quarantined: [], state: delta('d2') });
    expect(pages.map((p) => p.keys)).toEqual([[C1, C2], [C2]]);
    expect(pages[1]!.texts).toEqual([searchTextOf(comment(C2, 'Edited'))]);
    expect(pages[1]!.since).toBeGreaterThan(pages[0]!.since!);
  });
});

describe('a rebuild beside updates', () => {
  /** A promise with its resolve, to hold a step until the test lets it go. */
  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { open, opened };
  };
  /**
   * Gives `step` time to finish (100 ms at most): a step the engine lets run beside the
   * rebuild is done by then; one it holds back until the rebuild is done is waited for no longer.
   */
  const finishedOrHeld = (step: Promise<unknown>) => Promise.race([step, new Promise((resolve) => setTimeout(resolve, 100))]);
  const table = endpoints.E3.table;
  const scope = `E3:${MODULE}`;
  const post = (title: string) => ({ id: POST, locales: [{ culture: 'en-GB', title }] });

  /**
   * A mirror with one post, and an engine rebuilding (nothing saved) whose scan waits for
   * `scanned`; `seen: false` lets it pass by every row, as a scan that read a table before
   * its rows were written.
   */
  async function rebuilding({ seen = true } = {}) {
    const deps = { indexedDB: new IDBFactory(), IDBKeyRange };
    const mirror = openDatabase(deps, 'ws');
    const search = openSearchDatabase(deps, 'ws-search');
    const plain = createDexieMirrorStore(mirror);
    await plain.putRow({ endpoint: 'E3', scope, row: post('Quarterly numbers') });
    const scan = vi.mocked(scanTable);
    const actualScan = scan.getMockImplementation()!;
    const scanned = gate();
    scan.mockImplementation(async (...args) => {
      await scanned.opened;
      if (seen) return actualScan(...args);
    });
    const engine = await SearchEngine.open(mirror, search);
    void engine.ready.finally(() => scan.mockImplementation(actualScan));
    const keys = async (query: string) => (await engine.search(query)).map((h) => h.key);
    return { mirror, search, plain, engine, scanned, keys };
  }

  it('never applies a row the rebuild read before a newer copy an update applied', async () => {
    const { plain, engine, scanned, keys } = await rebuilding();
    // A change noted while the scan runs: the rebuild redoes it, reading the row back.
    await engine.update([{ table, scope, key: POST }]);
    // That read is held after it has read the row (its copy as of now)...
    const read = vi.mocked(rowsByRefs);
    const actualRead = read.getMockImplementation()!;
    const reading = gate();
    const release = gate();
    read.mockImplementationOnce(async (...args) => {
      const rows = await actualRead(...args);
      reading.open();
      await release.opened;
      return rows;
    });
    scanned.open();
    await reading.opened;
    // ...while the row changes and the change arrives with its copy.
    const newer = post('Summer party');
    await plain.putRow({ endpoint: 'E3', scope, row: newer });
    const update = engine.update([{ table, scope, key: POST, row: newer }]);
    await finishedOrHeld(update);
    release.open();
    await Promise.all([engine.ready, update]);
    expect(await keys('party')).toEqual([POST]);
    expect(await keys('quarterly')).toEqual([]);
  });

  it('keeps the notes it is to redo when a save is asked for meanwhile, and saves once done', async () => {
    const { mirror, search, plain, engine, scanned, keys } = await rebuilding({ seen: false });
    // A row the scan does not see: only its note brings it into the new index...
    await plain.putRow({ endpoint: 'E3', scope, row: post('Summer party') });
    await engine.update([{ table, scope, key: POST }]);
    // ...and a save asked for before the scan is done.
    const saved = engine.save();
    await finishedOrHeld(saved);
    scanned.open();
    await Promise.all([engine.ready, saved]);
    expect(await keys('party')).toEqual([POST]);
    expect(await search.pending.count()).toBe(0);
    expect((await loadState(search))?.header.mark).toBeTruthy();
    mirror.close();
    search.close();
  });
});
