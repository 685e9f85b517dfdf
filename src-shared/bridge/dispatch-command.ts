import { commandSchemas, type CommandHandlers, type CommandName, type Result } from './contract.js';
import { toBridgeError } from './bridge-error.js';
import { shellCommandSchemas, type ShellCommandHandlers, type ShellCommandName } from './shell-contract.js';

/** Every command either side may be asked: the bridge's and the desktop shell's. */
const schemas = { ...commandSchemas, ...shellCommandSchemas };

export type AnyCommandName = CommandName | ShellCommandName;

/** Handlers of both command sets; a shell without a desktop (the harness) serves only the bridge's. */
export type AnyCommandHandlers = CommandHandlers & Partial<ShellCommandHandlers>;

/**
 * The handlers, or a function returning the current ones (they change when the user
 * switches workspaces). The function is called inside the dispatcher, so its failure
 * becomes a result like any other.
 */
export type HandlerSource = Partial<AnyCommandHandlers> | (() => Partial<AnyCommandHandlers>);

function invalid(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Result<never> {
  const message = issues.map((issue) => `${issue.path.map(String).join('.') || 'arg'}: ${issue.message}`).join('; ');
  return { ok: false, error: { code: 'InvalidArgument', message } };
}

/**
 * The one dispatcher for both command sets: checks the name against the contracts,
 * validates the argument with its schema (the renderer is untrusted), runs the handler
 * and turns every failure into `{ ok: false }`. It never throws or rejects.
 */
export async function dispatchCommand(handlers: HandlerSource, name: string, arg: unknown): Promise<Result<unknown>> {
  if (!Object.hasOwn(schemas, name)) return { ok: false, error: { code: 'UnknownCommand', message: `unknown command ${name}` } };
  const key = name as AnyCommandName;
  const parsed = schemas[key].arg.safeParse(arg ?? {});
  if (!parsed.success) return invalid(parsed.error.issues);
  try {
    const table = typeof handlers === 'function' ? handlers() : handlers;
    const handler = table[key] as ((value: unknown) => unknown) | undefined;
    if (typeof handler !== 'function') return { ok: false, error: { code: 'UnknownCommand', message: `${name} is not served here` } };
    return { ok: true, data: await handler(parsed.data) };
  } catch (error) {
    return { ok: false, error: toBridgeError(error) };
  }
}
