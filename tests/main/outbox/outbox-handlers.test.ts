import { describe, expect, it } from 'vitest';
import { countEvent, refusalEvent } from '../../../src-main/core/outbox/outbox-events.js';
import { createOutboxHandlers } from '../../../src-main/core/outbox/outbox-handlers.js';
import type { Outbox } from '../../../src-main/core/outbox/outbox.js';
import { OutboxCommandError } from '../../../src-main/core/outbox/outbox-command-error.js';
import { OUTBOX_COMMAND_NAMES, outboxCommandSchemas } from '../../../src-shared/outbox/index.js';
import { createBody, entryOf, GUID_A, MODULE, titlePatch, USER } from '../../shared/outbox/fixtures.js';

function fakeOutbox(calls: unknown[][]): Outbox {
  const note = (...args: unknown[]) => calls.push(args);
  return {
    queue: async (edit) => {
      note('queue', edit);
      return edit.kind === 'createPost'
        ? { ok: true, id: 'e1', target: `post:${MODULE}/tmp-x`, tempId: 'tmp-x' }
        : { ok: false, errors: [{ path: 'title', message: 'no' }] };
    },
    retry: async (id) => void note('retry', id),
    discard: async (id) => {
      if (id === 'busy') throw new OutboxCommandError('Busy', 'in flight', id);
      note('discard', id);
    },
    confirm: async (id, action, serverId) => void note('confirm', id, action, serverId),
  } as Outbox;
}

describe('the outbox commands', () => {
  it('are the five the renderer needs', () => {
    expect([...OUTBOX_COMMAND_NAMES].sort()).toEqual(['outbox.confirm', 'outbox.discard', 'outbox.queue', 'outbox.resolve', 'outbox.retry']);
  });

  it('validate their arguments', () => {
    const queue = outboxCommandSchemas['outbox.queue'].arg;
    expect(queue.safeParse({ edit: { kind: 'createPost', moduleId: MODULE, body: createBody() } }).success).toBe(true);
    expect(queue.safeParse({ edit: { kind: 'deleteUser', userId: USER } }).success).toBe(false);
    expect(queue.safeParse({ edit: titlePatch(USER, 'x'), extra: 1 }).success).toBe(false);
    const confirm = outboxCommandSchemas['outbox.confirm'].arg;
    expect(confirm.safeParse({ id: 'e1', action: 'mark-sent', serverId: GUID_A }).success).toBe(true);
    expect(confirm.safeParse({ id: 'e1', action: 'mark-sent', serverId: 'p1' }).success).toBe(false);
    expect(confirm.safeParse({ id: 'e1', action: 'forget' }).success).toBe(false);
  });

  it('answer a queued edit with its ids, and a refused one with its field errors', async () => {
    const calls: unknown[][] = [];
    const handlers = createOutboxHandlers(fakeOutbox(calls));
    expect(await handlers['outbox.queue']({ edit: { kind: 'createPost', moduleId: MODULE, body: createBody() } })).toEqual({
      queued: true,
      id: 'e1',
      target: `post:${MODULE}/tmp-x`,
      tempId: 'tmp-x',
    });
    expect(await handlers['outbox.queue']({ edit: titlePatch(USER, 'x') })).toEqual({ queued: false, errors: [{ path: 'title', message: 'no' }] });
    expect(await handlers['outbox.retry']({ id: 'e2' })).toEqual({ retried: true });
    expect(await handlers['outbox.confirm']({ id: 'e3', action: 'mark-sent', serverId: GUID_A })).toEqual({ confirmed: 'mark-sent' });
    await expect(handlers['outbox.discard']({ id: 'busy' })).rejects.toMatchObject({ code: 'Busy' });
    expect(calls.map((c) => c[0])).toEqual(['queue', 'queue', 'retry', 'confirm']);
  });
});

describe('the outbox events', () => {
  it('count every unsent edit and name what of it waits for the user: refused, in conflict, uncertain', () => {
    expect(countEvent({ count: 5, needsAttention: 2, conflict: 0, uncertain: 1 })).toEqual({ waiting: 5, refused: 2, conflict: 0, uncertain: 1 });
    expect(countEvent({ count: 4, needsAttention: 2, conflict: 1, uncertain: 1 })).toEqual({ waiting: 4, refused: 1, conflict: 1, uncertain: 1 });
  });

  it('name a refused edit in words with the server message', () => {
    const entry = entryOf(titlePatch(USER, 'x'), { state: 'needs-attention', lastError: { status: 404, code: 'not-found', message: 'No user with id …' } });
    expect(refusalEvent(entry)).toEqual({ entryId: entry.id, title: `Edit of user ${USER.slice(0, 8)}… (title)`, message: 'No user with id …' });
  });
});
