#!/usr/bin/env node
// `npm run licences`: the licence of every package Outpost ships, with its text, read
// by license-checker-rseidelsohn from the installed packages (no network). Shipped means:
// the runtime `dependencies` (packed into the app's node_modules), the packages the
// renderer bundle imports (src-renderer and the src-shared code it bundles), Electron
// itself, and what each of them depends on. Written to src-renderer/public/licences.json,
// which both renderer builds copy beside index.html for the About view.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { init as checkLicences } from 'license-checker-rseidelsohn';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Bare package names imported (not type-only) by the source files under `dirs`. */
export function importedPackages(dirs) {
  const found = new Set();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|vue)$/.test(path)) {
        for (const match of readFileSync(path, 'utf8').matchAll(/^\s*import\s+(?!type\s)[^'"]*?['"]([^'"./][^'"]*)['"]/gm)) {
          const name = match[1].startsWith('@') ? match[1].split('/').slice(0, 2).join('/') : match[1].split('/')[0];
          if (!name.startsWith('node:') && name !== 'electron') found.add(name);
        }
      }
    }
  };
  for (const dir of dirs) walk(dir);
  return found;
}

/** Each package with everything it depends on at run time, as installed (name@version). */
export function shippedClosure(rootDir, names) {
  const seen = new Map();
  const visit = (name, fromDir) => {
    // Node's own lookup: the nearest node_modules up from the dependent package.
    for (let dir = fromDir; ; dir = dirname(dir)) {
      const manifest = join(dir, 'node_modules', name, 'package.json');
      if (existsSync(manifest)) {
        const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
        const key = `${pkg.name}@${pkg.version}`;
        if (seen.has(key)) return;
        seen.set(key, dirname(manifest));
        for (const dep of [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.optionalDependencies ?? {})]) visit(dep, dirname(manifest));
        return;
      }
      if (dir === dirname(dir) || dir === dirname(rootDir)) return; // not installed (an optional dependency of another platform)
    }
  };
  for (const name of names) visit(name, rootDir);
  return seen;
}

/** The licence list: [{ name, version, licenses, repository, publisher, licenseText }], sorted by name. */
export async function collectLicences(rootDir = root) {
  const pkg = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8'));
  const roots = new Set([...Object.keys(pkg.dependencies ?? {}), ...importedPackages([join(rootDir, 'src-renderer'), join(rootDir, 'src-shared')])]);
  const shipped = shippedClosure(rootDir, roots);
  // Electron is the runtime itself; its npm package's own dependencies (the downloader) are not shipped.
  const electron = JSON.parse(readFileSync(join(rootDir, 'node_modules', 'electron', 'package.json'), 'utf8'));
  shipped.set(`electron@${electron.version}`, join(rootDir, 'node_modules', 'electron'));
  const found = await new Promise((resolveFound, reject) =>
    checkLicences(
      {
        start: rootDir,
        includePackages: [...shipped.keys()].join(';'),
        customFormat: { name: '', version: '', licenses: '', repository: '', publisher: '', licenseText: '' },
      },
      (error, packages) => (error ? reject(error) : resolveFound(packages)),
    ),
  );
  return Object.values(found)
    .map((entry) => ({
      name: entry.name,
      version: entry.version,
      licenses: Array.isArray(entry.licenses) ? entry.licenses.join(' OR ') : String(entry.licenses ?? 'UNKNOWN'),
      repository: entry.repository || null,
      publisher: entry.publisher || null,
      licenseText: entry.licenseText || null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const licences = await collectLicences();
  const out = join(root, 'src-renderer', 'public', 'licences.json');
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify({ generatedBy: 'license-checker-rseidelsohn', packages: licences })}\n`);
  console.log(`licences: ${licences.length} packages`);
}
