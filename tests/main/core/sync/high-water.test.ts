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
});
