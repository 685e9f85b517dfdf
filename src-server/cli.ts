import { DEMO_SOURCES_PATH } from '../src-shared/api/index.js';
import { parseCliOptions, USAGE } from './cli-options.js';
import { startServer } from './index.js';

/** `npm run server`: starts the reference server and prints url, token, client_id and client_secret. */
let parsed: ReturnType<typeof parseCliOptions>;
try {
  parsed = parseCliOptions(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
  process.exit(2);
}
if (parsed.help) {
  process.stdout.write(`${USAGE}\n`);
} else {
  const started = performance.now();
  const server = await startServer(parsed.options);
  process.stdout.write(`started in ${Math.round(performance.now() - started)} ms; sources at ${server.url}${DEMO_SOURCES_PATH}\n`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
