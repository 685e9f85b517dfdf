import { describe, expect, it } from 'vitest';
import { sourceGuide, type SourceCheck, type SourceProbeAnswer } from '../../../src-shared/sources/index.js';
import { answerView } from '../../../src-renderer/sources/source-answer.js';

const task = { moduleId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', taskId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb' };
const check = (answer: SourceProbeAnswer): SourceCheck => ({ id: 'E13:x', kind: 'task', params: task, alreadyAdded: false, answer });

describe('the words of a source check', () => {
  it.each([
    [{ status: 'found', rows: 12, more: false, sample: ['Check ladder', 'Sign log'] }, null, 'success', 'Found: Task bbbbbbbb, 12 subtasks', 'First: Check ladder, Sign log'],
    [{ status: 'found', rows: 1, more: false, sample: [] }, 'Night shift', 'success', 'Found: Night shift, 1 subtask', null],
    [{ status: 'found', rows: 1000, more: true, sample: [] }, null, 'success', 'Found: Task bbbbbbbb, more than 1,000 subtasks', null],
    [{ status: 'not-found', message: 'No task with id b… exists.' }, null, 'error', 'Not found: Task bbbbbbbb', 'No task with id b… exists.'],
    [{ status: 'not-permitted', message: 'lacks the scope' }, null, 'error', 'Not permitted: Task bbbbbbbb', 'lacks the scope'],
    [{ status: 'unavailable', message: 'comments are off' }, null, 'warning', 'Cannot be listed: Task bbbbbbbb', 'comments are off'],
    [{ status: 'unchecked', message: 'offline' }, null, 'info', 'Not checked: Task bbbbbbbb', 'offline'],
  ] as const)('%o', (answer, name, tone, title, detail) => {
    expect(answerView(sourceGuide('task'), check(answer as SourceProbeAnswer), name)).toEqual({ tone, title, detail });
  });
});
