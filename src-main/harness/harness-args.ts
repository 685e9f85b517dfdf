import { parseArgs } from 'node:util';
import type { ConnectionConfig } from '../core/services.js';

export interface HarnessArgs {
  readonly port: number;
  readonly connection: ConnectionConfig;
  readonly dataDir: string | null;
  /** Start with no workspace: the first-run screen (no connection flags allowed with it). */
  readonly firstRun: boolean;
}

/** Usage text printed for `--help` and on bad arguments. */
export const HARNESS_USAGE = `Usage: npm run web -- [options]
  (no options)                 run on the built-in demo workspace (more can be added in the app)
  --first-run                  start with no workspace: the app's first-run screen
  --server <url>               connect to a running workspace instead
  --token <token>              with --server: a pasted access token
  --client-id <id>             with --server: client credentials instead of a token
  --client-secret <secret>
  --scopes "<a b c>"           scopes to ask for with client credentials
  --port <n>                   port of the harness (default: a free one)
  --data-dir <dir>             where main keeps its own files (default: a temporary folder)`;

/**
 * Reads the harness's command line.
 * @throws Error with a message fit for the user when the options do not fit together.
 */
export function parseHarnessArgs(argv: readonly string[]): HarnessArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      server: { type: 'string' },
      token: { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      scopes: { type: 'string' },
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      'first-run': { type: 'boolean', default: false },
    },
    strict: true,
  });
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a port number, not "${values.port}"`);
  const dataDir = values['data-dir'] ?? null;
  const firstRun = values['first-run'];
  if (firstRun && (values.server !== undefined || values.token || values['client-id'])) {
    throw new Error('--first-run starts with no workspace: leave out --server, --token and --client-id');
  }
  if (values.server === undefined) {
    if (values.token || values['client-id']) throw new Error('--token and --client-id need --server <url>');
    return { port, connection: { kind: 'demo' }, dataDir, firstRun };
  }
  let baseUrl: URL;
  try {
    baseUrl = new URL(values.server);
  } catch {
    throw new Error(`--server must be a URL, not "${values.server}"`);
  }
  if (baseUrl.protocol !== 'http:' && baseUrl.protocol !== 'https:') throw new Error('--server must be an http(s) URL');
  const base = baseUrl.toString().replace(/\/+$/, '');
  if (values.token) return { port, connection: { kind: 'token', baseUrl: base, token: values.token }, dataDir, firstRun };
  if (values['client-id'] && values['client-secret']) {
    return {
      port,
      connection: {
        kind: 'client',
        baseUrl: base,
        clientId: values['client-id'],
        clientSecret: values['client-secret'],
        scopes: (values.scopes ?? 'svc.api').split(/\s+/).filter(Boolean),
      },
      dataDir,
      firstRun,
    };
  }
  throw new Error('--server needs --token <token>, or --client-id and --client-secret');
}
