import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../src-shared/api/index.js';
import { scopeId, scopeKey } from '../../../src-shared/store/index.js';
import { relatedLists } from '../../../src-renderer/presentation/related.js';
import { scopeOwners } from '../../../src-renderer/presentation/references.js';
import { filterTargets, jumpTargets, scopeLabel } from '../../../src-renderer/presentation/jump-targets.js';
import { scopeState } from '../helpers/renderer-context.js';
import { guidOf } from '../helpers/rows.js';

describe('lists hanging off a row', () => {
  it('binds a form row to its stages, pages, feedback and score categories', () => {
    const moduleId = guidOf(1, 1);
    const formId = guidOf(2, 2);
    const related = relatedLists(endpoints.E12, { scope: scopeId(scopeKey('E12', { moduleId })), scopeKey: scopeKey('E12', { moduleId }), key: formId, pass: 'p', row: { id: formId }, k: {} });
    expect(related.map((r) => r.endpoint.id).sort()).toEqual(['E10', 'E15', 'E6', 'E7', 'E8']);
    const stages = related.find((r) => r.endpoint.id === 'E6')!;
    expect(stages.scope).toBe(scopeKey('E6', { moduleId, formId }));
    expect(stages.to).toEqual({ path: '/forms/stages', query: { scope: stages.scope } });
  });

  it('opens a post’s comments from the post’s module and id', () => {
    const moduleId = guidOf(1, 1);
    const postId = guidOf(3, 3);
    const related = relatedLists(endpoints.E3, { scope: scopeId(scopeKey('E3', { moduleId })), scopeKey: scopeKey('E3', { moduleId }), key: postId, pass: '', row: { id: postId }, k: {} });
    expect(related).toHaveLength(1);
    expect(related[0]!.scope).toBe(scopeKey('E2', { moduleId, contentId: postId }));
    expect(related[0]!.to.path).toBe('/content/comments');
  });

  it('offers nothing when the parameters cannot be bound', () => {
    expect(relatedLists(endpoints.E3, { scope: scopeId('not-a-scope'), scopeKey: 'not-a-scope', key: 'x', pass: '', row: {}, k: {} })).toEqual([]);
    expect(relatedLists(endpoints.E20, { scope: scopeId('E20:'), scopeKey: 'E20:', key: 'x', pass: '', row: { id: 'x' }, k: {} })).toEqual([]);
  });
});

describe('jump targets', () => {
  const calendar = scopeState('E4', { moduleId: guidOf(4, 1), calendarId: guidOf(4, 2) }, 1234);
  const sources = [{ id: calendar.scope, kind: 'calendar' as const, params: calendar.params, label: 'Summer party', addedAt: '2025-01-01T00:00:00Z' }];

  it('name scopes by their source label, else by endpoint and ids', () => {
    expect(scopeLabel(calendar, sources)).toBe('Summer party');
    expect(scopeLabel(calendar, [])).toBe('List participations · 00000004 / 00000004');
  });

  it('include every list, the fixed pages and every scope, and filter by words', () => {
    const targets = jumpTargets([calendar], sources);
    expect(targets.map((t) => t.to)).toContain('/people/groups');
    expect(targets.map((t) => t.to)).toContain('/settings');
    const found = filterTargets(targets, 'summer');
    expect(found[0]).toMatchObject({ label: 'Calendars › Summer party', to: `/calendars?scope=${encodeURIComponent(calendar.scope)}` });
    expect(filterTargets(targets, 'people groups').map((t) => t.to)).toEqual(['/people/groups']);
    expect(filterTargets(targets, 'zzz')).toEqual([]);
  });
});

describe('what a row belongs to', () => {
  it('names the form, post or subtask of its scope, and nothing else', () => {
    expect(scopeOwners({ moduleId: 'm', formId: 'f' })).toEqual([{ param: 'formId', table: 'forms', id: 'f' }]);
    expect(scopeOwners({ moduleId: 'm', contentId: 'c' })).toEqual([{ param: 'contentId', table: 'posts', id: 'c' }]);
    expect(scopeOwners({ moduleId: 'm', taskId: 't', subtaskId: 's' }).map((o) => o.table)).toEqual(['subtasks']);
    expect(scopeOwners({ dataListId: 'd' })).toEqual([]);
  });
});
