#!/usr/bin/env node
// `npm run icons`: every platform's icon from the one source, build/icon.svg, with
// icon-gen (sharp renders the SVG; icon-gen writes the ICO and ICNS containers).
// Nothing here touches the network. Output goes where electron-builder.yml expects it:
//   build/icon.ico (Windows, NSIS), build/icon.icns (macOS, dmg),
//   build/icons/<n>x<n>.png (Linux; also the window and tray images at run time).
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import iconGen from 'icon-gen';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Sizes each container holds: the ones Windows, macOS and Linux desktops ask for. */
export const ICON_SIZES = {
  ico: [16, 24, 32, 48, 64, 128, 256],
  icns: [16, 32, 64, 128, 256, 512, 1024],
  png: [16, 24, 32, 48, 64, 128, 256, 512, 1024],
};

/** Writes every icon from `source` into `outDir` (icon.ico, icon.icns, icons/<n>x<n>.png); returns their paths. */
export async function makeIcons(source = join(root, 'build', 'icon.svg'), outDir = join(root, 'build')) {
  const scratch = await mkdtemp(join(tmpdir(), 'outpost-icons-'));
  try {
    // icon-gen's module is CommonJS with its function as `default`.
    const generate = iconGen.default ?? iconGen;
    await generate(source, scratch, {
      report: false,
      ico: { name: 'icon', sizes: ICON_SIZES.ico },
      icns: { name: 'icon', sizes: ICON_SIZES.icns },
      favicon: { name: 'png-', pngSizes: ICON_SIZES.png, icoSizes: [] },
    });
    const pngDir = join(outDir, 'icons');
    await rm(pngDir, { recursive: true, force: true });
    await mkdir(pngDir, { recursive: true });
    const written = [];
    for (const name of await readdir(scratch)) {
      const png = /^png-(\d+)\.png$/.exec(name);
      const target = png ? join(pngDir, `${png[1]}x${png[1]}.png`) : name.startsWith('icon.') ? join(outDir, name) : null;
      if (!target) continue;
      await rename(join(scratch, name), target);
      written.push(target);
    }
    return written.sort();
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const written = await makeIcons();
  console.log(`icons: ${written.length} files from build/icon.svg`);
}
