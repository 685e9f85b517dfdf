import { describe, expect, it } from 'vitest';
import { failedState } from '../../../../src-main/core/sync/scope-failure.js';
import { newScopeState, rootScopes } from '../../../../src-main/core/sync/scope-plan.js';
import type { ScopeFailure } from '../../../../src-main/core/sync/scope-failure.js';

const AT = '2026-01-01T00:00:00.000Z';
const pass = { id: 'p', mode: 'full' as const, nextUrl: 'https://x/api/v1.4/a?cursor=1', nextUrlIssuedAt: AT, pages: 1, rows: 10, startedAt: AT };
const state = { ...newScopeState(rootScopes()[0]!, null), status: 'syncing' as const, pass };
const failure = (kind: ScopeFailure['kind']): ScopeFailure => ({ kind, code: kind === 'error' ? 'server' : kind, message: `${kind} message` });

describe('a scope after its pass failed', () => {
  it.each([
    ['paused by the window going away', 'paused', false, { status: 'paused', pass }, true],
    ['paused by a cancellation', 'paused', true, { status: 'paused', pass }, false],
    ['offline', 'offline', false, { status: 'queued', pass, lastError: null }, false],
    ['not permitted', 'not-permitted', false, { status: 'not-permitted', reason: 'not-permitted message', pass: null, lastError: { code: 'not-permitted', message: 'not-permitted message', at: AT } }, false],
    ['not available', 'not-available', false, { status: 'not-available', reason: 'not-available message', pass: null }, false],
    ['an error', 'error', false, { status: 'error', pass, lastError: { code: 'server', message: 'error message', at: AT } }, false],
    ['a cursor that expired twice', 'cursor-expired', false, { status: 'error', pass }, false],
  ] as const)('%s', (_, kind, cancelled, expected, storeLost) => {
    const next = failedState(state, failure(kind), AT, cancelled);
    expect(next.state).toMatchObject(expected);
    expect(next.storeLost).toBe(storeLost);
  });
});
