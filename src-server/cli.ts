import { parseArgs } from 'node:util';
import { startServer } from './index.js';
import { parseScale } from './data/scale.js';
import { faultPatch, type FaultSettings } from './faults/fault-settings.js';

const USAGE = `npm run server -- [options]
  --port <n>          port on 127.0.0.1 (default 0: a free port)
  --seed <n>          seed of the generated data (default 1)
  --scale <s>         demo (default), large, or a fraction of large such as 0.1
  --rate-limit [n]    limit each client to n requests per minute (default 100 when given)
  --fault <k=v>       inject a fault, repeatable: latencyMs=200, errorRate=0.1,
                      throttleBurst=5, retryAfterSeconds=2, resetRate=0.05,
                      truncateRate=0.05, badRowRate=0.01, expireCursors=true,
                      revokeTokensAfter=50 (change them at run time with POST /demo/faults)
  --help`;

/** `key=value` pairs into a fault settings patch (numbers and booleans parsed). */
function faultsOf(pairs: readonly string[]): Partial<FaultSettings> {
  const raw: Record<string, unknown> = {};
  for (const pair of pairs) {
    const [key, value = 'true'] = pair.split('=');
    raw[key!] = value === 'true' ? true : value === 'false' ? false : value === 'null' ? null : Number(value);
  }
  return faultPatch.parse(raw);
}

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    seed: { type: 'string', default: '1' },
    scale: { type: 'string', default: 'demo' },
    'rate-limit': { type: 'string' },
    fault: { type: 'string', multiple: true, default: [] },
    help: { type: 'boolean', default: false },
  },
  allowPositionals: false,
});

if (values.help) {
  process.stdout.write(`${USAGE}\n`);
} else {
  const rateText = values['rate-limit'];
  const started = performance.now();
  const server = await startServer({
    port: Number(values.port),
    seed: Number(values.seed),
    scale: parseScale(values.scale),
    rateLimit: rateText === undefined ? false : { perMinute: rateText === '' || rateText === 'true' ? 100 : Number(rateText) },
    faults: faultsOf(values.fault),
  });
  process.stdout.write(`started in ${Math.round(performance.now() - started)} ms; sources at ${server.url}/demo/sources\n`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
