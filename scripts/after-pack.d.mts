import type { FuseV1Config } from '@electron/fuses';

interface PackContext {
  appOutDir: string;
  electronPlatformName: string;
  arch: number;
  packager: { appInfo: { productFilename: string }; executableName: string };
}

export declare const fuseConfig: FuseV1Config & { strictlyRequireAllFuses: true };
export declare function packedBinaryPath(context: Omit<PackContext, 'arch'>): string;
export declare function flipOptions(context: Pick<PackContext, 'electronPlatformName' | 'arch'>): FuseV1Config & { resetAdHocDarwinSignature: boolean };
export default function afterPack(context: PackContext): Promise<void>;
