import { describe, expect, it } from 'vitest';
import { createCursorTable, CURSOR_LIFETIME_MS } from '../../../src-server/query/cursor-table.js';
import type { Position } from '../../../src-server/query/page-reader.js';

const position: Position = { boundary: { values: [5], index: 9 }, direction: 'after', inclusive: false };

describe('cursor table', () => {
  it('issues 32 lowercase hex cursors that resolve to their position until six hours pass', () => {
    let now = 1_000_000;
    const table = createCursorTable({ now: () => now });
    const cursor = table.issue('E18:', 'q', position);
    expect(cursor).toMatch(/^[0-9a-f]{32}$/);
    expect(table.resolve(cursor, 'E18:', 'q')).toEqual({ ok: true, position });
    now += CURSOR_LIFETIME_MS;
    expect(table.resolve(cursor, 'E18:', 'q').ok).toBe(true);
    now += 1;
    expect(table.resolve(cursor, 'E18:', 'q')).toEqual({ ok: false, reason: 'expired' });
  });

  it('tells forged, foreign, unknown and malformed cursors apart', () => {
    const table = createCursorTable({ now: () => 0 });
    const cursor = table.issue('E18:', 'q', position);
    expect(table.resolve(cursor, 'E18:', 'other query')).toEqual({ ok: false, reason: 'foreign' });
    expect(table.resolve(cursor, 'E20:', 'q')).toEqual({ ok: false, reason: 'foreign' });
    const flipped = cursor.slice(0, 31) + (cursor[31] === '0' ? '1' : '0');
    expect(table.resolve(flipped, 'E18:', 'q')).toEqual({ ok: false, reason: 'foreign' });
    expect(table.resolve(cursor.toUpperCase(), 'E18:', 'q')).toEqual({ ok: false, reason: 'malformed' });
    const other = createCursorTable({ now: () => 0 });
    expect(other.resolve(cursor, 'E18:', 'q')).toEqual({ ok: false, reason: 'foreign' });
    expect(table.resolve(cursor, 'E18:', 'q', true)).toEqual({ ok: false, reason: 'expired' });
  });

  it('drops the oldest entries beyond its capacity', () => {
    const table = createCursorTable({ now: () => 0, maxEntries: 3 });
    const cursors = Array.from({ length: 5 }, () => table.issue('E18:', 'q', position));
    expect(table.size()).toBeLessThanOrEqual(3);
    expect(table.resolve(cursors[0]!, 'E18:', 'q')).toEqual({ ok: false, reason: 'unknown' });
    expect(table.resolve(cursors[4]!, 'E18:', 'q').ok).toBe(true);
  });
});
