import { describe, expect, it } from 'vitest';
import { validateEdit } from '../../../src-shared/outbox/index.js';
import { createBody, GUID_A, MODULE, POST, TEMP, USER } from './fixtures.js';

const create = (body: Record<string, unknown>, ids: Record<string, string> = {}) => ({
  kind: 'createPost',
  moduleId: MODULE,
  tempId: TEMP,
  body,
  ...ids,
});
const patchPost = (ops: unknown[], contentId = POST) => ({ kind: 'patchPost', moduleId: MODULE, contentId, ops });
const patchUser = (ops: unknown[], userId = USER) => ({ kind: 'patchUser', userId, ops });

describe('validateEdit', () => {
  it.each([
    ['a valid create', create(createBody())],
    ['a create with every optional field', create(createBody({ endDate: '2026-03-02T10:00:00', categoryId: GUID_A, mediaIds: [GUID_A], publishOnCreate: true, notifications: { sendNotification: true } }))],
    ['a name of exactly 128 characters', create(createBody({ name: 'x'.repeat(128) }))],
    ['a post patch of every path', patchPost([
      { op: 'replace', path: '/categoryId', value: GUID_A },
      { op: 'replace', path: '/locales', value: [{ culture: 'en-GB', title: 'T', bodyText: 'B' }] },
      { op: 'replace', path: '/mediaIds', value: [GUID_A] },
      { op: 'replace', path: '/permissions', value: [{ departments: [], userGroups: [GUID_A] }] },
      { op: 'replace', path: '/notifications', value: { sendNotification: true, sendPushNotification: false, forceInstantPush: false } },
    ])],
    ['a patch of a post created offline', patchPost([{ op: 'replace', path: '/categoryId', value: GUID_A }], TEMP)],
    ['a user patch with add, replace and remove', patchUser([
      { op: 'add', path: '/name', value: 'Ada' },
      { op: 'replace', path: '/phoneNumber', value: { countryCode: 44, number: '7700900000' } },
      { op: 'remove', path: '/title' },
      { op: 'add', path: '/customFields', value: { shoe: '42', langs: ['en', 'fr'] } },
    ])],
    ['an op left out (replace by default)', patchUser([{ path: '/gender', value: 'f' }])],
  ])('accepts %s', (_, edit) => {
    const result = validateEdit(edit);
    expect(result).toMatchObject({ ok: true });
  });

  it.each([
    ['a name over 128 characters', create(createBody({ name: 'x'.repeat(129) })), 'name', /128/],
    ['a missing name', create(createBody({ name: undefined })), 'name', /.+/],
    ['a start date with an offset', create(createBody({ startDate: '2026-03-01T09:00:00Z' })), 'startDate', /yyyy-MM-ddTHH:mm:ss/],
    ['a start date without seconds', create(createBody({ startDate: '2026-03-01T09:00' })), 'startDate', /yyyy-MM-ddTHH:mm:ss/],
    ['an end date with fractions', create(createBody({ endDate: '2026-03-01T09:00:00.5' })), 'endDate', /yyyy-MM-ddTHH:mm:ss/],
    ['a category that is not a guid', create(createBody({ categoryId: 'abc' })), 'categoryId', /guid/],
    ['a department that is not a guid', create(createBody({ permissions: [{ departments: ['x'], userGroups: [] }] })), 'permissions[0].departments[0]', /guid/],
    ['missing permissions', create(createBody({ permissions: undefined })), 'permissions', /.+/],
    ['a module id that is not a guid', create(createBody(), { moduleId: 'm1' }), 'moduleId', /guid/],
    ['a temporary id of the wrong form', create(createBody(), { tempId: 'tmp-1' }), 'tempId', /tmp-/],
    ['a post path that is not allowed', patchPost([{ op: 'replace', path: '/status', value: 'Draft' }]), 'status', /must be one of/],
    ['an op not allowed on a post path', patchPost([{ op: 'remove', path: '/categoryId' }]), 'categoryId', /op must be replace/],
    ['a locale title that is a number', patchPost([{ op: 'replace', path: '/locales', value: [{ culture: 'en', title: 7 }] }]), 'locales[0].title', /.+/],
    ['a notification flag that is text', patchPost([{ op: 'replace', path: '/notifications', value: { sendPushNotification: 'yes' } }]), 'notifications.sendPushNotification', /.+/],
    ['a content id that is neither guid nor temporary', patchPost([{ op: 'replace', path: '/categoryId', value: GUID_A }], 'p1'), 'contentId', /guid or a temporary id/],
    ['a user name that is not text', patchUser([{ op: 'add', path: '/name', value: 5 }]), 'name', /.+/],
    ['a phone country code that is text', patchUser([{ op: 'replace', path: '/phoneNumber', value: { countryCode: '44', number: '1' } }]), 'phoneNumber.countryCode', /.+/],
    ['an image id that is not a guid', patchUser([{ op: 'replace', path: '/imageId', value: 'img' }]), 'imageId', /guid/],
    ['an empty patch', patchUser([]), '', /at least one/],
    ['a patch op without a path', patchUser([{ op: 'replace', value: 'x' }]), 'ops[0].path', /must be one of/],
    ['a user id that is a temporary id', patchUser([{ op: 'add', path: '/name', value: 'A' }], TEMP), 'userId', /guid/],
  ])('refuses %s, next to the field', (_, edit, path, message) => {
    const result = validateEdit(edit);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toContainEqual({ path, message: expect.stringMatching(message) });
  });

  it('refuses what is not an edit at all, by field', () => {
    const result = validateEdit({ kind: 'deletePost', moduleId: MODULE });
    expect(result).toMatchObject({ ok: false, errors: [{ path: 'kind' }] });
  });

  it('normalizes to exactly what will be sent', () => {
    const result = validateEdit(create(createBody({ colour: 'red' })));
    // Accepted, with the unknown field dropped (not refused, and not passed on).
    expect(result.ok, JSON.stringify(result)).toBe(true);
    if (!result.ok || result.edit.kind !== 'createPost') throw new Error('not a create');
    expect(Object.keys(result.edit.body)).not.toContain('colour');
    expect(result).toEqual(validateEdit(create(createBody())));
    const patch = validateEdit(patchUser([{ path: '/gender', value: 'f', from: '/x' }, { op: 'remove', path: '/title', value: 1 }]));
    expect(patch).toEqual({
      ok: true,
      edit: { kind: 'patchUser', userId: USER, ops: [{ op: 'replace', path: '/gender', value: 'f' }, { op: 'remove', path: '/title' }] },
    });
  });
});
