import { describe, expect, it } from 'vitest';
import { parseSourceInput } from '../../../../src-main/core/sources/parse-source-input.js';
import { fillExample, sourceGuide, sourceParams, SOURCE_GUIDE, SOURCE_KINDS } from '../../../../src-shared/sources/index.js';

const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const C = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

describe('source input', () => {
  it.each([
    ['dataList', A, { dataListId: A }],
    ['dataList', `  ${A.toUpperCase()} `, { dataListId: A.toUpperCase() }],
    ['dataList', `https://portal.example/datalists/${A}/items`, { dataListId: A }],
    ['calendar', `${A} ${B}`, { moduleId: A, calendarId: B }],
    ['calendar', `https://portal.example/calendars/${B}?module=${A}`, { moduleId: A, calendarId: B }],
    ['calendar', `https://portal.example/calendarmodules/${A}/calendars/${B}/events/${C}`, { moduleId: A, calendarId: B }],
    ['contentPost', `https://portal.example/contentmodules/${A}/content/${B}`, { moduleId: A, contentId: B }],
    ['contentPost', `https://portal.example/#/news/${B}?moduleId=${A}`, { moduleId: A, contentId: B }],
    ['task', `https://portal.example/taskmanagementmodules/${A}/tasks/${B}`, { moduleId: A, taskId: B }],
    ['taskModule', `https://portal.example/taskmanagementmodules/${A}`, { moduleId: A }],
    ['survey', `https://portal.example/surveymodules/${A}/surveys/${B}`, { moduleId: A, surveyId: B }],
    ['serviceformModule', A, { moduleId: A }],
  ])('%s from %s', (kind, input, params) => {
    expect(parseSourceInput(kind, input)).toEqual({ kind, params });
  });

  it.each([
    ['dataList', 'not an id', /no id found/],
    ['dataList', `${A} ${B}`, /needs one id \(dataListId\), but 2 were found/],
    ['calendar', A, /needs 2 ids \(moduleId, calendarId\), but 1 were found/],
    ['calendar', `https://portal.example/x/${A}/y/${B}/z/${C}`, /but 3 were found/],
    ['users', A, /unknown source kind "users"/],
    ['dataList', 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa', /no id found/],
  ])('%s from %s is refused', (kind, input, message) => {
    expect(() => parseSourceInput(kind, input)).toThrow(message);
  });
});

describe('every link form the walkthrough shows as an example', () => {
  const ids = { moduleId: A, dataListId: B, calendarId: B, surveyId: B, taskId: B, contentId: B };
  const cases = SOURCE_GUIDE.flatMap((guide) => guide.examples.map((example) => [guide.kind, fillExample(example, ids)] as const));

  it('covers every kind', () => {
    expect(new Set(cases.map(([kind]) => kind))).toEqual(new Set(SOURCE_KINDS));
  });

  it.each(cases)('%s from %s', (kind, input) => {
    const expected = Object.fromEntries(sourceParams(kind).map((name) => [name, ids[name as keyof typeof ids]]));
    expect(parseSourceInput(kind, input)).toEqual({ kind, params: expected });
  });

  it('reads a link of another kind as refused, not as a wrong source', () => {
    expect(() => parseSourceInput('calendar', fillExample(sourceGuide('task').examples[0]!, ids))).toThrow(/names a task \("tasks"\), not a calendar/);
  });
});
