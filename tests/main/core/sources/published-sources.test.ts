import { describe, expect, it } from 'vitest';
import { publishedSourceRecords } from '../../../../src-main/core/sources/published-sources.js';

const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

describe('published sources', () => {
  it('turns the /demo/sources document into source records', () => {
    const records = publishedSourceRecords(
      {
        dataLists: [{ dataListId: A, type: 'Custom' }],
        calendars: [{ moduleId: A, calendarId: B }],
        serviceformModules: [{ moduleId: A, stagesEnabled: false }],
        surveys: [{ moduleId: A, surveyId: B }],
        taskModules: [{ moduleId: B }],
        tasks: [{ moduleId: B, taskId: A }],
        contentPosts: [{ moduleId: A, contentId: B, commentsEnabled: true }],
        users: [A],
      },
      'now',
    );
    expect(records.map((r) => [r.kind, r.id])).toEqual([
      ['dataList', `E1:${A}`],
      ['calendar', `E4:${A}/${B}`],
      ['serviceformModule', `E12:${A}`],
      ['survey', `E11:${A}/${B}`],
      ['taskModule', `E14:${B}`],
      ['task', `E13:${B}/${A}`],
      ['contentPost', `E2:${A}/${B}`],
    ]);
  });

  it('accepts a partial document and refuses something else', () => {
    expect(publishedSourceRecords({ calendars: [] }, 'now')).toEqual([]);
    expect(() => publishedSourceRecords({ calendars: [{ moduleId: 'x' }] }, 'now')).toThrow();
  });
});
