import { COMMAND_NAMES, type Bridge, type CommandName, type Result } from '../../src-shared/bridge/index.js';

/**
 * Calls a command this build of main may not offer yet (the contract grows as main
 * does). An unknown name answers `NotAvailable` instead of reaching main.
 */
export function callOptional(bridge: Bridge, name: string, arg: unknown, what: string): Promise<Result<unknown>> {
  if (!(COMMAND_NAMES as readonly string[]).includes(name)) {
    return Promise.resolve({ ok: false, error: { code: 'NotAvailable', message: `${what} is not available in this version of the app` } });
  }
  return bridge.call(name as CommandName, arg as never) as Promise<Result<unknown>>;
}
