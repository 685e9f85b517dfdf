import { describe, expect, it } from 'vitest';
import { nextSendable, type OutboxEntry } from '../../../src-shared/outbox/index.js';
import { categoryPatch, createBody, entryOf, GUID_A, GUID_B, MODULE, POST, TEMP, titlePatch, USER } from './fixtures.js';

const USER_2 = '77777777-7777-4777-8777-777777777777';
const ids = (entries: readonly OutboxEntry[]) => nextSendable(entries)?.entryIds ?? null;

describe('nextSendable', () => {
  it('sends the earliest queued target first, its following patches merged', () => {
    const u1 = entryOf(titlePatch(USER, 'a'));
    const p1 = entryOf(categoryPatch(POST, GUID_A));
    const u2 = entryOf(titlePatch(USER, 'b'));
    expect(ids([p1, u2, u1])).toEqual([u1.id, u2.id]);
  });

  it('skips settled entries', () => {
    const u1 = entryOf(titlePatch(USER, 'a'), { state: 'sent' });
    const u2 = entryOf(titlePatch(USER, 'b'), { state: 'discarded' });
    const u3 = entryOf(titlePatch(USER, 'c'));
    expect(ids([u1, u2, u3])).toEqual([u3.id]);
    expect(ids([u1, u2])).toBeNull();
  });

  it.each(['needs-attention', 'uncertain', 'sending'] as const)('a head that is %s blocks its target only', (state) => {
    const blocked = entryOf(titlePatch(USER, 'a'), { state });
    const waiting = entryOf(titlePatch(USER, 'b'));
    const other = entryOf(titlePatch(USER_2, 'c'));
    expect(ids([blocked, waiting, other])).toEqual([other.id]);
    expect(ids([blocked, waiting])).toBeNull();
  });

  it('lets a patch of a post created offline wait for its create', () => {
    const create = entryOf({ kind: 'createPost', moduleId: MODULE, tempId: TEMP, body: createBody() });
    const patch = entryOf(categoryPatch(TEMP, GUID_B));
    expect(ids([create, patch])).toEqual([create.id]);
    expect(ids([{ ...create, state: 'sending' }, patch])).toBeNull();
    // Sent but not yet remapped: the patch still cannot name the post.
    expect(ids([{ ...create, state: 'sent' }, patch])).toBeNull();
  });

  it('does not merge patches of a target asked to go alone', () => {
    const u1 = entryOf(titlePatch(USER, 'a'));
    const u2 = entryOf(titlePatch(USER, 'b'));
    expect(nextSendable([u1, u2], new Set([u1.target]))?.entryIds).toEqual([u1.id]);
  });
});
