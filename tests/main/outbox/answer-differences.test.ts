import { describe, expect, it } from 'vitest';
import { answerDifferences, noteAnswerDifferences } from '../../../src-main/core/outbox/answer-differences.js';
import type { PatchEdit, Row } from '../../../src-shared/outbox/index.js';
import { entryOf, GUID_A, GUID_B, MODULE, POST, USER } from '../../shared/outbox/fixtures.js';

const user = (changes: Row = {}): Row => ({ id: USER, name: 'Ann', title: 'Cook', gender: 'F', url: null, lastModifiedDateTime: null, image: { id: GUID_A, downloadUrl: 'a' }, ...changes });
const rename: PatchEdit = { kind: 'patchUser', userId: USER, ops: [{ op: 'add', path: '/name', value: 'Anna' }] };
const image: PatchEdit = { kind: 'patchUser', userId: USER, ops: [{ op: 'replace', path: '/imageId', value: GUID_B }] };
const post = (changes: Row = {}): Row => ({
  id: POST,
  status: 'Published',
  medias: [{ id: GUID_A, downloadUrl: 'x' }],
  featureMediaId: GUID_A,
  locales: [{ culture: 'en-GB', title: 'Menu', bodyText: '<h2>Menu</h2><p>Soup</p>' }],
  ...changes,
});
const retitle: PatchEdit = {
  kind: 'patchPost',
  moduleId: MODULE,
  contentId: POST,
  ops: [{ op: 'replace', path: '/locales', value: [{ culture: 'en-GB', title: 'Lunch', bodyText: '## Menu\n\nSoup' }] }],
};

describe('answerDifferences', () => {
  it.each([
    ['an answer that is base + patch', rename, user(), user({ name: 'Anna', lastModifiedDateTime: '2026-01-01T00:00:00Z' }), []],
    ['a field changed on the server meanwhile', rename, user(), user({ name: 'Anna', gender: 'M' }), [{ path: '/gender', base: 'F', theirs: 'M' }]],
    ['the server kept another value', rename, user(), user({ name: 'Ann' }), [{ path: '/name', base: 'Ann', theirs: 'Ann', mine: 'Anna' }]],
    ['a projected path answered as expected', image, user(), user({ image: { id: GUID_B, downloadUrl: 'b', contentType: 'image/jpeg' } }), []],
    ['a base that knew nothing but the id', rename, { id: USER }, user({ name: 'Anna' }), []],
    ['a post body re-rendered with other markup', retitle, post(), post({ locales: [{ culture: 'en-GB', title: 'Lunch', bodyText: '<h2>Menu</h2>\n<p>Soup</p>' }] }), []],
    ['a post whose status changed meanwhile', retitle, post(), post({ status: 'Draft', locales: [{ culture: 'en-GB', title: 'Lunch', bodyText: '<h2>Menu</h2><p>Soup</p>' }] }), [{ path: 'status', base: 'Published', theirs: 'Draft' }]],
    ['a post whose media changed meanwhile', retitle, post(), post({ medias: [], featureMediaId: null, locales: [{ culture: 'en-GB', title: 'Lunch', bodyText: '<h2>Menu</h2><p>Soup</p>' }] }), [
      { path: '/mediaIds', base: [GUID_A], theirs: [] },
      { path: 'featureMediaId', base: GUID_A, theirs: null },
    ]],
  ])('%s', (_name, edit, base, answer, expected) => {
    expect(answerDifferences(edit, base, answer)).toEqual(expected);
  });

  it('notes the differences on the head of the sent batch only', () => {
    const head = entryOf(rename, { state: 'sent', base: user() });
    const tail = entryOf(rename, { state: 'sent', base: user() });
    const noted = noteAnswerDifferences([head, tail], rename, user({ name: 'Anna', gender: 'M' }));
    expect(noted[0]!.differences).toEqual([{ path: '/gender', base: 'F', theirs: 'M' }]);
    expect(noted[1]).toBe(tail);
    expect(noteAnswerDifferences([head], rename, user({ name: 'Anna' }))[0]).toBe(head);
  });
});
