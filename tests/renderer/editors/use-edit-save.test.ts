import { describe, expect, it } from 'vitest';
import { draftOf, UNCHANGED } from '../../../src-renderer/editors/use-edit-save.js';
import { problemsOfFields } from '../../../src-renderer/editors/revision.js';

describe('the editors’ shared save flow', () => {
  it('turns a validation’s problems into a draft that shows them', () => {
    const draft = draftOf({ problems: { '$.name': 'name is required' } }, () => {
      throw new Error('no edit is built from a refused form');
    });
    expect(draft).toEqual({ kind: 'problems', problems: { '$.name': 'name is required' } });
  });

  it('builds the edit from what the validation accepted', () => {
    const ops = [{ op: 'replace' as const, path: '/name', value: 'X' }];
    expect(draftOf({ ops }, (checked) => ({ kind: 'patchUser', userId: 'u1', ops: checked.ops }))).toEqual({ kind: 'edit', edit: { kind: 'patchUser', userId: 'u1', ops } });
  });

  it('keys main’s field errors as the form keys its own, the whole edit as `$`', () => {
    expect(problemsOfFields([{ path: 'locales[0].title', message: 'too long' }, { path: '', message: 'unknown target' }])).toEqual({ '$.locales[0].title': 'too long', $: 'unknown target' });
  });

  it('has one value for “nothing changed”', () => {
    expect(UNCHANGED).toEqual({ kind: 'unchanged' });
  });
});
