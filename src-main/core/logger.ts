/** Structured logging of main-side services. Never pass secrets (tokens, client secrets) in fields. */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const nothing = () => undefined;

export const silentLogger: Logger = { debug: nothing, info: nothing, warn: nothing, error: nothing };

/** A logger writing one line per entry to the console, from `level` up. */
export function consoleLogger(level: 'debug' | 'info' | 'warn' | 'error' = 'info'): Logger {
  const order = ['debug', 'info', 'warn', 'error'] as const;
  const min = order.indexOf(level);
  const at = (l: (typeof order)[number]) => (message: string, fields?: Record<string, unknown>) => {
    if (order.indexOf(l) < min) return;
    const line = fields ? `${message} ${JSON.stringify(fields)}` : message;
    (l === 'error' ? console.error : l === 'warn' ? console.warn : console.log)(`[${l}] ${line}`);
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
