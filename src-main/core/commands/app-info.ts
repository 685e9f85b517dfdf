import type { AppInfo } from '../../../src-shared/bridge/index.js';

export const APP_VERSION = '0.1.0';

/** What the window's title bar and the About box show: the workspace by its host. */
export function appInfo(mode: AppInfo['mode'], baseUrl: string, shell: AppInfo['shell']): AppInfo {
  let workspaceName = 'Demo workspace';
  if (mode === 'remote') {
    try {
      workspaceName = new URL(baseUrl).host;
    } catch {
      workspaceName = baseUrl;
    }
  }
  return { mode, workspaceName, baseUrl, version: APP_VERSION, shell };
}
