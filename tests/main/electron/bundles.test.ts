import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { resolveConfig } from 'electron-vite';
import { build, mergeConfig, type InlineConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The built main and preload bundles, made with the project's own electron-vite
 * configuration into a temporary folder: what ships is what is measured.
 */
const root = resolve(import.meta.dirname, '../../..');
/** A few kilobytes: one channel name and a dozen lines. It was ~450 KB when the preload bundled the contract, zod and Dexie. */
const PRELOAD_MAX_BYTES = 4_096;

let out: string;
const bundles: Record<'main' | 'preload', string> = { main: '', preload: '' };

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'outpost-bundles-'));
  process.env['NODE_ENV_ELECTRON_VITE'] = 'production';
  const resolved = await resolveConfig({ root, configFile: join(root, 'electron.vite.config.ts'), logLevel: 'silent' }, 'build', 'production');
  for (const target of ['main', 'preload'] as const) {
    const config = resolved.config?.[target] as InlineConfig | undefined;
    if (!config) throw new Error(`no ${target} configuration`);
    await build(mergeConfig(config, { logLevel: 'silent', build: { outDir: join(out, target), emptyOutDir: true } }));
    const entry = (await readdir(join(out, target))).find((name) => /^index\.c?js$/.test(name))!;
    bundles[target] = await readFile(join(out, target, entry), 'utf8');
  }
}, 120_000);

afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

/** Every module a bundle loads: `require("x")` and `import … from "x"` / `import "x"`. */
function loadedModules(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)) found.add(match[1]!);
  for (const match of code.matchAll(/^import\s+(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/gm)) found.add(match[1]!);
  return [...found].sort();
}

describe('built bundles', () => {
  it('keeps the preload small: it loads only electron', () => {
    expect(loadedModules(bundles.preload)).toEqual(['electron']);
    expect(Buffer.byteLength(bundles.preload)).toBeLessThan(PRELOAD_MAX_BYTES);
    expect(bundles.preload).not.toMatch(/dexie|zod/i);
  });

  it('gives main no side-effect import of Dexie (its start-up code is the renderer’s)', () => {
    expect(bundles.main).not.toMatch(/^import\s+["']dexie["']/m);
    expect(loadedModules(bundles.main)).not.toContain('dexie');
    expect(loadedModules(bundles.main)).toContain('electron');
  });

  it('the module reader sees what it must (so the tests above can fail)', () => {
    expect(loadedModules('let e = require("electron");\nconst z = require("zod");')).toEqual(['electron', 'zod']);
    expect(loadedModules('import "dexie";\nimport { z } from "zod";')).toEqual(['dexie', 'zod']);
  });
});
