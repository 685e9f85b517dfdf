import { describe, expect, it } from 'vitest';
import { OutboxCommandError } from '../../../src-main/core/outbox/outbox-command-error.js';
import { resolveStep } from '../../../src-main/core/outbox/resolve-entry.js';
import type { OutboxEdit, OutboxEntry, Row } from '../../../src-shared/outbox/index.js';
import { entryOf, titlePatch, USER } from '../../shared/outbox/fixtures.js';

const at = '2026-03-03T00:00:00.000Z';
const theirs: Row = { id: USER, title: 'Baker', name: 'Ann', customFields: { shoe: '39' } };
const twoPaths: OutboxEdit = {
  kind: 'patchUser',
  userId: USER,
  ops: [
    { op: 'replace', path: '/title', value: 'Chef' },
    { op: 'add', path: '/customFields', value: { shoe: '40', shirt: 'L' } },
  ],
};
function inConflict(edit: OutboxEdit, paths: string[]): OutboxEntry {
  return entryOf(edit, {
    state: 'conflict',
    base: { id: USER, title: 'Cook' },
    conflict: { theirs, differences: paths.map((path) => ({ path, base: 'x', theirs: 'y', mine: 'z' })) },
  });
}

describe('resolveStep', () => {
  it('keep mine: queued again in its place, based on their copy', () => {
    const entry = inConflict(titlePatch(USER, 'Chef'), ['/title']);
    const step = resolveStep(entry, { action: 'keep-mine' }, at);
    expect(step).toEqual({ ok: true, entry: expect.objectContaining({ id: entry.id, seq: entry.seq, state: 'queued', base: theirs, edit: entry.edit }) });
    expect(step.ok && step.entry.conflict).toBeUndefined();
  });

  it('take theirs: drops only the conflicting paths, or the whole edit when nothing is left', () => {
    const partly = resolveStep(inConflict(twoPaths, ['/title', '/customFields/shoe']), { action: 'take-theirs' }, at);
    expect(partly.ok && partly.entry).toMatchObject({ state: 'queued', base: theirs, edit: { ops: [{ op: 'add', path: '/customFields', value: { shirt: 'L' } }] } });
    const whole = resolveStep(inConflict(titlePatch(USER, 'Chef'), ['/title']), { action: 'take-theirs' }, at);
    expect(whole.ok && whole.entry.state).toBe('discarded');
  });

  it('revise: a refused edit takes the fixed operations, keeps its seq and clears the error', () => {
    const refused = entryOf(titlePatch(USER, 'Chef'), { state: 'needs-attention', lastError: { status: 400, code: 'bad-request', message: 'no', fields: [{ path: 'title', message: 'too long' }] } });
    const step = resolveStep(refused, { action: 'revise', ops: [{ op: 'replace', path: '/title', value: 'Cook' }], base: theirs }, at);
    expect(step.ok && step.entry).toMatchObject({ id: refused.id, seq: refused.seq, state: 'queued', lastError: null, base: theirs, edit: { ops: [{ op: 'replace', path: '/title', value: 'Cook' }] } });
  });

  it('revise: refuses operations the server would refuse, with field errors', () => {
    const refused = entryOf(titlePatch(USER, 'Chef'), { state: 'needs-attention' });
    const step = resolveStep(refused, { action: 'revise', ops: [{ op: 'replace', path: '/imageId', value: 'not-a-guid' }] }, at);
    expect(step.ok).toBe(false);
    expect(!step.ok && step.errors.map((e) => e.path)).toEqual(['imageId']);
  });

  it('refuses actions that do not fit the state', () => {
    const queued = entryOf(titlePatch(USER, 'Chef'));
    expect(() => resolveStep(queued, { action: 'keep-mine' }, at)).toThrow(OutboxCommandError);
    expect(() => resolveStep({ ...queued, state: 'sending' }, { action: 'revise', ops: [] }, at)).toThrow(OutboxCommandError);
    expect(() => resolveStep(queued, { action: 'dismiss-differences' }, at)).toThrow(OutboxCommandError);
    const sent = resolveStep({ ...queued, state: 'sent', differences: [] }, { action: 'dismiss-differences' }, at);
    expect(sent.ok && sent.entry.differencesReviewed).toBe(true);
  });
});
