import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseScopeKey, scopeId, scopeKey } from '../../../src-shared/store/index.js';

describe('scope keys', () => {
  it('round-trip through parseScopeKey', () => {
    const key = scopeKey('E4', { moduleId: 'm1', calendarId: 'c1' });
    expect(key).toBe('E4:m1/c1');
    expect(parseScopeKey(key).params).toEqual({ moduleId: 'm1', calendarId: 'c1' });
    expect(() => scopeKey('E4', { moduleId: 'm1' })).toThrow(/calendarId/);
  });
});

describe('scopeId', () => {
  it('is a stable, non-negative safe integer', () => {
    const key = 'E20:9b2c1c4e-35a0-4d5e-8f00-0123456789ab/00000000-0000-4000-8000-000000000001';
    expect(scopeId(key)).toBe(scopeId(`${key}`));
    expect(Number.isSafeInteger(scopeId(key))).toBe(true);
    expect(scopeId(key)).toBeGreaterThanOrEqual(0);
  });

  it('tells 200,000 scopes of two GUIDs apart, and keys that differ in one character', () => {
    const ids = new Set<number>();
    for (let i = 0; i < 200_000; i++) ids.add(scopeId(`E20:${randomUUID()}/${randomUUID()}`));
    expect(ids.size).toBe(200_000);
    expect(scopeId('E4:m1/c1')).not.toBe(scopeId('E4:m1/c2'));
    expect(scopeId('E20:')).not.toBe(scopeId('E19:'));
  });
});
