import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importedPackages, shippedClosure } from '../../../scripts/make-licences.mjs';

/**
 * What the About view's licence list covers (scripts/make-licences.mjs): the runtime
 * dependencies, what the renderer bundle imports, and all they depend on. The licence
 * tool itself (license-checker-rseidelsohn, ~20 s) runs at build time, not here.
 */
const root = resolve(import.meta.dirname, '../../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

describe('shipped packages', () => {
  it('finds the renderer bundle’s imports, not type-only ones nor our own files', () => {
    const found = importedPackages([join(root, 'src-renderer')]);
    expect([...found]).toEqual(expect.arrayContaining(['vue', 'naive-ui', 'pinia', 'vue-router', 'dompurify']));
    expect([...found].some((name) => name.startsWith('.') || name.startsWith('node:'))).toBe(false);
  });

  it('follows dependencies as installed: every runtime dependency and what it needs', () => {
    const shipped = [...shippedClosure(root, Object.keys(pkg.dependencies)).keys()].map((key) => key.slice(0, key.lastIndexOf('@')));
    expect(shipped).toEqual(expect.arrayContaining([...Object.keys(pkg.dependencies), 'builder-util-runtime', 'semver']));
    expect(shipped).not.toContain('vitest');
  });
});
