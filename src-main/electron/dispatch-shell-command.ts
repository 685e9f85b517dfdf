import {
  shellCommandSchemas,
  type Result,
  type ShellCommandHandlers,
  type ShellCommandName,
} from '../../src-shared/bridge/index.js';

/**
 * The shell commands' counterpart of `dispatchCommand`: validates the argument with
 * the shell contract's schema and turns every failure into `{ ok: false }`.
 */
export async function dispatchShellCommand(handlers: ShellCommandHandlers, name: string, arg: unknown): Promise<Result<unknown>> {
  if (!Object.hasOwn(shellCommandSchemas, name)) {
    return { ok: false, error: { code: 'UnknownCommand', message: `unknown command ${name}` } };
  }
  const key = name as ShellCommandName;
  const parsed = shellCommandSchemas[key].arg.safeParse(arg ?? {});
  if (!parsed.success) {
    return { ok: false, error: { code: 'InvalidArgument', message: parsed.error.issues.map((i) => `${i.path.join('.') || 'arg'}: ${i.message}`).join('; ') } };
  }
  try {
    const handler = handlers[key] as (a: unknown) => unknown;
    return { ok: true, data: await handler(parsed.data) };
  } catch (error) {
    const code = error instanceof Error ? ((error as { code?: unknown }).code ?? error.name) : 'Error';
    return { ok: false, error: { code: String(code), message: error instanceof Error ? error.message : String(error) } };
  }
}
