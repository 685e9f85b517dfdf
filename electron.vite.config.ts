import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';

const here = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: resolve(here, 'out/main'),
      lib: { entry: resolve(here, 'src-main/electron/index.ts') },
    },
  },
  preload: {
    build: {
      outDir: resolve(here, 'out/preload'),
      // A sandboxed preload can require only 'electron': bundle everything else (the
      // contract's name lists and the zod they come with) into one self-contained file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(here, 'src-main/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(here, 'src-renderer'),
    plugins: [vue()],
    build: {
      outDir: resolve(here, 'out/renderer'),
      rolldownOptions: { input: resolve(here, 'src-renderer/index.html') },
    },
  },
});
