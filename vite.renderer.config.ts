import vue from '@vitejs/plugin-vue';
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import { preloadPages } from './scripts/preload-pages.js';

/**
 * The renderer on its own, for the browser harness, end-to-end tests and benchmarks.
 * electron.vite.config.ts builds the same renderer for the Electron app.
 */
export const rendererRoot = resolve(import.meta.dirname, 'src-renderer');

export default defineConfig({
  root: rendererRoot,
  base: './',
  // Most windows open on a list: its page's code loads with the shell's.
  plugins: [vue(), preloadPages(['/views/ListPage.vue'])],
  // The search worker is started as a module worker (`type: 'module'`).
  worker: { format: 'es' },
  build: {
    outDir: resolve(import.meta.dirname, 'dist-renderer'),
    emptyOutDir: true,
    rolldownOptions: { input: resolve(rendererRoot, 'index.html') },
  },
});
