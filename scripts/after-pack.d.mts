import type { FuseV1Config } from '@electron/fuses';

export declare const fuseConfig: FuseV1Config & { strictlyRequireAllFuses: true };
export declare function packedBinaryPath(context: {
  appOutDir: string;
  electronPlatformName: string;
  packager: { appInfo: { productFilename: string }; executableName: string };
}): string;
export default function afterPack(context: {
  appOutDir: string;
  electronPlatformName: string;
  arch: number;
  packager: { appInfo: { productFilename: string }; executableName: string };
}): Promise<void>;
