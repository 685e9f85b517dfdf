import { FuseV1Options, FuseVersion } from '@electron/fuses';
import { Ajv } from 'ajv';
import { load } from 'js-yaml';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fuseConfig, packedBinaryPath } from '../../../scripts/after-pack.mjs';

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

  it('builds AppImage and deb for Linux, NSIS for Windows, dmg for macOS, from an ASAR', () => {
    expect(config).toMatchObject({
      asar: true,
      linux: { target: ['AppImage', 'deb'] },
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
    ['linux', join('/d', 'linux-unpacked', 'outpost')],
    ['win32', join('/d', 'linux-unpacked', 'Outpost.exe')],
    ['darwin', join('/d', 'linux-unpacked', 'Outpost.app')],
  ])('finds the packed binary on %s', (platform, expected) => {
    const context = { appOutDir: join('/d', 'linux-unpacked'), electronPlatformName: platform, packager: { appInfo: { productFilename: 'Outpost' }, executableName: 'outpost' } };
    expect(packedBinaryPath(context)).toBe(expected);
  });
});
