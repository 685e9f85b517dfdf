import { describe, expect, it } from 'vitest';
import { endpoints, type Filter } from '../../../src-shared/api/index.js';
import { encodeIndexKey, indexKeysOf } from '../../../src-shared/store/index.js';
import { formatDateTime } from '../../../src-renderer/lib/format.js';
import { dateFilterValue, isWallClockField } from '../../../src-renderer/list/date-filter.js';
import { passesResidual, planQuery } from '../../../src-renderer/list/list-query.js';

/**
 * Local date-times without offset (availableFrom, availableUntil) are wall-clock
 * times. This file runs once per time zone (see the `tz-*` projects in
 * vitest.config.ts: Pacific/Auckland, America/Los_Angeles, and the machine's own), and
 * every expectation must hold in each.
 */

const zone = process.env['TZ'];
const E11 = endpoints.E11;
/** What the date picker hands over when the user picks 1 March 2024, 09:00 on their clock. */
const picked = new Date(2024, 2, 1, 9, 0, 0).getTime();

describe(`wall-clock date-times in ${zone ?? 'the machine zone'}`, () => {
  it('runs in the zone it says', () => {
    if (zone === undefined) return;
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
    // Both test zones are far from UTC: a shift by the offset could not go unnoticed.
    expect(Math.abs(new Date(picked).getTimezoneOffset())).toBeGreaterThanOrEqual(7 * 60);
  });

  it('knows which fields are wall-clock', () => {
    expect(isWallClockField(E11, 'availableFrom')).toBe(true);
    expect(isWallClockField(E11, 'availableUntil')).toBe(true);
    expect(isWallClockField(E11, 'creationDateTime')).toBe(false);
    expect(isWallClockField(endpoints.E3, 'availableFrom')).toBe(true);
    expect(isWallClockField(endpoints.E20, 'creationDateTime')).toBe(false);
  });

  it('shows a wall-clock value as written', () => {
    const shown = formatDateTime('2024-03-01T09:00:00');
    expect(shown).toMatch(/9:00/);
    expect(shown).toMatch(/2024/);
    expect(shown).toMatch(/\b1\b/);
    expect(formatDateTime('2024-03-01T23:30:00.1234567')).toMatch(/11:30/);
  });

  it('filters a wall-clock field by the time the user picked, unshifted', () => {
    expect(dateFilterValue(E11, 'availableFrom', picked)).toBe('2024-03-01T09:00:00');
    // An instant field compares instants: the picked instant in UTC.
    expect(dateFilterValue(E11, 'creationDateTime', picked)).toBe(new Date(picked).toISOString());
  });

  it('keeps exactly the rows at or after the picked wall-clock time', () => {
    const rows = [
      { id: 'a', availableFrom: '2024-03-01T08:59:59' },
      { id: 'b', availableFrom: '2024-03-01T09:00:00' },
      { id: 'c', availableFrom: '2024-03-01T21:00:00' },
      { id: 'd', availableFrom: '2024-02-29T20:00:00' },
    ];
    const filter: Filter = { field: 'availableFrom', op: 'gte', value: dateFilterValue(E11, 'availableFrom', picked) };
    const plan = planQuery({ endpoint: E11, scope: 's', sort: null, filters: [filter], search: '' });
    const lower = plan.lower!;
    const kept = rows.filter((row) => {
      const k = indexKeysOf(E11, row);
      return passesResidual(k, plan.residual) && (k['availableFrom']! > lower.key || (!lower.open && k['availableFrom'] === lower.key));
    });
    expect(kept.map((r) => r.id)).toEqual(['b', 'c']);
  });

  it('sorts wall-clock values by their text, the same in every zone', () => {
    expect(encodeIndexKey('datetime', '2024-03-01T09:00:00')).toBe(Date.UTC(2024, 2, 1, 9));
    const sorted = ['2024-03-01T21:00:00', '2024-03-01T09:00:00', '2024-02-29T23:59:59']
      .map((v) => [v, encodeIndexKey('datetime', v)] as const)
      .sort((x, y) => Number(x[1]) - Number(y[1]))
      .map(([v]) => v);
    expect(sorted).toEqual(['2024-02-29T23:59:59', '2024-03-01T09:00:00', '2024-03-01T21:00:00']);
  });

  it('describes the filter chip with the picked wall-clock time', () => {
    expect(formatDateTime(dateFilterValue(E11, 'availableFrom', picked))).toBe(formatDateTime('2024-03-01T09:00:00'));
    expect(formatDateTime(dateFilterValue(E11, 'availableFrom', picked))).toMatch(/9:00/);
  });
});
