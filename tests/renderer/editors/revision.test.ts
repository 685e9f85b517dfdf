import { describe, expect, it } from 'vitest';
import { revisionOf } from '../../../src-renderer/editors/revision.js';
import { guidOf } from '../helpers/rows.js';

const MODULE = guidOf(1, 1);
const body = { name: 'Canteen', startDate: '2025-05-06T07:08:09', locales: [{ culture: 'en-GB', title: 'Menu', bodyText: '**Soup**' }] };
const entry = (state: string, edit: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  id: 'e1',
  seq: 1,
  target: `post:${MODULE}/tmp-1`,
  edit,
  state,
  attempts: 1,
  lastError: state === 'needs-attention' ? { status: 400, code: 'validation', message: 'name is taken', fields: [{ path: 'name', message: 'name is taken' }] } : null,
  createdAt: '2025-05-06T07:08:09Z',
  updatedAt: '2025-05-06T07:08:09Z',
  ...extra,
});
const create = { kind: 'createPost', moduleId: MODULE, tempId: 'tmp-1', body };

describe('an outbox entry reopened in its editor', () => {
  it('reopens a refused new post from the body it would send, with the server’s field errors', () => {
    expect(revisionOf(entry('needs-attention', create), null)).toEqual({
      entryId: 'e1',
      original: body,
      edited: body,
      fields: [{ path: 'name', message: 'name is taken' }],
      createBody: body,
    });
  });

  it('does not reopen a new post that may have arrived, is in flight or settled', () => {
    for (const state of ['uncertain', 'sending', 'sent', 'discarded']) expect(revisionOf(entry(state, create), null)).toBeNull();
  });

  it('reopens a patch over the copy it was based on, with no create body', () => {
    const base = { id: 'c1', categoryId: 'old' };
    const patch = { kind: 'patchPost', moduleId: MODULE, contentId: 'c1', ops: [{ op: 'replace', path: '/categoryId', value: 'new' }] };
    const revision = revisionOf(entry('needs-attention', patch, { target: `post:${MODULE}/c1`, base }), null);
    expect(revision).toMatchObject({ original: base, edited: { id: 'c1', categoryId: 'new' }, createBody: null });
  });
});
