import { describe, expect, it } from 'vitest';
import { afterRestart, planReconcile } from '../../../src-main/core/outbox/reconcile-plan.js';
import { categoryPatch, createBody, entryOf, GUID_A, MODULE, POST, TEMP, titlePatch, USER } from '../../shared/outbox/fixtures.js';

const AT = '2026-02-02T00:00:00.000Z';

describe('afterRestart', () => {
  it('queues a patch that was in flight and makes a create in flight uncertain', () => {
    const patch = entryOf(titlePatch(USER, 'a'), { state: 'sending' });
    const create = entryOf({ kind: 'createPost', moduleId: MODULE, tempId: TEMP, body: createBody() }, { state: 'sending' });
    expect(afterRestart(patch, AT)).toEqual({ ...patch, state: 'queued', updatedAt: AT, lastError: expect.objectContaining({ code: 'interrupted', message: expect.stringMatching(/may already be applied/) }) });
    expect(afterRestart(create, AT)).toMatchObject({ state: 'uncertain', updatedAt: AT, lastError: { code: 'interrupted' } });
    expect(afterRestart({ ...patch, state: 'queued' }, AT)).toBeNull();
  });
});

describe('planReconcile', () => {
  const a = entryOf(titlePatch(USER, 'a'));
  const b = entryOf(categoryPatch(POST, GUID_A));

  it('restores everything to a database that lost its outbox', () => {
    expect(planReconcile([{ entry: a }, { entry: b }], [], AT)).toEqual({ adopt: [], put: [a, b], settle: [] });
  });

  it('writes nothing when both agree', () => {
    expect(planReconcile([{ entry: a }], [a], AT)).toEqual({ adopt: [], put: [], settle: [] });
  });

  it('brings a lagging database up to the journal, a discard included', () => {
    const discarded = { ...a, state: 'discarded' as const, updatedAt: AT };
    expect(planReconcile([{ entry: discarded }], [a], AT).put).toEqual([discarded]);
  });

  it('installs a server answer the database never received', () => {
    const sent = { ...a, state: 'sent' as const, updatedAt: AT };
    const item = { entry: sent, serverRow: { id: USER, title: 'a' } };
    expect(planReconcile([item], [{ ...a, state: 'sending' }], AT)).toEqual({ adopt: [], put: [], settle: [item] });
    expect(planReconcile([item], [sent], AT).settle).toEqual([]);
  });

  it('adopts unsent entries only the database knows, as after a restart', () => {
    const lost = entryOf(titlePatch(USER, 'lost'), { state: 'sending' });
    const gone = entryOf(titlePatch(USER, 'gone'), { state: 'sent' });
    expect(planReconcile([], [lost, gone], AT).adopt).toEqual([expect.objectContaining({ id: lost.id, state: 'queued', updatedAt: AT })]);
  });
});
