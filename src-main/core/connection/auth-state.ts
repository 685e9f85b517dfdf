import type { Logger } from '../logger.js';
import type { RequestGate } from '../http/request-gate.js';
import { AUTH_HOLD } from '../http/request-runner.js';

/** What the user is told when the workspace refuses the token and no new one can be had. */
export const AUTH_NOTICE = 'The workspace refused the access token: enter a new one to continue syncing and sending queued edits.';

export interface AuthStateOptions {
  /** Drops the refused token and tries for a new one; resolves true when one was had. */
  readonly renew: () => Promise<boolean>;
  readonly gate: Pick<RequestGate, 'hold'>;
  readonly log: Logger;
  /** Tells the user (once per refusal, not once per request). */
  readonly notice: (message: string) => void;
  /** Whether sign-in is needed changed (the status bar). */
  readonly onChange?: () => void;
}

/**
 * The one policy for a refused token, reads and writes alike: renew it; when no new
 * one can be had, every request waits (the gate is held) until the user gives one,
 * and the user is told once.
 */
export interface AuthState {
  /**
   * A request was answered 401. Requests refused together share one renewal.
   * @returns true when a new token was had (send the request again).
   */
  refused(): Promise<boolean>;
  /** True while the workspace waits for the user's new token. */
  needed(): boolean;
  /** The user gave a new secret: requests go again. */
  signedIn(): void;
}

export function createAuthState(options: AuthStateOptions): AuthState {
  let needed = false;
  let renewing: Promise<boolean> | null = null;

  async function renewOnce(): Promise<boolean> {
    const renewed = await options.renew().catch(() => false);
    if (renewed) return true;
    options.gate.hold(AUTH_HOLD, true);
    if (!needed) {
      needed = true;
      options.log.warn('the workspace refused the token; waiting for a new one');
      options.notice(AUTH_NOTICE);
      options.onChange?.();
    }
    return false;
  }

  return {
    refused() {
      renewing ??= renewOnce().finally(() => {
        renewing = null;
      });
      return renewing;
    },
    needed: () => needed,
    signedIn() {
      needed = false;
      options.gate.hold(AUTH_HOLD, false);
      options.onChange?.();
    },
  };
}
