import { describe, expect, it } from 'vitest';
import type { ScopeState } from '../../../src-shared/store/index.js';
import { clearLabel, mirroringNote, noMatchNote } from '../../../src-renderer/presentation/list-notes.js';
import { scopeState } from '../helpers/renderer-context.js';

/** A list's saved state, never synced unless `over` says so. */
const state = (over: Partial<ScopeState>): ScopeState => scopeState('E20', {}, 0, { lastFullAt: null, ...over });
const pass = { id: 'p', mode: 'full' as const, nextUrl: 'next', nextUrlIssuedAt: null, pages: 2, rows: 2000, startedAt: '2026-03-01T09:00:00Z' };

describe('what an empty filtered list says', () => {
  it('says the list is still on its way, not that nothing matches, while nothing is mirrored', () => {
    const waiting = state({ status: 'queued' });
    expect(mirroringNote(waiting)).toBe('Waiting to be mirrored…');
    expect(noMatchNote(waiting)).toMatch(/^Nothing of this list is mirrored yet/);
    expect(noMatchNote(waiting)).not.toMatch(/No rows match/);
  });

  it('says how many rows it looked at while the first mirror is under way', () => {
    const filling = state({ status: 'syncing', pass });
    expect(mirroringNote(filling)).toBe(`Mirroring… ${(2000).toLocaleString()} rows so far, more on the way`);
    expect(noMatchNote(filling)).toBe(`No match in the ${(2000).toLocaleString()} rows mirrored so far; more are on the way.`);
  });

  it('says nothing matches once the list completed a pass, even while a later pass runs', () => {
    const done = state({ status: 'syncing', lastFullAt: '2026-03-01T09:30:00Z', rowCount: 5, pass: { ...pass, mode: 'delta' } });
    expect(mirroringNote(done)).toBeNull();
    expect(noMatchNote(done)).toBe('No rows match these filters.');
  });

  it('does not promise rows from a list the workspace refuses', () => {
    for (const status of ['not-permitted', 'not-available'] as const) {
      expect(mirroringNote(state({ status }))).toBeNull();
      expect(noMatchNote(state({ status }))).toBe('No rows match these filters.');
    }
    expect(noMatchNote(null)).toBe('No rows match these filters.');
  });
});

describe('what an empty searched list says', () => {
  it('speaks of its search, not of filters it does not have, and offers to clear it', () => {
    const done = state({ status: 'idle', lastFullAt: '2026-03-01T09:30:00Z', rowCount: 5 });
    expect(noMatchNote(done, 'search')).toBe('No rows match this search.');
    expect(noMatchNote(state({ status: 'queued' }), 'search')).toBe('Nothing of this list is mirrored yet: rows that match this search will show here as they arrive.');
    expect(clearLabel('search')).toBe('Clear search');
    expect(clearLabel('filters')).toBe('Clear filters');
  });
});
