import { join } from 'node:path';

/**
 * Where the generated PNG icons are at run time: beside the packed app
 * (`resources/icons`, electron-builder.yml's extraResources) or, unpackaged, in
 * build/icons where `npm run icons` writes them.
 */
export function iconDir(options: { readonly packaged: boolean; readonly resourcesPath: string; readonly appRoot: string }): string {
  return options.packaged ? join(options.resourcesPath, 'icons') : join(options.appRoot, 'build', 'icons');
}

/**
 * The window icon (Linux and Windows read it; macOS shows the bundle's .icns) and the
 * tray image: a 32 px image that each desktop scales to its tray (macOS's menu bar
 * wants 16 pt, so it is asked at half size there).
 */
export function iconFiles(dir: string, platform: NodeJS.Platform): { readonly window: string | null; readonly tray: string; readonly traySize: number } {
  return {
    window: platform === 'darwin' ? null : join(dir, '256x256.png'),
    tray: join(dir, '32x32.png'),
    traySize: platform === 'darwin' ? 16 : platform === 'win32' ? 16 : 24,
  };
}
