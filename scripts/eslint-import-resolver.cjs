'use strict';
// The import resolver the zone rules use (eslint-module-utils' interface v2). Our sources
// import TypeScript as `./file.js` (NodeNext style); this maps those to the `.ts` file
// beside them. Packages resolve as Node resolves them. A local file rather than
// eslint-import-resolver-typescript: that package's native resolver ships per-platform
// binaries, and a lockfile must list them all for `npm ci` to accept it.
const { existsSync, statSync } = require('node:fs');
const { createRequire, isBuiltin } = require('node:module');
const path = require('node:path');

const isFile = (p) => existsSync(p) && statSync(p).isFile();

/** Candidates for a relative import, in the order TypeScript tries them. */
function candidates(target) {
  const ext = path.extname(target);
  const stem = ext === '.js' || ext === '.mjs' || ext === '.cjs' ? target.slice(0, -ext.length) : null;
  return [
    ...(stem ? [`${stem}.ts`, `${stem}.${ext === '.mjs' ? 'mts' : ext === '.cjs' ? 'cts' : 'tsx'}`] : []),
    target,
    `${target}.ts`,
    path.join(target, 'index.ts'),
  ];
}

exports.interfaceVersion = 2;

exports.resolve = function resolve(source, file) {
  if (isBuiltin(source)) return { found: true, path: null };
  if (source.startsWith('.') || path.isAbsolute(source)) {
    const found = candidates(path.resolve(path.dirname(file), source)).find(isFile);
    return found ? { found: true, path: found } : { found: false };
  }
  try {
    return { found: true, path: createRequire(file).resolve(source) };
  } catch {
    return { found: false };
  }
};
