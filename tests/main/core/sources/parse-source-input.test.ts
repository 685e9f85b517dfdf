import { describe, expect, it } from 'vitest';
import { parseSourceInput } from '../../../../src-main/core/sources/parse-source-input.js';

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
