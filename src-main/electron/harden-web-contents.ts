import type { Session, Shell, WebContents } from 'electron';
import { decideNavigation, decideWindowOpen } from './navigation-policy.js';
import { isPermissionGranted } from './permission-policy.js';

/**
 * Connects the navigation and permission policies to a window's events. Every
 * decision is made by the pure policy functions; this file only wires them.
 */
export function hardenWebContents(
  contents: WebContents,
  options: { readonly appOrigins: readonly string[]; readonly shell: Pick<Shell, 'openExternal'>; readonly log?: (message: string) => void },
): void {
  const { appOrigins, shell, log } = options;
  const openOutside = (url: string) => {
    void shell.openExternal(url).catch(() => log?.(`could not open an external link`));
  };
  const guard = (event: { preventDefault(): void }, url: string) => {
    const decision = decideNavigation(url, appOrigins);
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'open-external') openOutside(url);
    else log?.(`blocked a navigation to a ${schemeOf(url)} URL`);
  };
  contents.on('will-navigate', (event, url) => guard(event, url));
  contents.on('will-redirect', (event, url) => guard(event, url));
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame) guard(event, event.url);
  });
  contents.setWindowOpenHandler(({ url }) => {
    if (decideWindowOpen(url) === 'open-external') openOutside(url);
    else log?.(`blocked a new window for a ${schemeOf(url)} URL`);
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** Denies every permission the policy does not grant, for requests and checks alike. */
export function hardenSession(session: Session, appOrigins: readonly string[]): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    callback(isPermissionGranted(permission, details.requestingUrl ?? contents.getURL(), appOrigins));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionGranted(permission, requestingOrigin, appOrigins),
  );
  session.setDevicePermissionHandler(() => false);
}

function schemeOf(url: string): string {
  const colon = url.indexOf(':');
  return colon > 0 && colon < 20 ? url.slice(0, colon) : 'malformed';
}
