import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { rendererBuild } from './scripts/renderer-build.js';

/**
 * The renderer on its own, for the browser harness, end-to-end tests and benchmarks.
 * electron.vite.config.ts builds the same renderer for the Electron app.
 */
const shared = rendererBuild(import.meta.dirname, resolve(import.meta.dirname, 'dist-renderer'));

export default defineConfig({
  ...shared,
  base: './',
  build: { ...shared.build, emptyOutDir: true },
});
