import { afterEach, describe, expect, it } from 'vitest';
import { backoffDelay } from '../../../src-main/core/http/retry-timing.js';
import type { ProxyLogEntry, ProxyRule } from './rig/fault-proxy.js';
import { fetchCounts, LESSONS, onPage, pageNumbers, smallPages } from './rig/pages.js';
import { closeRigs, mirrorDiff, startRig, syncOnce } from './rig/stack.js';
import { countTableRows } from '../../../src-shared/store/index.js';

afterEach(closeRigs);

const problem500 = { kind: 'answer' as const, status: 500, headers: { 'content-type': 'application/problem+json' }, body: '{"status":500,"title":"Internal Server Error"}' };

describe('500s on page 7 of 20', () => {
  it('retries page 7 within the pass and never asks for a finished page again', async () => {
    const pages = pageNumbers(LESSONS);
    let failures = 0;
    const rig = await startRig();
    rig.proxy.rules.push(
      onPage(pages, (page) => (page === 7 && failures < 2 ? (failures++, problem500) : null)),
      smallPages(LESSONS, 6),
    );
    const states = await syncOnce(rig);
    expect(fetchCounts(rig.proxy.log, pages)).toEqual([1, 1, 1, 1, 1, 1, 3, ...Array<number>(13).fill(1)]);
    expect(states.find((s) => s.scope === 'E18:')?.status).toBe('idle');
    expect(await mirrorDiff(rig.server, rig.db, states)).toEqual([]);
  });

  it('when page 7 keeps failing the pass stops there, keeps pages 1–6, and the next pass resumes from page 7', async () => {
    const pages = pageNumbers(LESSONS);
    let failing = true;
    const rig = await startRig({ maxAttempts: 3 });
    rig.proxy.rules.push(onPage(pages, (page) => (page === 7 && failing ? problem500 : null)), smallPages(LESSONS, 6));
    await syncOnce(rig);

    const stopped = rig.engine.states().find((s) => s.scope === 'E18:')!;
    expect(stopped.status).toBe('error');
    expect(stopped.lastError?.message).toMatch(/500/);
    expect(stopped.pass?.pages).toBe(6);
    expect(stopped.pass?.nextUrl).toBe(`${rig.proxy.url}${pages.urls[6]}`);
    expect(await countTableRows(rig.db, 'lessonParticipations')).toBe(36);
    expect(fetchCounts(rig.proxy.log, pages)).toEqual([1, 1, 1, 1, 1, 1, 3]);

    failing = false;
    const before = rig.proxy.log.length;
    rig.engine.syncNow({ scopes: ['E18:'] });
    await rig.engine.whenSettled();
    const resumed = rig.proxy.log.slice(before).filter((e) => e.path.endsWith(LESSONS));
    expect(resumed[0]?.url).toBe(pages.urls[6]);
    expect(fetchCounts(rig.proxy.log, pages)).toEqual([1, 1, 1, 1, 1, 1, 4, ...Array<number>(13).fill(1)]);
    const states = rig.engine.states();
    expect(states.find((s) => s.scope === 'E18:')?.status).toBe('idle');
    expect(await mirrorDiff(rig.server, rig.db, states)).toEqual([]);
  });
});

/**
 * The first page of each of the four root lists is held until all four are in flight,
 * then all four are answered 429 at once: no request is in flight afterwards, so any
 * request that reaches the server before the pause is over was sent during it.
 */
function throttleFirstPages(headers: Record<string, string>): { rule: ProxyRule; answered: () => number } {
  let held = 0;
  let release: () => void = () => undefined;
  const all = new Promise<void>((resolve) => (release = resolve));
  let answeredAt = 0;
  const rule: ProxyRule = (request) => {
    if (!request.path.includes('/api/') || held >= 4) return null;
    held += 1;
    if (held === 4) release();
    return {
      kind: 'answer',
      status: 429,
      headers: { 'content-type': 'application/json', ...headers },
      body: '{"errorCode":"429","message":"Too many requests"}',
      after: all.then(() => {
        answeredAt = Math.max(answeredAt, Date.now());
      }),
    };
  };
  return { rule, answered: () => answeredAt };
}

const apiRequests = (log: readonly ProxyLogEntry[]) => log.filter((e) => e.path.includes('/api/'));

describe('429 with Retry-After', () => {
  const backoff = { baseMs: 400, maxMs: 4_000 };
  const firstBackoff = backoffDelay(1, 0.5, backoff);
  const cases: [string, () => Record<string, string>, (answeredAt: number, header: string | undefined) => number][] = [
    ['in seconds', () => ({ 'retry-after': '1' }), (at) => at + 1_000],
    ['as an HTTP date', () => ({ 'retry-after': new Date(Date.now() + 2_000).toUTCString() }), (_at, header) => Date.parse(header!)],
    ['missing', () => ({}), (at) => at + firstBackoff],
    ['garbage', () => ({ 'retry-after': 'soon, maybe; =)' }), (at) => at + firstBackoff],
  ];

  it.each(cases)('%s: one pause for the whole client, then each list asks once more', async (_name, headers, pauseEnd) => {
    const rig = await startRig({ backoff });
    const sent = headers();
    const throttle = throttleFirstPages(sent);
    rig.proxy.rules.push(throttle.rule);
    const states = await syncOnce(rig);

    const requests = apiRequests(rig.proxy.log);
    const throttled = requests.filter((e) => e.status === 429);
    expect(throttled).toHaveLength(4);
    const after = requests.filter((e) => e.status !== 429);
    expect(after.length).toBeGreaterThan(0);
    // Node timers may fire a millisecond early; the pause is counted from when the client read the answer.
    const end = pauseEnd(throttle.answered(), sent['retry-after']);
    expect(Math.min(...after.map((e) => e.at))).toBeGreaterThanOrEqual(end - 2);
    // Never hammering: each throttled list asked exactly once more, and nothing else was asked twice.
    const byUrl = new Map<string, number>();
    for (const e of requests) byUrl.set(e.url, (byUrl.get(e.url) ?? 0) + 1);
    for (const e of throttled) expect(byUrl.get(e.url)).toBe(2);
    expect([...byUrl.values()].filter((n) => n > 2)).toEqual([]);
    expect(states.every((s) => s.status === 'idle')).toBe(true);
    expect(await mirrorDiff(rig.server, rig.db, states)).toEqual([]);
  });

  it('a 429 answered to a queued edit pauses the sync engine too', async () => {
    let writesThrottled = 0;
    let throttledAt = 0;
    const rig = await startRig({ backoff });
    await rig.outbox.start();
    rig.proxy.rules.push((request) => {
      if (request.method !== 'PATCH' || writesThrottled > 0) return null;
      writesThrottled += 1;
      throttledAt = Date.now();
      return { kind: 'answer', status: 429, headers: { 'retry-after': '1', 'content-type': 'application/json' }, body: '{"errorCode":"429","message":"Too many requests"}' };
    });
    const user = rig.server.sources.users[0]!;
    const queued = await rig.outbox.queue({ kind: 'patchUser', userId: user, ops: [{ op: 'replace', path: '/title', value: 'Night shift lead' }] });
    expect(queued.ok).toBe(true);
    await expect.poll(() => writesThrottled).toBe(1);
    const states = await syncOnce(rig);
    await rig.outbox.replay();

    const gets = apiRequests(rig.proxy.log).filter((e) => e.method === 'GET');
    expect(gets.length).toBeGreaterThan(0);
    expect(Math.min(...gets.map((e) => e.at))).toBeGreaterThanOrEqual(throttledAt + 1_000 - 2);
    expect(rig.server.data.rows('E19').find((u) => u.id === user)?.title).toBe('Night shift lead');
    expect(states.every((s) => s.status === 'idle')).toBe(true);
  });
});
