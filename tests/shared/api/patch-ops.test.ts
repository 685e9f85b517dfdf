import { describe, expect, it } from 'vitest';
import { parseRequest, postPatchPaths, setOpOf, userPatchPaths } from '../../../src-shared/api/index.js';

/**
 * The op of every editable path, exactly as the document's E16 and E19 tables show
 * it. The client sends these ops, and the server refuses any other.
 */
const DOCUMENTED: Readonly<Record<'E16' | 'E19', Readonly<Record<string, { set: 'add' | 'replace'; remove: boolean }>>>> = {
  E16: {
    '/categoryId': { set: 'replace', remove: false },
    '/locales': { set: 'replace', remove: false },
    '/mediaIds': { set: 'replace', remove: false },
    '/permissions': { set: 'replace', remove: false },
    '/notifications': { set: 'replace', remove: false },
  },
  E19: {
    '/name': { set: 'add', remove: false },
    '/initials': { set: 'add', remove: false },
    '/registerNumber': { set: 'add', remove: false },
    '/dutyPlanNumber': { set: 'add', remove: false },
    '/customFields': { set: 'add', remove: false },
    '/phoneNumber': { set: 'replace', remove: false },
    '/gender': { set: 'replace', remove: false },
    '/imageId': { set: 'replace', remove: false },
    '/memberCardId': { set: 'replace', remove: false },
    '/cardNumber': { set: 'replace', remove: false },
    // The document shows only remove; setting a title uses replace (see userPatchPaths).
    '/title': { set: 'replace', remove: true },
  },
};

const TABLES = { E16: postPatchPaths, E19: userPatchPaths } as const;

describe('the patch op table', () => {
  it.each(['E16', 'E19'] as const)('%s declares exactly the documented paths', (id) => {
    expect(Object.keys(TABLES[id]).sort()).toEqual(Object.keys(DOCUMENTED[id]).sort());
  });

  const rows = (['E16', 'E19'] as const).flatMap((id) => Object.entries(DOCUMENTED[id]).map(([path, rule]) => [id, path, rule] as const));

  it.each(rows)('%s %s: set by %j', (id, path, rule) => {
    const table = TABLES[id];
    expect(setOpOf(table, path)).toBe(rule.set);
    const allowed = [rule.set, ...(rule.remove ? ['remove'] : [])].sort();
    expect([...table[path]!.ops].sort()).toEqual(allowed);
  });

  it.each(rows)('%s %s: the server refuses every other op', (id, path, rule) => {
    for (const op of ['add', 'replace', 'remove', 'move', 'copy', 'test']) {
      if (op === rule.set || (op === 'remove' && rule.remove)) continue;
      expect(() => parseRequest(id, [{ op, path, value: 'x', from: path }]), `${op} ${path}`).toThrow(/op must be/);
    }
  });

  it('knows no op for a path outside the table', () => {
    expect(setOpOf(userPatchPaths, '/email')).toBeUndefined();
    expect(setOpOf(userPatchPaths, 'constructor')).toBeUndefined();
    expect(setOpOf(postPatchPaths, '/name')).toBeUndefined();
  });
});
