/**
 * Electronegativity findings we accept, each with its reason. The scan fails on any
 * finding not listed here; the README's security section repeats this list.
 */
export interface AllowedFinding {
  readonly issue: string;
  readonly file: string;
  readonly reason: string;
}

export const ALLOWED_FINDINGS: readonly AllowedFinding[] = [
  {
    issue: 'CSP_GLOBAL_CHECK',
    file: 'src-renderer/index.html',
    reason:
      "The policy keeps style-src 'unsafe-inline' (Vue style bindings and the widget library set inline styles) and " +
      "img-src outpost-media: (local copies of media; remote images are never loaded). Scripts are never inline or remote (script-src 'self'), " +
      "and objects, frames and base URLs are 'none'. The app:// protocol sends the same policy as a header.",
  },
  {
    issue: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'src-main/electron/harden-web-contents.ts',
    reason:
      'Reviewed: shell.openExternal is reached only for URLs that isSafeExternalUrl accepts (http, https or mailto, ' +
      'no credentials), a table-tested pure function; every other scheme is refused.',
  },
];
