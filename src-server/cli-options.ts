import { parseArgs } from 'node:util';
import { parseScale } from './data/scale.js';
import { faultPatch, type FaultSettings } from './faults/fault-settings.js';
import type { ServerOptions } from './server-options.js';

export const USAGE = `npm run server -- [options]
  --port <n>          port on 127.0.0.1 (default 0: a free port)
  --seed <n>          seed of the generated data (default 1)
  --scale <s>         demo (default), large, or a fraction of large such as 0.1
  --rate-limit        limit each client to 100 requests per minute (off by default)
  --rate-limit-per-minute <n>
                      the limit (implies --rate-limit)
  --rate-limit-time-scale <x>
                      run the limiter's minute x times faster (for tests)
  --fault <key=value> inject a fault, repeatable: latencyMs=200, errorRate=0.1,
                      throttleBurst=5, retryAfterSeconds=2, resetRate=0.05,
                      truncateRate=0.05, badRowRate=0.01, expireCursors=true,
                      revokeTokensAfter=50 (change them at run time with
                      POST /demo/faults from this machine)
  --base-path <p>     serve every route below a path prefix, as a gateway does
                      (/tenant-a); the printed url ends with it
  --help              this text`;

function integer(name: string, text: string, min: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be an integer ≥ ${min}; got "${text}"`);
  return value;
}

/** `key=value` pairs into a fault settings patch (numbers, booleans and null parsed). */
export function faultsOf(pairs: readonly string[]): Partial<FaultSettings> {
  const raw: Record<string, unknown> = {};
  for (const pair of pairs) {
    const [key = '', value = 'true'] = pair.split('=');
    raw[key] = value === 'true' ? true : value === 'false' ? false : value === 'null' ? null : Number(value);
  }
  const parsed = faultPatch.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`--fault: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'key'}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

/**
 * The server options of a command line.
 * @throws Error with a message for the user when an option is invalid.
 */
export function parseCliOptions(argv: readonly string[]): { help: true } | { help: false; options: ServerOptions } {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      port: { type: 'string', default: '0' },
      seed: { type: 'string', default: '1' },
      scale: { type: 'string', default: 'demo' },
      'rate-limit': { type: 'boolean', default: false },
      'rate-limit-per-minute': { type: 'string' },
      'rate-limit-time-scale': { type: 'string', default: '1' },
      fault: { type: 'string', multiple: true, default: [] },
      'base-path': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    allowPositionals: false,
  });
  if (values.help) return { help: true };
  const perMinute = values['rate-limit-per-minute'];
  const timeScale = Number(values['rate-limit-time-scale']);
  if (!(timeScale > 0)) throw new Error(`--rate-limit-time-scale must be a positive number`);
  const limited = values['rate-limit'] || perMinute !== undefined;
  return {
    help: false,
    options: {
      port: integer('port', values.port, 0),
      seed: integer('seed', values.seed, 0),
      scale: parseScale(values.scale),
      rateLimit: limited ? { perMinute: perMinute === undefined ? 100 : integer('rate-limit-per-minute', perMinute, 1), timeScale } : false,
      faults: faultsOf(values.fault),
      ...(values['base-path'] ? { basePath: values['base-path'] } : {}),
    },
  };
}
