import { load } from 'js-yaml';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ICON_SIZES, makeIcons } from '../../../scripts/make-icons.mjs';

/**
 * The icons electron-builder packs are generated from build/icon.svg (never committed
 * binaries): this runs the generator into a scratch folder, reads each container's own
 * headers, and checks that electron-builder.yml names exactly these files.
 */
const root = resolve(import.meta.dirname, '../../..');
let out: string;
let written: string[];

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'outpost-icons-test-'));
  written = await makeIcons(join(root, 'build', 'icon.svg'), out);
});
afterAll(() => rm(out, { recursive: true, force: true }));

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngSize(data: Buffer): { width: number; height: number } {
  expect(data.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
  expect(data.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/** The images of an ICO file (ICONDIR + ICONDIRENTRY, width 0 meaning 256), each decoded for its real size. */
function icoSizes(data: Buffer): number[] {
  expect(data.readUInt16LE(0)).toBe(0);
  expect(data.readUInt16LE(2)).toBe(1); // 1 = icon
  const count = data.readUInt16LE(4);
  const sizes: number[] = [];
  for (let i = 0; i < count; i++) {
    const entry = 6 + i * 16;
    const width = data.readUInt8(entry) || 256;
    const height = data.readUInt8(entry + 1) || 256;
    expect(width).toBe(height);
    const size = data.readUInt32LE(entry + 8);
    const offset = data.readUInt32LE(entry + 12);
    const image = data.subarray(offset, offset + size);
    // An entry is a PNG or a BMP without its file header (BITMAPINFOHEADER, height doubled for the mask).
    if (image.subarray(0, 8).equals(PNG_MAGIC)) expect(pngSize(image)).toEqual({ width, height });
    else expect([image.readUInt32LE(0), image.readInt32LE(4), image.readInt32LE(8)]).toEqual([40, width, height * 2]);
    sizes.push(width);
  }
  return sizes.sort((a, b) => a - b);
}

/** Classic RGB chunks (16 and 32 px, with their 8-bit masks) that macOS still reads for small sizes. */
const ICNS_RGB: Record<string, { size: number; mask: string }> = { is32: { size: 16, mask: 's8mk' }, il32: { size: 32, mask: 'l8mk' } };

/** The images of an ICNS file by pixel size: PNG chunks decoded, classic RGB chunks only with their masks. */
function icnsSizes(data: Buffer): number[] {
  expect(data.toString('latin1', 0, 4)).toBe('icns');
  expect(data.readUInt32BE(4)).toBe(data.length);
  const sizes: number[] = [];
  const types = new Set<string>();
  for (let at = 8; at < data.length; ) {
    const type = data.toString('latin1', at, at + 4);
    types.add(type);
    const length = data.readUInt32BE(at + 4);
    expect(length).toBeGreaterThan(8);
    const body = data.subarray(at + 8, at + length);
    if (ICNS_RGB[type]) sizes.push(ICNS_RGB[type].size);
    else if (body.subarray(0, 8).equals(PNG_MAGIC)) {
      const { width, height } = pngSize(body);
      expect(width).toBe(height);
      sizes.push(width);
    }
    at += length;
  }
  for (const [type, { mask }] of Object.entries(ICNS_RGB)) if (types.has(type)) expect(types.has(mask)).toBe(true);
  return [...new Set(sizes)].sort((a, b) => a - b);
}

describe('generated icons', () => {
  it('writes the Linux PNG set, one square PNG per size, named <n>x<n>.png', async () => {
    for (const size of ICON_SIZES.png) {
      const data = await readFile(join(out, 'icons', `${size}x${size}.png`));
      expect(pngSize(data)).toEqual({ width: size, height: size });
    }
    expect(written.filter((f) => f.endsWith('.png')).length).toBe(ICON_SIZES.png.length);
  });

  it('writes a Windows ICO holding every size up to 256', async () => {
    expect(icoSizes(await readFile(join(out, 'icon.ico')))).toEqual(ICON_SIZES.ico);
  });

  it('writes a macOS ICNS whose PNG images cover 16 to 1024', async () => {
    const sizes = icnsSizes(await readFile(join(out, 'icon.icns')));
    expect(sizes).toEqual(ICON_SIZES.icns);
  });

  it('the format checks can fail: a PNG is not an ICO, and a truncated ICNS is refused', async () => {
    const png = await readFile(join(out, 'icons', '16x16.png'));
    expect(() => icoSizes(png)).toThrow();
    const icns = await readFile(join(out, 'icon.icns'));
    expect(() => icnsSizes(icns.subarray(0, icns.length - 1))).toThrow();
  });
});

describe('electron-builder.yml points at the generated icons', () => {
  const config = load(readFileSync(join(root, 'electron-builder.yml'), 'utf8')) as Record<string, Record<string, unknown>> & {
    extraResources: { from: string; to: string }[];
  };
  /** The config's path, as the generator's output relative to the build folder. */
  const generatedPath = (path: unknown) => {
    expect(typeof path).toBe('string');
    expect(String(path).startsWith(`${config.directories!['buildResources']}/`)).toBe(true);
    return String(path).slice('build/'.length);
  };

  it('Windows, the NSIS installer and uninstaller use build/icon.ico; macOS build/icon.icns; Linux build/icons', () => {
    const rel = (file: string) => relative(out, file);
    const outputs = written.map(rel);
    expect(outputs).toContain(generatedPath(config['win']!['icon']));
    expect(outputs).toContain(generatedPath(config['nsis']!['installerIcon']));
    expect(outputs).toContain(generatedPath(config['nsis']!['uninstallerIcon']));
    expect(outputs).toContain(generatedPath(config['mac']!['icon']));
    const linuxDir = generatedPath(config['linux']!['icon']);
    expect(outputs.filter((f) => f.startsWith(`${linuxDir}/`)).length).toBe(ICON_SIZES.png.length);
  });

  it('ships the PNG set beside the app for the window and tray images', () => {
    expect(config.extraResources).toEqual(expect.arrayContaining([expect.objectContaining({ from: 'build/icons', to: 'icons' })]));
  });
});
