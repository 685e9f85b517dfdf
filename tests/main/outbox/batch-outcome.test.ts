import { describe, expect, it } from 'vitest';
import { outcomeStep, type Outcome } from '../../../src-main/core/outbox/batch-outcome.js';
import type { SendFailure } from '../../../src-main/core/outbox/outbox-send-error.js';
import type { OutboxEntry } from '../../../src-shared/outbox/index.js';
import { categoryPatch, createBody, entryOf, GUID_A, MODULE, TEMP, titlePatch, USER } from '../../shared/outbox/fixtures.js';

const AT = '2026-05-05T00:00:00.000Z';
const SERVER_ID = '55555555-5555-4555-8555-555555555555';
const failed = (code: SendFailure['code'], status: number | null, extra: Partial<SendFailure> = {}): Outcome => ({
  kind: 'failed',
  failure: { code, status, message: `${code}!`, retryAfterMs: null, fields: [], mayHaveReached: true, ...extra },
});
const delay = (attempts: number) => attempts * 1000;
const states = (entries: readonly OutboxEntry[]) => entries.map((e) => e.state);

describe('outcomeStep', () => {
  const a = entryOf(titlePatch(USER, 'a'), { state: 'sending' });
  const b = entryOf(titlePatch(USER, 'b'), { state: 'sending' });
  const create = entryOf({ kind: 'createPost', moduleId: MODULE, tempId: TEMP, body: createBody() }, { state: 'sending' });
  const later = entryOf(categoryPatch(TEMP, GUID_A));

  it('marks a merged patch sent and installs the answer', () => {
    const next = outcomeStep([a, b], [a, b], { kind: 'sent', row: { id: USER } }, AT, delay);
    expect(states(next.entries)).toEqual(['sent', 'sent']);
    expect(next).toMatchObject({ durable: true, settle: { target: a.target, row: { id: USER } }, next: null, alone: false });
    expect(next.entries[0]).toMatchObject({ attempts: 1, lastError: null, updatedAt: AT });
  });

  it('gives a sent create its server id and moves its later edits there', () => {
    const next = outcomeStep([create], [create, later], { kind: 'sent', row: { id: SERVER_ID } }, AT, delay);
    expect(next.entries).toEqual([
      expect.objectContaining({ id: create.id, state: 'sent', serverId: SERVER_ID }),
      expect.objectContaining({ id: later.id, state: 'queued', target: `post:${MODULE}/${SERVER_ID}`, edit: expect.objectContaining({ contentId: SERVER_ID }) }),
    ]);
    expect(next.settle?.target).toBe(`post:${MODULE}/${SERVER_ID}`);
  });

  it.each<[string, OutboxEntry[], Outcome, (OutboxEntry['state'])[], Partial<ReturnType<typeof outcomeStep>>]>([
    ['a patch cut off is retried after the backoff', [a], failed('network', null), ['queued'], { durable: false, next: 1000 }],
    ['a 429 waits as long as the server said', [a, b], failed('rate-limited', 429, { retryAfterMs: 7000 }), ['queued', 'queued'], { next: 7000 }],
    ['a create that never left is retried, journaled', [create], failed('network', null, { mayHaveReached: false }), ['queued'], { durable: true, next: 1000 }],
    ['a create whose answer was lost is uncertain', [create], failed('network', null), ['uncertain'], { durable: true, refused: null }],
    ['a create answered 500 is uncertain', [create], failed('server', 500), ['uncertain'], { durable: true }],
    ['a 404 parks the head and the rest waits', [a, b], failed('not-found', 404), ['needs-attention', 'queued'], { durable: true, alone: null }],
    ['a refused merged patch is split to find the culprit', [a, b], failed('bad-request', 400), ['queued', 'queued'], { durable: false, alone: true }],
    ['a refused single patch is parked', [a], failed('bad-request', 400), ['needs-attention'], { durable: true }],
    ['a 401 requeues and asks for a token', [a], failed('unauthorized', 401), ['queued'], { next: 'unauthorized' }],
    ['a cancelled patch is queued again', [a, b], { kind: 'aborted' }, ['queued', 'queued'], { durable: false }],
    ['a cancelled create is uncertain', [create], { kind: 'aborted' }, ['uncertain'], { durable: true }],
  ])('%s', (_, batch, outcome, expected, rest) => {
    const next = outcomeStep(batch, batch, outcome, AT, delay);
    expect(states(next.entries)).toEqual(expected);
    expect(next).toMatchObject(rest);
  });

  it('tells of a refusal once, with the server words on the entry', () => {
    const next = outcomeStep([a], [a], failed('not-found', 404), AT, delay);
    expect(next.refused).toMatchObject({ id: a.id, state: 'needs-attention', attempts: 1, lastError: { status: 404, code: 'not-found', message: 'not-found!' } });
  });
});
