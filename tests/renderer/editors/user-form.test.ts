import { describe, expect, it } from 'vitest';
import { userPatchPaths } from '../../../src-shared/api/index.js';
import { userFormFromRow, userPatchOpsOf, validateUserPatch } from '../../../src-renderer/editors/user-form.js';
import { guidOf, user } from '../helpers/rows.js';

describe('the user form', () => {
  it('reads every patchable field from a row', () => {
    const form = userFormFromRow(user(1));
    expect(form).toMatchObject({ name: 'Person 1', title: 'Operator', phoneCountryCode: 45, phoneNumber: '123', imageId: guidOf(30, 1), memberCardId: guidOf(31, 1), cardNumber: 'C-1' });
    expect(form.customFields).toEqual([
      { key: 'shoe', value: '42', multiple: false },
      { key: 'skills', value: 'a\nb', multiple: true },
    ]);
  });

  it('covers every documented patch path, and each change validates', () => {
    const original = userFormFromRow(user(1));
    const form = userFormFromRow(user(1));
    Object.assign(form, {
      name: 'Renamed',
      title: '',
      gender: 'Female',
      initials: 'RN',
      registerNumber: 'R1',
      dutyPlanNumber: 'D1',
      imageId: guidOf(30, 9),
      memberCardId: guidOf(31, 9),
      cardNumber: 'C-9',
      phoneNumber: '999',
    });
    form.customFields[1]!.value = 'a\nb\nc';
    const ops = userPatchOpsOf(original, form);
    expect(ops.map((o) => o.path).sort()).toEqual(Object.keys(userPatchPaths).sort());
    expect(ops.find((o) => o.path === '/title')).toEqual({ op: 'remove', path: '/title' });
    // Each set goes out with the op the document shows for its path (add for /registerNumber, not replace).
    const sets = Object.fromEntries(ops.filter((o) => o.op !== 'remove').map((o) => [o.path, o.op]));
    expect(sets).toEqual({
      '/name': 'add',
      '/initials': 'add',
      '/registerNumber': 'add',
      '/dutyPlanNumber': 'add',
      '/customFields': 'add',
      '/phoneNumber': 'replace',
      '/gender': 'replace',
      '/imageId': 'replace',
      '/memberCardId': 'replace',
      '/cardNumber': 'replace',
    });
    expect(ops.find((o) => o.path === '/customFields')?.value).toEqual({ shoe: '42', skills: ['a', 'b', 'c'] });
    expect(ops.find((o) => o.path === '/phoneNumber')?.value).toEqual({ countryCode: 45, number: '999' });
    expect('ops' in validateUserPatch(ops)).toBe(true);
  });

  it('sends nothing when nothing changed, and reports bad values by path', () => {
    const form = userFormFromRow(user(2));
    expect(userPatchOpsOf(form, userFormFromRow(user(2)))).toEqual([]);
    const bad = validateUserPatch([{ op: 'replace', path: '/imageId', value: 'nope' }]);
    expect('problems' in bad && bad.problems['$[0].value']).toBe('expected a guid');
  });
});
