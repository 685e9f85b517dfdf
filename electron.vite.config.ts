import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';
import { rendererBuild } from './scripts/renderer-build.js';

const here = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: resolve(here, 'out/main'),
      lib: { entry: resolve(here, 'src-main/electron/index.ts') },
      rolldownOptions: {
        // Main imports shared modules that sit beside Dexie code it never calls; an
        // external module is kept for its side effects unless told otherwise, and
        // Dexie's start-up code has no business in main.
        treeshake: { moduleSideEffects: (id: string, external: boolean) => (external && id === 'dexie' ? false : undefined) },
      },
    },
  },
  preload: {
    build: {
      outDir: resolve(here, 'out/preload'),
      // A sandboxed preload can require only 'electron': bundle everything else (one
      // channel name) into one self-contained file. tests/main/electron/bundles.test.ts
      // bounds its size.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(here, 'src-main/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: rendererBuild(here, resolve(here, 'out/renderer')),
});
