import { describe, expect, it } from 'vitest';
import { coalesce, coalesceOps, type PatchOp } from '../../../src-shared/outbox/index.js';
import { categoryPatch, createBody, entryOf, GUID_A, GUID_B, MODULE, POST, TEMP, titlePatch, USER } from './fixtures.js';

const set = (path: string, value: unknown): PatchOp => ({ op: 'replace', path, value });

describe('coalesceOps', () => {
  it.each([
    ['one list is kept as it is', [[set('/a', 1), set('/b', 2)]], [set('/a', 1), set('/b', 2)]],
    ['a later replace of the same path wins', [[set('/a', 1)], [set('/a', 2)]], [set('/a', 2)]],
    ['different paths are all kept, in order', [[set('/a', 1)], [set('/b', 2)]], [set('/a', 1), set('/b', 2)]],
    ['a remove after a set wins', [[set('/title', 'x')], [{ op: 'remove', path: '/title' }]], [{ op: 'remove', path: '/title' }]],
    ['a set after a remove wins', [[{ op: 'remove', path: '/title' }], [{ op: 'add', path: '/title', value: 'y' }]], [{ op: 'add', path: '/title', value: 'y' }]],
    ['a repeated path inside one list keeps the last', [[set('/a', 1), set('/b', 1), set('/a', 3)]], [set('/b', 1), set('/a', 3)]],
    ['custom fields merge by key', [[set('/customFields', { a: '1', b: '1' })], [set('/customFields', { b: '2' })]], [set('/customFields', { a: '1', b: '2' })]],
    ['custom fields set after a removal keep the removal', [[{ op: 'remove', path: '/customFields' }], [set('/customFields', { b: '2' })]], [{ op: 'remove', path: '/customFields' }, set('/customFields', { b: '2' })]],
    ['custom fields removed after a set drop the set', [[set('/customFields', { a: '1' })], [{ op: 'remove', path: '/customFields' }]], [{ op: 'remove', path: '/customFields' }]],
    ['three edits, the middle one overwritten', [[set('/a', 1), set('/b', 1)], [set('/c', 1)], [set('/b', 9)]], [set('/a', 1), set('/c', 1), set('/b', 9)]],
  ])('%s', (_, lists, expected) => {
    expect(coalesceOps(...lists)).toEqual(expected);
  });
});

describe('coalesce', () => {
  it('merges the queued patches that follow the head of a target into one request', () => {
    const a = entryOf(titlePatch(USER, 'one'));
    const b = entryOf({ kind: 'patchUser', userId: USER, ops: [set('/gender', 'f')] });
    const c = entryOf(titlePatch(USER, 'two'));
    expect(coalesce([a, b, c])).toEqual({
      target: `user:${USER}`,
      entryIds: [a.id, b.id, c.id],
      edit: { kind: 'patchUser', userId: USER, ops: [set('/gender', 'f'), set('/title', 'two')] },
    });
  });

  it('stops at the first entry that is not queued', () => {
    const a = entryOf(categoryPatch(POST, GUID_A));
    const b = entryOf(categoryPatch(POST, GUID_B), { state: 'needs-attention' });
    const c = entryOf(categoryPatch(POST, GUID_A));
    expect(coalesce([a, b, c])?.entryIds).toEqual([a.id]);
  });

  it('sends a create alone, and nothing when the head is not queued', () => {
    const create = entryOf({ kind: 'createPost', moduleId: MODULE, tempId: TEMP, body: createBody() });
    const patch = entryOf(categoryPatch(TEMP, GUID_A));
    expect(coalesce([create, patch])?.entryIds).toEqual([create.id]);
    expect(coalesce([{ ...create, state: 'uncertain' }, patch])).toBeNull();
    expect(coalesce([])).toBeNull();
  });

  it('sends one patch per request when asked to (finding which edit the server refuses)', () => {
    const a = entryOf(titlePatch(USER, 'one'));
    const b = entryOf(titlePatch(USER, 'two'));
    expect(coalesce([a, b], true)).toEqual({ target: a.target, entryIds: [a.id], edit: a.edit });
  });
});
