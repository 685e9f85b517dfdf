import { describe, expect, it } from 'vitest';
import { AUTH_NOTICE, createAuthState } from '../../../../src-main/core/connection/auth-state.js';
import { AUTH_HOLD } from '../../../../src-main/core/http/request-runner.js';
import { silentLogger } from '../../../../src-main/core/logger.js';

function setup(renewals: boolean[]) {
  const holds: [string, boolean][] = [];
  const notices: string[] = [];
  let renewCalls = 0;
  let changes = 0;
  let release: () => void = () => undefined;
  const gateOpen = new Promise<void>((resolve) => (release = resolve));
  const auth = createAuthState({
    renew: async () => {
      renewCalls += 1;
      await gateOpen;
      return renewals.shift() ?? false;
    },
    gate: { hold: (reason, on) => void holds.push([reason, on]) },
    log: silentLogger,
    notice: (message) => void notices.push(message),
    onChange: () => void (changes += 1),
  });
  return { auth, holds, notices, release, renewCalls: () => renewCalls, changes: () => changes };
}

describe('the auth state', () => {
  it('sends the request again when the token could be renewed, holding nothing', async () => {
    const t = setup([true]);
    t.release();
    expect(await t.auth.refused()).toBe(true);
    expect(t.auth.needed()).toBe(false);
    expect(t.holds).toEqual([]);
    expect(t.notices).toEqual([]);
  });

  it('answers refusals that come together with one renewal', async () => {
    const t = setup([true]);
    const both = Promise.all([t.auth.refused(), t.auth.refused()]);
    t.release();
    expect(await both).toEqual([true, true]);
    expect(t.renewCalls()).toBe(1);
  });

  it('holds every request and tells the user once when no new token can be had', async () => {
    const t = setup([false, false]);
    t.release();
    expect(await t.auth.refused()).toBe(false);
    expect(await t.auth.refused()).toBe(false);
    expect(t.auth.needed()).toBe(true);
    expect(t.holds).toEqual([
      [AUTH_HOLD, true],
      [AUTH_HOLD, true],
    ]);
    expect(t.notices).toEqual([AUTH_NOTICE]);
    expect(t.changes()).toBe(1);
  });

  it('counts a renewal that throws as one that failed', async () => {
    const holds: boolean[] = [];
    const auth = createAuthState({
      renew: () => Promise.reject(new Error('token endpoint down')),
      gate: { hold: (_, on) => void holds.push(on) },
      log: silentLogger,
      notice: () => undefined,
    });
    expect(await auth.refused()).toBe(false);
    expect(holds).toEqual([true]);
  });

  it('lets requests go again once the user signed in', async () => {
    const t = setup([false]);
    t.release();
    await t.auth.refused();
    t.auth.signedIn();
    expect(t.auth.needed()).toBe(false);
    expect(t.holds.at(-1)).toEqual([AUTH_HOLD, false]);
    expect(t.changes()).toBe(2);
  });
});
