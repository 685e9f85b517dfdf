import { FuseV1Options, FuseVersion, flipFuses } from '@electron/fuses';
import { join } from 'node:path';

/**
 * electron-builder's afterPack hook: flips Electron's fuses on the packed binary, so
 * the shipped app cannot be turned into a Node runtime, reads only its own ASAR (and
 * checks its integrity where Electron supports that: macOS, Windows), encrypts
 * cookies, and ignores NODE_OPTIONS and --inspect. Every fuse is set explicitly so a
 * new fuse in a future Electron fails the build until someone decides about it.
 */
export const fuseConfig = {
  version: FuseVersion.V1,
  strictlyRequireAllFuses: true,
  [FuseV1Options.RunAsNode]: false,
  [FuseV1Options.EnableCookieEncryption]: true,
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  // The app is served by its own app:// protocol; file: pages get no extra rights.
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
  [FuseV1Options.WasmTrapHandlers]: true,
};

/** The Electron binary (or .app bundle) that electron-builder just packed. */
export function packedBinaryPath(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  const name = packager.appInfo.productFilename;
  if (electronPlatformName === 'darwin' || electronPlatformName === 'mas') return join(appOutDir, `${name}.app`);
  if (electronPlatformName === 'win32') return join(appOutDir, `${name}.exe`);
  return join(appOutDir, packager.executableName);
}

/**
 * Flipping a fuse changes the binary under its ad-hoc signature. arm64 macOS refuses
 * to run such a binary, and x64 and universal builds that are later notarised or run
 * under Rosetta need a matching signature too: reset it for every darwin arch.
 */
export function flipOptions(context) {
  const darwin = context.electronPlatformName === 'darwin' || context.electronPlatformName === 'mas';
  return { ...fuseConfig, resetAdHocDarwinSignature: darwin };
}

export default async function afterPack(context) {
  await flipFuses(packedBinaryPath(context), flipOptions(context));
}
