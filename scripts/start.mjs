#!/usr/bin/env node
// `npm start`: builds the app and opens it in Electron on the built-in demo workspace.
// Where the Electron binary is missing (installs with ELECTRON_SKIP_BINARY_DOWNLOAD,
// machines without internet) it says so and points to the browser harness.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Where the Electron binary is, without `require('electron')`: that would try to
 * download the binary when it is missing.
 */
export function findElectronBinary(electronDir) {
  const pathFile = join(electronDir, 'path.txt');
  if (!existsSync(join(electronDir, 'package.json'))) return { ok: false, reason: 'the electron package is not installed' };
  if (!existsSync(pathFile)) return { ok: false, reason: 'the Electron binary was never downloaded' };
  const binary = join(electronDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  if (!existsSync(binary)) return { ok: false, reason: `the Electron binary is missing (${binary})` };
  return { ok: true, binary };
}

export const MISSING_ELECTRON_MESSAGE = (reason) =>
  [
    `Outpost cannot open its desktop window: ${reason}.`,
    '',
    'To run it in your browser instead (same app, same demo workspace):',
    '  npm run web',
    '',
    'To get the Electron binary on a machine with internet access:',
    '  node node_modules/electron/install.js',
  ].join('\n');

function main() {
  const found = findElectronBinary(join(root, 'node_modules', 'electron'));
  if (!found.ok) {
    console.error(MISSING_ELECTRON_MESSAGE(found.reason));
    process.exit(1);
  }
  const build = spawnSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const app = spawn(found.binary, [root, '--demo', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
  app.on('exit', (code) => process.exit(code ?? 0));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
