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
