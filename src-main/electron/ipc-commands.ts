import type { IpcMain, IpcMainInvokeEvent } from 'electron';
import {
  COMMAND_NAMES,
  SHELL_COMMAND_NAMES,
  dispatchCommand,
  type CommandHandlers,
  type Result,
  type ShellCommandHandlers,
} from '../../src-shared/bridge/index.js';
import { dispatchShellCommand } from './dispatch-shell-command.js';
import type { SenderFrame } from './sender-policy.js';

type InvokeIpc = Pick<IpcMain, 'handle' | 'removeHandler'>;

const FORBIDDEN: Result<never> = { ok: false, error: { code: 'Forbidden', message: 'the sender is not the app window' } };

/**
 * One `invoke` handler per command of the contract (and of the shell contract). Each
 * checks the sender frame first, then validates the argument through the dispatcher.
 * Handlers are looked up at call time because the services change when the user
 * connects to another workspace. Returns a function that removes them all.
 */
export function registerCommandHandlers(
  ipc: InvokeIpc,
  options: {
    readonly isTrusted: (frame: SenderFrame | null | undefined) => boolean;
    readonly commands: () => CommandHandlers;
    readonly shellCommands: ShellCommandHandlers;
  },
): () => void {
  const { isTrusted, commands, shellCommands } = options;
  const guarded = (dispatch: (arg: unknown) => Promise<Result<unknown>>) => (event: IpcMainInvokeEvent, arg: unknown) =>
    isTrusted(event.senderFrame) ? dispatch(arg) : Promise.resolve(FORBIDDEN);
  for (const name of COMMAND_NAMES) ipc.handle(name, guarded((arg) => dispatchCommand(commands(), name, arg)));
  for (const name of SHELL_COMMAND_NAMES) ipc.handle(name, guarded((arg) => dispatchShellCommand(shellCommands, name, arg)));
  return () => {
    for (const name of [...COMMAND_NAMES, ...SHELL_COMMAND_NAMES]) ipc.removeHandler(name);
  };
}
