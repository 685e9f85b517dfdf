import vue from '@vitejs/plugin-vue';
import { resolve } from 'node:path';
import type { UserConfig } from 'vite';

/**
 * The renderer's build as both configs make it: vite.renderer.config.ts (the browser
 * harness, end-to-end tests, benchmarks) and electron.vite.config.ts (the app). Each
 * passes the repository's folder (its own: a config bundled by electron-vite has no
 * reliable folder for the files it imports) and where its output goes.
 */
export function rendererBuild(repo: string, outDir: string) {
  const rendererRoot = resolve(repo, 'src-renderer');
  return {
    root: rendererRoot,
    plugins: [vue()],
    // The search worker is started as a module worker (`type: 'module'`).
    worker: { format: 'es' },
    build: { outDir, rolldownOptions: { input: resolve(rendererRoot, 'index.html') } },
  } satisfies UserConfig;
}
