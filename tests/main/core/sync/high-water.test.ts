import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advanceHighWater, instantOf } from '../../../../src-main/core/sync/high-water.js';

describe('high-water marks', () => {
  it('keeps the latest instants whatever their offsets and fraction digits', () => {
    const hw = advanceHighWater({ created: '2024-01-01T12:00:00Z', modified: null }, [
      { creationDateTime: '2024-01-01T13:30:00+02:00', lastModifiedDateTime: null },
      { creationDateTime: '2024-01-01T12:00:00.0010001+00:00', lastModifiedDateTime: '2024-02-01T00:00:00.1234567Z' },
      { creationDateTime: 'not a date' },
    ]);
    expect(hw).toEqual({ created: '2024-01-01T12:00:00.0010001+00:00', modified: '2024-02-01T00:00:00.1234567Z' });
  });

  it('returns the same object when nothing is later', () => {
    const hw = { created: '2024-01-01T00:00:00Z', modified: '2024-01-01T00:00:00Z' };
    expect(advanceHighWater(hw, [{ creationDateTime: '2023-01-01T00:00:00Z' }])).toBe(hw);
  });

  it('reads dates without an offset as UTC', () => {
    expect(instantOf('2024-01-01T00:00:00')).toBe(Date.parse('2024-01-01T00:00:00Z'));
    expect(instantOf('2021-01-01')).toBe(Date.parse('2021-01-01T00:00:00Z'));
    expect(instantOf(null)).toBeNull();
  });

  it('keeps the same marks as reading every date-time as a date, in whatever forms they come', () => {
    /** The marks as read when every date-time was read as a date: the first of the latest instant. */
    const reference = (start: string | null, values: readonly (string | null)[]): string | null => {
      let best = start;
      let ms = instantOf(start);
      for (const value of values) {
        const c = instantOf(value);
        if (c !== null && (ms === null || c > ms)) [best, ms] = [value, c];
      }
      return best;
    };
    const pad = (n: number, width = 2) => String(n).padStart(width, '0');
    const dateTime = fc
      .record({
        // Few distinct instants, so equal instants written in different forms are common.
        ms: fc.integer({ min: 0, max: 40 }).map((i) => Date.UTC(2024, 0, 1) + i * 1_800_000 + (i % 3) * 1),
        fraction: fc.integer({ min: 0, max: 7 }),
        form: fc.constantFrom('Z', '+00:00', '+02:00', '-05:30', ''),
      })
      .map(({ ms, fraction, form }) => {
        const offsetMin = form === '+02:00' ? 120 : form === '-05:30' ? -330 : 0;
        const d = new Date(ms + offsetMin * 60_000);
        const base = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
        const digits = `${pad(d.getUTCMilliseconds(), 3)}0000`.slice(0, fraction);
        return `${base}${fraction > 0 ? `.${digits}` : ''}${form}`;
      });
    const value = fc.oneof({ arbitrary: dateTime, weight: 8 }, { arbitrary: fc.constantFrom(null, 'not a date', ''), weight: 1 });
    fc.assert(
      fc.property(fc.option(dateTime), fc.option(dateTime), fc.array(fc.tuple(value, value), { maxLength: 30 }), (created, modified, pairs) => {
        const rows = pairs.map(([c, m]) => ({ creationDateTime: c, lastModifiedDateTime: m }));
        const hw = advanceHighWater({ created, modified }, rows);
        expect(hw).toEqual({
          created: reference(created, pairs.map(([c]) => c)),
          modified: reference(modified, pairs.map(([, m]) => m)),
        });
      }),
      { numRuns: 2_000 },
    );
  });
});
