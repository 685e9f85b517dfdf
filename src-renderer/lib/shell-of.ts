import type { Bridge, ShellBridge } from '../../src-shared/bridge/index.js';

/**
 * The desktop shell's commands where the app runs in Electron (the bridge carries them
 * there), or null in the browser harness, which has no shell.
 */
export function shellOf(bridge: Bridge): ShellBridge | null {
  return (bridge as Bridge & { readonly shell?: ShellBridge }).shell ?? null;
}

/** Chromium's version from the page's own user agent (the harness's browser, where main knows none). */
export function chromiumFromUserAgent(userAgent: string): string | null {
  return /Chrom(?:e|ium)\/([\d.]+)/.exec(userAgent)?.[1] ?? null;
}
