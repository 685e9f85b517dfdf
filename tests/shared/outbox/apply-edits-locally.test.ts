import { describe, expect, it } from 'vitest';
import { applyEditsLocally, localPostOf, type OutboxEdit } from '../../../src-shared/outbox/index.js';
import { createBody, GUID_A, GUID_B, MODULE, POST, TEMP, USER } from './fixtures.js';

const post = {
  id: POST,
  categoryId: null,
  medias: [{ id: GUID_A, fileName: 'a.png', downloadUrl: null }],
  locales: [{ culture: 'en-GB', title: 'Old', bodyText: 'old' }],
  permissions: [{ departments: [{ id: GUID_A, name: 'Depot' }], userGroups: [], requireAllUserGroups: false }],
  status: 'Published',
};
const user = { id: USER, name: 'Ada', title: 'Engineer', memberCard: { id: GUID_A, cardNumber: '1', name: 'Gold' }, image: null };

const patchPost = (...ops: { op: string; path: string; value?: unknown }[]): OutboxEdit => ({ kind: 'patchPost', moduleId: MODULE, contentId: POST, ops });
const patchUser = (...ops: { op: string; path: string; value?: unknown }[]): OutboxEdit => ({ kind: 'patchUser', userId: USER, ops });

describe('applyEditsLocally', () => {
  it.each([
    ['replaces a field', post, [patchPost({ op: 'replace', path: '/categoryId', value: GUID_B })], { categoryId: GUID_B }],
    ['replaces the locales', post, [patchPost({ op: 'replace', path: '/locales', value: [{ culture: 'de', title: 'Neu', bodyText: '**n**' }] })], { locales: [{ culture: 'de', title: 'Neu', bodyText: '<p><strong>n</strong></p>' }] }],
    ['shows media ids as media, keeping what was known', post, [patchPost({ op: 'replace', path: '/mediaIds', value: [GUID_B, GUID_A] })], { medias: [{ id: GUID_B }, post.medias[0]] }],
    ['shows permission ids as references, keeping names', post, [patchPost({ op: 'replace', path: '/permissions', value: [{ departments: [GUID_A], userGroups: [GUID_B] }] })], { permissions: [{ departments: [{ id: GUID_A, name: 'Depot' }], userGroups: [{ id: GUID_B }], requireAllUserGroups: false }] }],
    ['applies edits in order, the later one winning', post, [patchPost({ op: 'replace', path: '/categoryId', value: GUID_A }), patchPost({ op: 'replace', path: '/categoryId', value: GUID_B })], { categoryId: GUID_B }],
    ['sets a user field with add', user, [patchUser({ op: 'add', path: '/initials', value: 'AL' })], { initials: 'AL', name: 'Ada' }],
    ['removes a user title (null, as the API shows unset values)', user, [patchUser({ op: 'remove', path: '/title' })], { name: 'Ada', title: null }],
    ['merges custom fields by key', { id: USER, customFields: { a: '1', b: '2' } }, [patchUser({ op: 'add', path: '/customFields', value: { b: '3', c: ['x'] } })], { customFields: { a: '1', b: '3', c: ['x'] } }],
    ['puts a card number on the member card', user, [patchUser({ op: 'replace', path: '/cardNumber', value: '99' })], { memberCard: { id: GUID_A, cardNumber: '99', name: 'Gold' } }],
    ['names a new image by id', user, [patchUser({ op: 'replace', path: '/imageId', value: GUID_B })], { image: { id: GUID_B } }],
  ])('%s', (_, base, edits, expected) => {
    const result = applyEditsLocally(base, edits);
    expect(result).toMatchObject(expected);
  });

  it('never changes the base row', () => {
    const base = structuredClone(post);
    applyEditsLocally(base, [patchPost({ op: 'replace', path: '/mediaIds', value: [GUID_B] })]);
    expect(base).toEqual(post);
  });

  it('shows a removed field as null, whether or not it was there', () => {
    expect(applyEditsLocally({ id: USER }, [patchUser({ op: 'remove', path: '/title' })])).toEqual({ id: USER, title: null });
    expect(applyEditsLocally({ id: USER, customFields: { a: '1' } }, [patchUser({ op: 'remove', path: '/customFields' })])).toEqual({ id: USER, customFields: {} });
  });

  it('starts an unknown row from its id', () => {
    expect(applyEditsLocally(null, [patchUser({ op: 'add', path: '/name', value: 'Bo' })])).toEqual({ id: USER, name: 'Bo' });
    expect(applyEditsLocally(null, [])).toBeNull();
  });

  it('builds a post created offline from its body, then applies its later edits', () => {
    const create: OutboxEdit = { kind: 'createPost', moduleId: MODULE, tempId: TEMP, body: createBody({ mediaIds: [GUID_A], endDate: '2026-03-02T10:00:00' }) };
    const later: OutboxEdit = { kind: 'patchPost', moduleId: MODULE, contentId: TEMP, ops: [{ op: 'replace', path: '/categoryId', value: GUID_B }] };
    expect(applyEditsLocally(null, [create, later])).toEqual({
      ...localPostOf(create as Extract<OutboxEdit, { kind: 'createPost' }>),
      categoryId: GUID_B,
    });
    expect(localPostOf(create as Extract<OutboxEdit, { kind: 'createPost' }>)).toMatchObject({
      id: TEMP,
      name: 'Canteen menu',
      availableFrom: '2026-03-01T09:00:00',
      availableUntil: '2026-03-02T10:00:00',
      medias: [{ id: GUID_A }],
      // The body goes out as Markdown and reads back as HTML: the local copy shows it so.
      locales: [{ culture: 'en-GB', title: 'Menu', bodyText: '<p>Soup</p>' }],
      permissions: [{ departments: [{ id: GUID_A }], userGroups: [], requireAllUserGroups: false }],
    });
  });
});
