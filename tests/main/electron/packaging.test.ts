import { FuseV1Options, FuseVersion } from '@electron/fuses';
import { Ajv } from 'ajv';
import { load } from 'js-yaml';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flipOptions, fuseConfig, packedBinaryPath } from '../../../scripts/after-pack.mjs';

const root = resolve(import.meta.dirname, '../../..');
const config = load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;
const require = createRequire(import.meta.url);

let compiled: ReturnType<Ajv['compile']> | undefined;
/** Compiled once: the schema is large, and compiling it is most of this file's time. */
function builderSchemaValidator() {
  if (compiled) return compiled;
  const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8')) as object;
  // The schema marks hook options with a non-standard `typeof: "function"`; a YAML file cannot hold functions anyway.
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addKeyword({ keyword: 'typeof', validate: (type: string, data: unknown) => typeof data === type });
  compiled = ajv.compile(schema);
  return compiled;
}

describe('package.json', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  /** Packages the shipped app imports: main (core, electron glue), shared code and the embedded demo server. */
  function appImports(): Set<string> {
    const found = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (path.endsWith('.ts')) {
          for (const match of readFileSync(path, 'utf8').matchAll(/^import\s+(?!type\s)[^'"]*?['"]([^'"./][^'"]*)['"]/gm)) {
            const name = match[1]!.startsWith('@') ? match[1]!.split('/').slice(0, 2).join('/') : match[1]!.split('/')[0]!;
            if (!name.startsWith('node:') && name !== 'electron') found.add(name);
          }
        }
      }
    };
    for (const dir of ['src-main/core', 'src-main/electron', 'src-main/preload', 'src-shared', 'src-server']) walk(join(root, dir));
    return found;
  }

  it('lists as dependencies exactly what the shipped app imports (ws is the harness’s, a dev dependency)', () => {
    expect(Object.keys(pkg.dependencies).sort()).toEqual([...appImports()].sort());
    expect(pkg.dependencies).not.toHaveProperty('ws');
  });
});

describe('electron-builder.yml', () => {
  it('is valid against electron-builder’s own configuration schema', () => {
    const validate = builderSchemaValidator();
    const valid = validate(config);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('the schema check catches a wrong option (so the test above can fail)', () => {
    const validate = builderSchemaValidator();
    expect(validate({ ...config, linux: { target: 42 } })).toBe(false);
    expect(validate({ ...config, notAnOption: true })).toBe(false);
  });

  it('builds deb (first: its installer sets up the sandbox) and AppImage for Linux, NSIS for Windows, dmg for macOS, from an ASAR', () => {
    expect(config).toMatchObject({
      asar: true,
      linux: { target: ['deb', 'AppImage'] },
      win: { target: ['nsis'] },
      mac: { target: ['dmg'], hardenedRuntime: true },
    });
    expect(config['files']).toEqual(expect.arrayContaining(['out/**', 'package.json']));
  });

  it('flips the fuses in its afterPack hook, which exists', () => {
    expect(config['afterPack']).toBe('scripts/after-pack.mjs');
    expect(existsSync(join(root, String(config['afterPack'])))).toBe(true);
  });
});

describe('the sandbox', () => {
  it('is never switched off: no --no-sandbox in the packaging, the scripts or the app', () => {
    const files = ['electron-builder.yml', 'package.json', 'scripts/start.mjs', 'scripts/test-electron.mjs', 'src-main/electron/index.ts', 'src-main/electron/window-options.ts'];
    for (const file of files) expect(readFileSync(join(root, file), 'utf8'), file).not.toMatch(/no-sandbox|disable-setuid-sandbox/);
  });
});

describe('Electron fuses', () => {
  it('turns off Node escape hatches and turns on cookie encryption and ASAR-only, integrity-checked loading', () => {
    expect(fuseConfig).toMatchObject({
      version: FuseVersion.V1,
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableCookieEncryption]: true,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
    });
  });

  it('decides every fuse this @electron/fuses knows, so a new one is a reviewed change', () => {
    expect(fuseConfig.strictlyRequireAllFuses).toBe(true);
    const known = Object.values(FuseV1Options).filter((value) => typeof value === 'number');
    for (const fuse of known) expect(typeof (fuseConfig as Record<number, unknown>)[fuse as number]).toBe('boolean');
  });

  it.each([
    ['darwin', 3, true], // arm64
    ['darwin', 1, true], // x64
    ['darwin', 4, true], // universal
    ['mas', 3, true],
    ['linux', 3, false],
    ['win32', 1, false],
  ])('resets the ad-hoc signature after the flip on %s (arch %i): %s', (platform, arch, reset) => {
    expect(flipOptions({ electronPlatformName: platform, arch })).toEqual({ ...fuseConfig, resetAdHocDarwinSignature: reset });
  });

  it.each([
    ['linux', join('/d', 'linux-unpacked', 'outpost')],
    ['win32', join('/d', 'linux-unpacked', 'Outpost.exe')],
    ['darwin', join('/d', 'linux-unpacked', 'Outpost.app')],
  ])('finds the packed binary on %s', (platform, expected) => {
    const context = { appOutDir: join('/d', 'linux-unpacked'), electronPlatformName: platform, packager: { appInfo: { productFilename: 'Outpost' }, executableName: 'outpost' } };
    expect(packedBinaryPath(context)).toBe(expected);
  });
});
