import { isAppUrl } from './app-origin.js';

/** What main knows of the frame an IPC message came from. */
export interface SenderFrame {
  readonly url: string;
  /** Null for the top-level frame. */
  readonly parent: unknown;
}

/**
 * An IPC message is trusted only when it comes from the top frame of our window and
 * that frame shows one of the app's own pages. A frame can be null when it navigated
 * or was destroyed while the message was in flight: not trusted.
 */
export function isTrustedSender(frame: SenderFrame | null | undefined, appOrigins: readonly string[]): boolean {
  if (!frame) return false;
  return frame.parent === null && isAppUrl(frame.url, appOrigins);
}
