import { describe, expect, it } from 'vitest';
import { BODY_LIMIT, htmlToPlainText, searchTextOf } from '../../../src-renderer/search/search-text.js';

const GUID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

describe('what search reads of a row', () => {
  it('reads names as the title and texts, values and comments as the body, HTML as plain text', () => {
    const row = {
      id: GUID,
      url: 'https://acme.example/api/x',
      customId: 'INV-042',
      locales: [{ culture: 'en-GB', title: 'Invoice policy', bodyText: '<p>Pay <b>within</b> 30&nbsp;days</p><script>evil()</script>' }],
      customFieldValues: [{ dataListCustomFieldId: GUID, type: 'Text', value: 'Finance' }],
      creationDateTime: '2024-01-01T10:00:00Z',
    };
    expect(searchTextOf(row)).toEqual({ title: 'INV-042 Invoice policy', body: 'Pay within 30 days Finance' });
  });

  it('has nothing to index in a row of ids, dates, numbers and states', () => {
    expect(searchTextOf({ courseLessonId: GUID, userId: GUID, courseLessonParticipationState: 'Completed', completionRate: 100, creationDateTime: '2024-01-01T10:00:00Z' })).toBeNull();
  });

  it('bounds a hostile body', () => {
    const text = searchTextOf({ locales: [{ text: 'x '.repeat(2_000_000) }] });
    expect(text!.body.length).toBeLessThanOrEqual(BODY_LIMIT);
  });

  it('reads six levels deep and the first 200 items or fields of each, no further', () => {
    const nested = { a: { b: { c: { d: { e: { text: 'deep enough', f: { text: 'too deep' } } } } } } };
    expect(searchTextOf(nested)).toEqual({ title: '', body: 'deep enough' });
    const items = searchTextOf({ comments: Array.from({ length: 300 }, (_, i) => `word${i}`) });
    expect(items!.body.split(' ')).toHaveLength(200);
    expect(items!.body.endsWith('word199')).toBe(true);
    const fields = searchTextOf(Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`field${i}`, `text${i}`])));
    expect(fields!.body.split(' ')).toHaveLength(200);
  });

  it('decodes entities and drops comments and styles', () => {
    expect(htmlToPlainText('a &lt;b&gt; &#233;t&#xE9; <!-- no --> <style>p{}</style>c')).toBe('a <b> été c');
  });
});
