import { describe, expect, it } from 'vitest';
import { conflictDifferences, conflictsInRun } from '../../../src-main/core/outbox/conflict-check.js';
import type { OutboxEdit, Row } from '../../../src-shared/outbox/index.js';
import { categoryPatch, entryOf, GUID_A, GUID_B, MODULE, POST, titlePatch, USER } from '../../shared/outbox/fixtures.js';

const user = (changes: Row = {}): Row => ({ id: USER, name: 'Ann', title: 'Cook', gender: 'F', customFields: { shoe: '38', shirt: 'M' }, ...changes });
const post = (changes: Row = {}): Row => ({
  id: POST,
  categoryId: GUID_A,
  locales: [{ culture: 'en-GB', title: 'Menu', bodyText: '<p>Soup <strong>today</strong></p>' }],
  ...changes,
});
const localesPatch = (title: string, bodyText: string): OutboxEdit => ({
  kind: 'patchPost',
  moduleId: MODULE,
  contentId: POST,
  ops: [{ op: 'replace', path: '/locales', value: [{ culture: 'en-GB', title, bodyText }] }],
});
const customPatch = (value: Record<string, string>): OutboxEdit => ({ kind: 'patchUser', userId: USER, ops: [{ op: 'add', path: '/customFields', value }] });

describe('conflictDifferences', () => {
  it.each([
    ['no newer copy', titlePatch(USER, 'Chef'), user(), null, []],
    ['the same copy', titlePatch(USER, 'Chef'), user(), user(), []],
    ['another path changed', titlePatch(USER, 'Chef'), user(), user({ gender: 'M' }), []],
    ['the replaced path changed', titlePatch(USER, 'Chef'), user(), user({ title: 'Baker' }), [{ path: '/title', base: 'Cook', theirs: 'Baker', mine: 'Chef' }]],
    ['both sides chose the same value', titlePatch(USER, 'Chef'), user(), user({ title: 'Chef' }), []],
    ['the base did not know the field (a user known by id)', titlePatch(USER, 'Chef'), { id: USER }, user({ title: 'Baker' }), []],
    ['a custom field the patch sets changed', customPatch({ shoe: '40' }), user(), user({ customFields: { shoe: '39', shirt: 'M' } }), [{ path: '/customFields/shoe', base: '38', theirs: '39', mine: '40' }]],
    ['only a custom field the patch leaves changed', customPatch({ shoe: '40' }), user(), user({ customFields: { shoe: '38', shirt: 'L' } }), []],
    ['a category changed', categoryPatch(POST, GUID_B), post(), post({ categoryId: null }), [{ path: '/categoryId', base: GUID_A, theirs: null, mine: GUID_B }]],
    // The base's body went out as Markdown and came back as the server's HTML: the same words.
    ['a body only re-rendered', localesPatch('New', 'Soup **today**'), post(), post({ locales: [{ culture: 'en-GB', title: 'Menu', bodyText: '<p>Soup <b>today</b></p>\n' }] }), []],
    ['a title changed', localesPatch('New', 'Soup **today**'), post(), post({ locales: [{ culture: 'en-GB', title: 'Lunch', bodyText: '<p>Soup <strong>today</strong></p>' }] }), [
      {
        path: '/locales',
        base: [{ culture: 'en-GB', title: 'Menu', bodyText: 'Soup today' }],
        theirs: [{ culture: 'en-GB', title: 'Lunch', bodyText: 'Soup today' }],
        mine: [{ culture: 'en-GB', title: 'New', bodyText: 'Soup today' }],
      },
    ]],
  ])('%s', (_name, edit, base, theirs, expected) => {
    expect(conflictDifferences(entryOf(edit, { base }), theirs)).toEqual(expected);
  });

  it('never stops a create or a patch without a base', () => {
    expect(conflictDifferences(entryOf(titlePatch(USER, 'Chef')), user({ title: 'Baker' }))).toEqual([]);
    expect(conflictDifferences(entryOf(titlePatch(USER, 'Chef'), { base: null }), user({ title: 'Baker' }))).toEqual([]);
  });
});

describe('conflictsInRun', () => {
  const at = '2026-02-02T00:00:00.000Z';

  it('checks each queued patch against the server copy with the earlier edits on top', () => {
    // The user saw their own first edit when making the second: no conflict with it.
    const first = entryOf(titlePatch(USER, 'Chef'), { base: user(), state: 'needs-attention' });
    const second = entryOf(titlePatch(USER, 'Head chef'), { base: user({ title: 'Chef' }) });
    expect(conflictsInRun([first, second], user(), at)).toEqual([]);
    // The server's title changed under a queued edit: it stops, with what it saw.
    const lone = entryOf(titlePatch(USER, 'Head chef'), { base: user() });
    const [stopped] = conflictsInRun([lone], user({ title: 'Baker' }), at);
    expect(stopped).toMatchObject({ id: lone.id, seq: lone.seq, state: 'conflict', updatedAt: at, conflict: { theirs: user({ title: 'Baker' }) } });
    expect(stopped!.conflict!.differences.map((d) => d.path)).toEqual(['/title']);
  });

  it('stops nothing without a newer copy, and leaves entries that are not queued alone', () => {
    const entry = entryOf(titlePatch(USER, 'Chef'), { base: user() });
    expect(conflictsInRun([entry], null, at)).toEqual([]);
    expect(conflictsInRun([{ ...entry, state: 'sending' }], user({ title: 'Baker' }), at)).toEqual([]);
  });
});
