import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatLocal, parseDate } from '../../../src-server/data/dates.js';

const at = Date.UTC(2024, 2, 5, 10, 11, 12, 345);

describe('dates', () => {
  it.each([
    [{ offsetMinutes: 0, fractionDigits: 7 }, '2024-03-05T10:11:12.3450000+00:00'],
    [{ offsetMinutes: 120, fractionDigits: 7 }, '2024-03-05T12:11:12.3450000+02:00'],
    [{ offsetMinutes: -330, fractionDigits: 2 }, '2024-03-05T04:41:12.34-05:30'],
    [{ offsetMinutes: null, fractionDigits: 3 }, '2024-03-05T10:11:12.345Z'],
    [{ offsetMinutes: null, fractionDigits: 0 }, '2024-03-05T10:11:12Z'],
  ])('formats %j as %s and parses it back', (style, text) => {
    expect(formatDate(at, style)).toBe(text);
    expect(parseDate(text)).toBe(style.fractionDigits >= 3 ? at : Math.floor(at / 1000) * 1000 + (style.fractionDigits === 2 ? 340 : 0));
  });

  it('reads plain dates and local date-times as UTC, and refuses anything else', () => {
    expect(parseDate('2021-01-01')).toBe(Date.UTC(2021, 0, 1));
    expect(parseDate('2021-01-01T08:30:00')).toBe(Date.UTC(2021, 0, 1, 8, 30));
    expect(parseDate('2021-01-01T08:30:00.1234567Z')).toBe(Date.UTC(2021, 0, 1, 8, 30, 0, 123));
    expect(formatLocal(at)).toBe('2024-03-05T10:11:12');
    for (const bad of ['yesterday', '2021-13-01', '01/02/2021', '2021-01-01T08:30:00+0200', '']) expect(parseDate(bad)).toBeNaN();
  });

  it('agrees with Date for any instant and offset', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800_000 }), fc.integer({ min: -720, max: 840 }), (ms, offset) => {
        const local = new Date(ms + offset * 60_000).toISOString();
        expect(formatDate(ms, { offsetMinutes: offset, fractionDigits: 3 }).slice(0, 23)).toBe(local.slice(0, 23));
        expect(formatDate(ms, { offsetMinutes: null, fractionDigits: 3 })).toBe(new Date(ms).toISOString());
        expect(parseDate(formatDate(ms, { offsetMinutes: offset, fractionDigits: 7 }))).toBe(ms);
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});
