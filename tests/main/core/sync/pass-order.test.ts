import { describe, expect, it } from 'vitest';
import type { ScopeState } from '../../../../src-shared/store/index.js';
import { newScopeState, rootScopes } from '../../../../src-main/core/sync/scope-plan.js';
import { comparePasses, continuingTier, orderPasses, passTier, requestPriority, shouldYield, type PassCandidate, type PassTier } from '../../../../src-main/core/sync/pass-order.js';

const AT = '2026-01-01T00:00:00.000Z';
const base = newScopeState(rootScopes()[0]!, null);
const checkpoint = (pages: number) => ({ id: 'p', mode: 'full' as const, nextUrl: 'https://x/next', nextUrlIssuedAt: AT, pages, rows: pages * 1000, startedAt: AT });

/** Scope states by what they are in a first sync. */
const states = {
  never: { ...base, scope: 'never' },
  started: { ...base, scope: 'started', pass: { ...checkpoint(0), nextUrl: null } },
  deep: { ...base, scope: 'deep', pass: checkpoint(3) },
  deeper: { ...base, scope: 'deeper', pass: checkpoint(40) },
  mirrored: { ...base, scope: 'mirrored', lastFullAt: AT, rowCount: 12 },
  refreshing: { ...base, scope: 'refreshing', lastFullAt: AT, rowCount: 90_000, pass: checkpoint(5) },
  child: { ...base, scope: 'child', parent: 'never' },
} satisfies Record<string, ScopeState>;

const candidate = (state: ScopeState, patch: Partial<PassCandidate> = {}): PassCandidate => ({ state, focused: false, dueAt: 0, areaHasRows: false, ...patch });

describe('the tier of a pass', () => {
  it.each([
    ['a list never mirrored', states.never, false, 'first-page'],
    ['a first pass with no page stored yet', states.started, false, 'first-page'],
    ['a first pass with pages stored', states.deep, false, 'deep'],
    ['a list mirrored before', states.mirrored, false, 'routine'],
    ['a periodic full pass of a list mirrored before', states.refreshing, false, 'routine'],
    ['the list on screen, however deep', states.deeper, true, 'focused'],
  ] as const)('%s', (_, state, focused, tier) => {
    expect(passTier(state, focused)).toBe(tier);
  });

  it.each([
    ['a first pass whose first page is still being written', states.started, false, 'deep'],
    ['a list mirrored before', states.refreshing, false, 'routine'],
    ['the list on screen', states.started, true, 'focused'],
  ] as const)('of the next page of a running pass: %s', (_, state, focused, tier) => {
    expect(continuingTier(state, focused)).toBe(tier);
  });
});

describe('the order passes start in', () => {
  it.each([
    ['the list on screen before a first page', candidate(states.deeper, { focused: true }), candidate(states.never)],
    ['a first page before the deep pages of a big list', candidate(states.never, { dueAt: 500 }), candidate(states.deep)],
    ['a first page before a routine delta', candidate(states.never), candidate(states.mirrored)],
    ['a routine delta before deep pages', candidate(states.mirrored), candidate(states.deep)],
    ['a first page of an area without rows before one of an area with rows', candidate(states.child, { areaHasRows: false }), candidate(states.never, { areaHasRows: true })],
    ['a root before a child, same area', candidate(states.never), candidate(states.child)],
    ['the big list furthest behind first', candidate(states.deep, { dueAt: 900 }), candidate(states.deeper)],
    ['the one due first when all else is equal', candidate(states.mirrored, { dueAt: 1 }), candidate(states.mirrored, { dueAt: 2 })],
  ])('%s', (_, first, second) => {
    expect(comparePasses(first, second)).toBeLessThan(0);
    expect(comparePasses(second, first)).toBeGreaterThan(0);
  });

  it('sorts a first sync: screen, first pages (empty areas first), routine, then deep', () => {
    const input = [
      candidate(states.deeper),
      candidate(states.mirrored),
      candidate(states.never, { areaHasRows: true }),
      candidate(states.deep),
      candidate(states.child),
      candidate(states.refreshing, { focused: true }),
    ];
    expect(orderPasses(input).map((c) => c.state.scope)).toEqual(['refreshing', 'child', 'never', 'mirrored', 'deep', 'deeper']);
    expect(input[0]!.state.scope).toBe('deeper');
  });
});

describe('yielding a slot', () => {
  const tiers: PassTier[] = ['focused', 'first-page', 'routine', 'deep'];
  it.each([
    ['deep', 'first-page', true],
    ['deep', 'focused', true],
    ['deep', 'routine', true],
    ['routine', 'first-page', true],
    ['routine', 'deep', false],
    ['deep', 'deep', false],
    ['first-page', 'first-page', false],
    ['focused', 'focused', false],
    ['deep', null, false],
  ] as const)('a %s pass with %s waiting yields: %s', (running, waiting, expected) => {
    expect(shouldYield(running, waiting)).toBe(expected);
  });

  it('never takes the slot of the list on screen', () => {
    for (const waiting of tiers) expect(shouldYield('focused', waiting)).toBe(false);
  });

  it('asks the gate for the list on screen first, then first pages', () => {
    expect(tiers.map(requestPriority)).toEqual([10, 5, 0, 0]);
  });
});
