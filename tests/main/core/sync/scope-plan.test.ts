import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../../src-shared/api/index.js';
import { childScopes, hasChildren, permissionOf, rootScopes, sourceScope } from '../../../../src-main/core/sync/scope-plan.js';

const M = '11111111-1111-4111-8111-111111111111';
const F1 = '22222222-2222-4222-8222-222222222222';
const F2 = '33333333-3333-4333-8333-333333333333';

describe('scope plan', () => {
  it('always syncs the lists without parameters', () => {
    expect(rootScopes().map((s) => s.scope).sort()).toEqual(['E18:', 'E20:', 'E21:', 'E9:']);
  });

  it('roots a source kind at its list', () => {
    expect(sourceScope('calendar', { moduleId: M, calendarId: F1 }).scope).toBe(`E4:${M}/${F1}`);
    expect(sourceScope('taskModule', { moduleId: M }).scope).toBe(`E14:${M}`);
  });

  it('discovers the lists of every form and of every subtask', () => {
    const forms = childScopes('E12', { moduleId: M }, [{ id: F1 }, { id: F2 }, { id: null }]);
    expect(forms.map((s) => s.scope).sort()).toEqual(
      ['E6', 'E7', 'E8', 'E10', 'E15'].flatMap((e) => [`${e}:${M}/${F1}`, `${e}:${M}/${F2}`]).sort(),
    );
    const completions = childScopes('E13', { moduleId: M, taskId: F1 }, [{ id: F2 }]);
    expect(completions).toEqual([{ scope: `E17:${M}/${F1}/${F2}`, endpoint: 'E17', params: { moduleId: M, taskId: F1, subtaskId: F2 } }]);
    expect(hasChildren('E12') && hasChildren('E13') && !hasChildren('E4')).toBe(true);
  });

  it('says why a token may not read a list, from its scopes', () => {
    expect(permissionOf(endpoints.E20, ['svc.api.users:read'], 'svc.api')).toBeNull();
    expect(permissionOf(endpoints.E20, ['svc.api:read'], 'svc.api')).toBeNull();
    expect(permissionOf(endpoints.E20, ['svc.api.training'], 'svc.api')).toMatch(/svc\.api\.users:read/);
    expect(permissionOf(endpoints.E20, ['acme.users'], 'acme')).toBeNull();
    expect(permissionOf(endpoints.E20, null, 'svc.api')).toBeNull();
  });
});
