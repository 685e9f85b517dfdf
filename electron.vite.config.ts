import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';
import { preloadPages } from './scripts/preload-pages.js';

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
  renderer: {
    root: resolve(here, 'src-renderer'),
    // Most windows open on a list: its page's code loads with the shell's.
    plugins: [vue(), preloadPages(['/views/ListPage.vue'])],
    // The search worker is started as a module worker (`type: 'module'`).
    worker: { format: 'es' },
    build: {
      outDir: resolve(here, 'out/renderer'),
      rolldownOptions: { input: resolve(here, 'src-renderer/index.html') },
    },
  },
});
