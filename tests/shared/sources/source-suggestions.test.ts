import { describe, expect, it } from 'vitest';
import { sourceSuggestions, type SuggestionInput, type SuggestionScope } from '../../../src-shared/sources/index.js';

const M = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const T = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const S = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const P = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const M2 = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';

const input = (over: Partial<SuggestionInput>): SuggestionInput => ({ scopes: [], rows: [], known: new Set(), ...over });

describe('sources the mirrored data names', () => {
  it('offers the module of an added task, once, for its categories', () => {
    const scopes: SuggestionScope[] = [
      { scope: `E13:${M}/${T}`, endpoint: 'E13', params: { moduleId: M, taskId: T } },
      { scope: `E17:${M}/${T}/${S}`, endpoint: 'E17', params: { moduleId: M, taskId: T, subtaskId: S } },
    ];
    expect(sourceSuggestions(input({ scopes }))).toEqual([
      { id: `E14:${M}`, kind: 'taskModule', params: { moduleId: M }, input: M, name: null, reason: 'the module of a task you added' },
    ]);
  });

  it('offers posts known locally for their comments, named by their title', () => {
    const rows = [
      { scopeKey: `E3:${M2}`, row: { id: P, locales: [{ culture: 'en', title: null }, { culture: 'nl', title: 'Nieuws' }] } },
      { scopeKey: `E3:${M2}`, row: { id: P } },
    ];
    expect(sourceSuggestions(input({ rows }))).toEqual([
      { id: `E2:${M2}/${P}`, kind: 'contentPost', params: { moduleId: M2, contentId: P }, input: `${M2} ${P}`, name: 'Nieuws', reason: 'a post mirrored here (for its comments)' },
    ]);
  });

  it('offers the survey a survey instance names', () => {
    const rows = [{ scopeKey: `E11:${M}/${T}`, row: { id: P, surveyId: S } }];
    expect(sourceSuggestions(input({ rows })).map((s) => s.id)).toEqual([`E11:${M}/${S}`]);
  });

  it('never offers what is already added or was removed', () => {
    const scopes = [{ scope: `E13:${M}/${T}`, endpoint: 'E13', params: { moduleId: M, taskId: T } }];
    const rows = [{ scopeKey: `E3:${M2}`, row: { id: P } }, { scopeKey: `E11:${M}/${S}`, row: { surveyId: S } }];
    expect(sourceSuggestions(input({ scopes, rows, known: new Set([`E14:${M}`, `E2:${M2}/${P}`, `E11:${M}/${S}`]) }))).toEqual([]);
  });

  it.each([
    ['a post without an id', { scopeKey: `E3:${M2}`, row: { locales: [] } }],
    ['a survey instance without its survey', { scopeKey: `E11:${M}/${T}`, row: { surveyId: '' } }],
    ['rows of a list that names no source', { scopeKey: `E4:${M}/${T}`, row: { eventId: S, userId: P } }],
    ['a row whose scope key does not parse', { scopeKey: 'E3:', row: { id: P } }],
  ])('guesses nothing from %s', (_what, row) => {
    expect(sourceSuggestions(input({ rows: [row] }))).toEqual([]);
  });
});
