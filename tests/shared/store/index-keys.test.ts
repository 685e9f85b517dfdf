import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SCALAR_TYPES } from '../../../src-shared/api/index.js';
import { encodeIndexKey, keyedAsNumber, NULL_KEY } from '../../../src-shared/store/index-keys.js';

/** What a date-time's key must be: any fraction cut to milliseconds, no offset read as UTC. */
function expectedMs(text: string): number {
  const zoned = text.endsWith('Z') || /[+-]\d{2}:\d{2}$/.test(text);
  const withZone = zoned ? text : text.includes('T') ? `${text}Z` : `${text}T00:00:00Z`;
  return Date.parse(withZone.replace(/(\.\d{3})\d+/, '$1'));
}

describe('encodeIndexKey for date-times', () => {
  it.each([
    ['UTC with seven fraction digits, cut (not rounded) to milliseconds', '2024-01-01T10:00:00.9999999Z', Date.UTC(2024, 0, 1, 10, 0, 0, 999)],
    ['an offset with seven fraction digits', '2024-01-01T10:00:00.1234567+02:00', Date.UTC(2024, 0, 1, 8, 0, 0, 123)],
    ['a negative offset', '2024-01-01T10:00:00-05:30', Date.UTC(2024, 0, 1, 15, 30)],
    ['UTC with milliseconds', '2024-01-01T10:00:00.123Z', Date.UTC(2024, 0, 1, 10, 0, 0, 123)],
    ['no offset, read as UTC', '2024-01-01T10:00:00.5', Date.UTC(2024, 0, 1, 10, 0, 0, 500)],
    ['a plain date, as UTC midnight', '2024-01-01', Date.UTC(2024, 0, 1)],
    ['a date-time that does not parse', '2024-13-45T10:00:00Z', NULL_KEY],
    ['text that is no date', 'soon', NULL_KEY],
  ])('%s', (_, text, expected) => {
    expect(encodeIndexKey('datetimeoffset', text)).toBe(expected);
    expect(encodeIndexKey('datetime', text)).toBe(expected);
  });

  it('reads every zoned form the same as cutting the fraction first', () => {
    const isoBase = fc.date({ min: new Date(Date.UTC(1970, 0, 1)), max: new Date(Date.UTC(2200, 0, 1)), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 19));
    const fraction = fc.option(fc.stringMatching(/^\.\d{1,9}$/), { nil: '' });
    const zone = fc.constantFrom('Z', '+00:00', '+02:00', '-05:30', '+14:00', '-12:00', '');
    fc.assert(
      fc.property(isoBase, fraction, zone, (base, frac, z) => {
        const text = `${base}${frac}${z}`;
        expect(encodeIndexKey('datetimeoffset', text)).toBe(expectedMs(text));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('keyedAsNumber', () => {
  it('says for every scalar type whether the encoder keys its values as numbers', () => {
    const samples = ['0', '1', 'true', '2025-01-01T00:00:00Z', 'x'];
    for (const type of SCALAR_TYPES) {
      for (const sample of samples) expect(typeof encodeIndexKey(type, sample) === 'number', `${type} ${sample}`).toBe(keyedAsNumber(type));
    }
  });
});
