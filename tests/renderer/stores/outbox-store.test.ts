import { describe, expect, it } from 'vitest';
import { describeFieldErrors, toOutboxView, useOutboxStore, type EditInput } from '../../../src-renderer/stores/outbox-store.js';
import { useSyncStore } from '../../../src-renderer/stores/sync-store.js';
import { eventually, fakeBridge, storeContext } from '../helpers/renderer-context.js';

const patch: EditInput = { kind: 'patchUser', userId: 'u1', ops: [{ op: 'replace', path: '/name', value: 'X' }] };

describe('the outbox store', () => {
  it('reads the entries main wrote, what waits, what needs the user, and which rows have edits waiting', async () => {
    const { pinia, db } = storeContext();
    const outbox = useOutboxStore(pinia);
    await db.outbox.bulkPut([
      { id: 'a', seq: 2, target: 'post:m1/p1', state: 'queued', createdAt: '2025-01-01T00:00:00Z', edit: { kind: 'patchPost' } },
      { id: 'b', seq: 1, target: 'user:u2', state: 'needs-attention', createdAt: '2025-01-01T00:00:00Z', edit: { kind: 'patchUser' }, lastError: { code: '400', message: 'bad' } },
      { id: 'c', seq: 3, target: 'user:u3', state: 'sent', createdAt: '2025-01-01T00:00:00Z', edit: { kind: 'patchUser' } },
    ]);
    await eventually(() => expect(outbox.entries.map((e) => e.id)).toEqual(['b', 'a', 'c']));
    expect(outbox.waiting.map((e) => e.id)).toEqual(['b', 'a']);
    expect(outbox.refused.map((e) => [e.id, e.error])).toEqual([['b', 'bad']]);
    expect([...outbox.pendingTargets].sort()).toEqual(['p1', 'u2']);
  });

  it('queues an edit through main and tells queued, refused and undelivered apart', async () => {
    const queued = fakeBridge({ 'outbox.queue': { queued: true, id: 'e1', target: 'user:u1' } });
    expect(await useOutboxStore(storeContext(undefined, queued.bridge).pinia).enqueue(patch)).toEqual({ ok: true, id: 'e1' });
    expect(queued.calls).toEqual([{ name: 'outbox.queue', arg: { edit: patch } }]);

    const errors = [{ path: 'name', message: 'too long' }, { path: '', message: 'no such user' }];
    const refused = fakeBridge({ 'outbox.queue': { queued: false, errors } });
    expect(await useOutboxStore(storeContext(undefined, refused.bridge).pinia).enqueue(patch)).toEqual({ ok: false, fields: errors, error: { code: 'Refused', message: 'name: too long; no such user' } });

    const down = fakeBridge();
    expect(await useOutboxStore(storeContext(undefined, down.bridge).pinia).enqueue(patch)).toEqual({ ok: false, fields: [], error: { code: 'NotUnderTest', message: 'outbox.queue not under test' } });
  });

  it('sends retry, discard and confirm for one entry', async () => {
    const fake = fakeBridge({ 'outbox.retry': { ok: true }, 'outbox.discard': { ok: true }, 'outbox.confirm': { ok: true } });
    const outbox = useOutboxStore(storeContext(undefined, fake.bridge).pinia);
    await outbox.retry('a');
    await outbox.discard('b');
    await outbox.confirm('c', 'resend');
    expect(fake.calls).toEqual([
      { name: 'outbox.retry', arg: { id: 'a' } },
      { name: 'outbox.discard', arg: { id: 'b' } },
      { name: 'outbox.confirm', arg: { id: 'c', action: 'resend' } },
    ]);
  });

  it('turns the server’s refusal of a sent edit into a notice that says where to fix it', () => {
    const fake = fakeBridge();
    const { pinia } = storeContext(undefined, fake.bridge);
    const stop = useOutboxStore(pinia).listen();
    fake.emit('outbox.refused', { entryId: 'a', title: 'Edit of user “Ann”', message: 'name is too long' });
    const [notice] = useSyncStore(pinia).notices;
    expect(notice).toMatchObject({ level: 'error', message: 'Edit of user “Ann” was refused: name is too long', toast: { title: 'Edit of user “Ann” was refused', content: 'name is too long — fix or discard it in the outbox.' } });
    stop();
    fake.emit('outbox.refused', { entryId: 'b', title: 'Edit of user “Bo”', message: 'x' });
    expect(useSyncStore(pinia).notices).toHaveLength(1);
  });

  it('reads entries tolerantly and words field errors as one sentence', () => {
    expect(toOutboxView({ id: 'x', seq: 'n', error: 'boom' })).toMatchObject({ id: 'x', state: 'queued', seq: 0, kind: '', error: 'boom' });
    expect(describeFieldErrors([{ path: 'a', message: 'b' }, { path: '', message: 'c' }])).toBe('a: b; c');
  });
});
