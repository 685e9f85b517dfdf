import { describe, expect, it } from 'vitest';
import { createDirectory } from '../../../src-renderer/people/user-directory.js';

const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const C = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

describe('the user directory', () => {
  it('gathers every mention of a user, where it was seen, and a name where a list carries one', () => {
    const d = createDirectory();
    d.note(A, 'Lesson participations');
    d.note(A.toUpperCase(), 'Completions');
    d.note(A, 'Completions');
    d.mentions({ mentions: [{ type: 'User', id: B, name: 'Bea' }, { type: 'User group', id: C, name: 'Night shift' }, { type: 'Department', id: C, name: 'Depot' }] }, 'Mentioned in comments');
    d.record({ id: B, name: 'Beatrice' }, 'User record');
    d.note('not-a-guid', 'Comments');
    expect(d.list()).toEqual([
      { id: B, name: 'Beatrice', seenIn: ['Mentioned in comments', 'User record'], hasRecord: true },
      { id: A, name: null, seenIn: ['Lesson participations', 'Completions'], hasRecord: false },
    ]);
  });
});
