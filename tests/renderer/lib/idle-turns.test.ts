import { afterEach, describe, expect, it, vi } from 'vitest';

/** Idle callbacks the test runs by hand, one idle moment at a time. */
const moments: (() => void)[] = [];

async function load(withIdleCallbacks: boolean) {
  vi.resetModules();
  if (withIdleCallbacks) vi.stubGlobal('requestIdleCallback', (run: () => void) => moments.push(run));
  return import('../../../src-renderer/lib/idle-turns.js');
}

afterEach(() => {
  vi.unstubAllGlobals();
  moments.length = 0;
});

describe('idle turns', () => {
  it('run one per idle moment, in the order asked for', async () => {
    const { idleTurn } = await load(true);
    const ran: string[] = [];
    for (const name of ['a', 'b', 'c']) idleTurn(() => ran.push(name));
    expect(ran).toEqual([]);
    expect(moments).toHaveLength(1);
    moments.shift()!();
    expect(ran).toEqual(['a']);
    moments.shift()!();
    moments.shift()!();
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(moments).toHaveLength(0);
  });

  it('skip a withdrawn turn', async () => {
    const { idleTurn } = await load(true);
    const ran: string[] = [];
    idleTurn(() => ran.push('a'));
    const withdraw = idleTurn(() => ran.push('b'));
    idleTurn(() => ran.push('c'));
    withdraw();
    while (moments.length > 0) moments.shift()!();
    expect(ran).toEqual(['a', 'c']);
  });

  it('run in later tasks where the browser has no idle callback', async () => {
    const { idleTurn } = await load(false);
    const ran: string[] = [];
    idleTurn(() => ran.push('a'));
    idleTurn(() => ran.push('b'));
    expect(ran).toEqual([]);
    await vi.waitFor(() => expect(ran).toEqual(['a', 'b']));
  });
});
