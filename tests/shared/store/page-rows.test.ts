import { describe, expect, it } from 'vitest';
import { BadRowsError, pageRowCount, pageRows, scopeKey, type ApplyPageCommand, type ScopeState } from '../../../src-shared/store/index.js';
import { pageForWindow } from '../../../src-shared/store/mirror-store.js';

const scope = scopeKey('E20', {});
const state = { scope } as unknown as ScopeState;
const rows = [{ id: 'a', name: '夜勤 "x"' }, { id: 'b', name: null }];

describe("a page's rows as they cross the bridge", () => {
  it('go as the text main kept, when it kept it, and as the rows otherwise', () => {
    const command: ApplyPageCommand = { endpoint: 'E20', scope, pass: 'p', rows, rowsText: JSON.stringify(rows), quarantined: [], state };
    const sent = pageForWindow(command);
    expect(sent.rows).toEqual({ json: JSON.stringify(rows), count: 2 });
    expect('rowsText' in sent).toBe(false);
    expect(pageRowCount(sent.rows)).toBe(2);
    const { rowsText: _, ...plain } = command;
    expect(pageForWindow(plain)).toEqual(plain);
    expect(pageRowCount(plain.rows)).toBe(2);
  });

  it('are read once from their text, the same copy for every reader', () => {
    const text = { json: JSON.stringify(rows), count: 2 };
    const read = pageRows(text);
    expect(read).toEqual(rows);
    expect(pageRows(text)).toBe(read);
    expect(pageRows(rows)).toBe(rows);
  });

  it('refuse a text that is not the rows main checked, with a code main reads', () => {
    for (const json of ['[{"id":"a"}],"data":[{"id":"b"}]', '[{"id":"a"}]', '[{"id":"a"},5]', '{"id":"a"}', '[{"id":"a"},null]']) {
      let thrown: unknown;
      try {
        pageRows({ json, count: 2 });
      } catch (error) {
        thrown = error;
      }
      expect(thrown, json).toBeInstanceOf(BadRowsError);
      expect((thrown as BadRowsError).code).toBe('BadRows');
      expect((thrown as BadRowsError).name).toBe('BadRowsError');
    }
  });
});
