import { describe, expect, it } from 'vitest';
import { isWorkspaceId, LEGACY_DATABASE_NAME, newWorkspaceId, workspaceStorage } from '../../../src-shared/workspaces/index.js';

describe('workspaceStorage', () => {
  it('names a folder, a database and vault entries of the workspace alone', () => {
    expect(workspaceStorage('acme-k3x9z1')).toEqual({
      folder: 'workspaces/acme-k3x9z1',
      databaseName: 'outpost-ws-acme-k3x9z1',
      vault: { token: 'workspace.acme-k3x9z1.token', clientSecret: 'workspace.acme-k3x9z1.client-secret' },
    });
  });

  it('gives two workspaces nothing in common', () => {
    const a = workspaceStorage('acme-1');
    const b = workspaceStorage('acme-10');
    expect(a.folder).not.toBe(b.folder);
    expect(b.folder.startsWith(`${a.folder}/`)).toBe(false);
    expect(a.databaseName).not.toBe(b.databaseName);
    expect(Object.values(a.vault).some((name) => Object.values(b.vault).includes(name))).toBe(false);
  });

  it('keeps a migrated single-workspace profile where it was', () => {
    const legacy = workspaceStorage('acme-1', true);
    expect(legacy.folder).toBe('');
    expect(legacy.databaseName).toBe(LEGACY_DATABASE_NAME);
    expect(legacy.vault.token).toBe('workspace.acme-1.token');
  });

  it.each(['', '../etc', 'a/b', 'Acme', 'a b', '-lead', 'x'.repeat(41), 'a.b'])('refuses the id %j', (id) => {
    expect(isWorkspaceId(id)).toBe(false);
    expect(() => workspaceStorage(id)).toThrow(TypeError);
  });
});

describe('newWorkspaceId', () => {
  const fixed = (values: number[]) => () => values.shift() ?? 0.5;

  it('reads as its address, with a suffix', () => {
    const id = newWorkspaceId('https://Acme.Workplace.example:8443/x', fixed([0.25]), new Set());
    expect(id).toMatch(/^acme-workplace-example-[0-9a-z]{6}$/);
    expect(isWorkspaceId(id)).toBe(true);
  });

  it('names the demo, and never repeats an id in use', () => {
    const first = newWorkspaceId(null, fixed([0.1]), new Set());
    expect(first).toMatch(/^demo-/);
    const second = newWorkspaceId(null, fixed([0.1, 0.9]), new Set([first]));
    expect(second).not.toBe(first);
    expect(isWorkspaceId(second)).toBe(true);
  });
});
