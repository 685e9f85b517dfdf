import { describe, expect, it } from 'vitest';
import { createDexieMirrorStore, type SourceRecord } from '../../../../src-shared/store/index.js';
import { silentLogger } from '../../../../src-main/core/logger.js';
import { defaultSyncSettings } from '../../../../src-main/core/settings/sync-settings.js';
import { rootScopes, sourceScope } from '../../../../src-main/core/sync/scope-plan.js';
import { createScopeRegistry } from '../../../../src-main/core/sync/scope-registry.js';
import { openFakeDatabase } from '../../../helpers/fake-db.js';

const TASK = { moduleId: '11111111-1111-4111-8111-111111111111', taskId: '22222222-2222-4222-8222-222222222222' };
const source: SourceRecord = { id: sourceScope('task', TASK).scope, kind: 'task', params: TASK, label: null, addedAt: '2026-01-01T00:00:00.000Z' };

function setup(granted: readonly string[] | null = null) {
  const store = createDexieMirrorStore(openFakeDatabase());
  let changes = 0;
  const registry = createScopeRegistry({
    store,
    log: silentLogger,
    settings: () => defaultSyncSettings('remote'),
    grantedScopes: async () => granted,
    onChange: () => void (changes += 1),
  });
  return { registry, store, changes: () => changes };
}

describe('the scope registry', () => {
  it('plans the roots and the stored sources, and saves them', async () => {
    const { registry, store } = setup();
    await store.putSource(source);
    await registry.load();
    const expected = [...rootScopes().map((r) => r.scope), source.id].sort();
    expect(registry.states().map((s) => s.scope).sort()).toEqual(expected);
    expect((await store.getScopes()).map((s) => s.scope).sort()).toEqual(expected);
  });

  it('marks the lists the token may not read, and frees them for a token that may', async () => {
    const granted = ['svc.api.users:read'];
    const { registry } = setup(granted);
    await registry.load();
    const status = (scope: string) => registry.states().find((s) => s.scope === scope)?.status;
    expect(status('E20:')).toBe('queued');
    expect(status('E9:')).toBe('not-permitted');
    granted.push('svc.api.content:read');
    await registry.recheckPermissions();
    expect(status('E9:')).toBe('queued');
  });

  it('asks for scopes now, full when never mirrored, and skips the ones not permitted', async () => {
    const { registry } = setup(['svc.api.users:read']);
    await registry.load();
    expect(registry.force(['E20:', 'E9:', 'nothing'], false)).toBe(true);
    expect(registry.forcedMode('E20:')).toBe('full');
    expect(registry.forcedMode('E9:')).toBeUndefined();
    registry.started('E20:');
    expect(registry.forcedMode('E20:')).toBeUndefined();
    expect(registry.force(['nothing'], true)).toBe(false);
  });

  it('keeps the focus, and forgets a removed source with what was found below it', async () => {
    const { registry, store, changes } = setup();
    await registry.load();
    registry.focus(['E20:']);
    expect(registry.isFocused('E20:')).toBe(true);
    expect(registry.isFocused('E21:')).toBe(false);

    await registry.addSource(source);
    const task = registry.runtimes.get(source.id)!;
    await store.applyPage({ endpoint: 'E13', scope: source.id, pass: 'p', rows: [{ id: '33333333-3333-4333-8333-333333333333' }], quarantined: [], state: task.state });
    await registry.discover(task, true);
    const children = registry.states().filter((s) => s.parent === source.id);
    expect(children.map((s) => s.endpoint)).toEqual(['E17']);

    const before = changes();
    expect(await registry.removeSource(source.id)).toBe(true);
    expect(registry.runtimes.has(source.id)).toBe(false);
    expect(registry.states().filter((s) => s.parent === source.id)).toEqual([]);
    expect(changes()).toBeGreaterThan(before);
    expect(await registry.removeSource('E20:')).toBe(true);
    expect(registry.runtimes.has('E20:')).toBe(true);
  });
});
