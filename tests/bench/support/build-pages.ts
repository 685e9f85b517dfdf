import { resolve } from 'node:path';
import { build } from 'vite';

export const repoRoot = resolve(import.meta.dirname, '../../..');
export const resultsDir = resolve(repoRoot, 'bench-results');

export interface BuiltPages {
  /** The app's renderer, as the harness serves it. */
  readonly rendererDir: string;
  /** The bench pages (limit (a), RxDB, search), served by the bench origin. */
  readonly pageDir: string;
}

/**
 * Builds the renderer and the bench page into bench-results/, so a run measures the
 * code as it is now and never writes where others build (dist-renderer).
 */
export async function buildPages(): Promise<BuiltPages> {
  const rendererDir = resolve(resultsDir, 'renderer');
  const pageDir = resolve(resultsDir, 'page');
  await build({ configFile: resolve(repoRoot, 'vite.renderer.config.ts'), logLevel: 'warn', build: { outDir: rendererDir, emptyOutDir: true } });
  const pageRoot = resolve(import.meta.dirname, '../page');
  await build({
    configFile: false,
    root: pageRoot,
    base: './',
    logLevel: 'warn',
    build: {
      outDir: pageDir,
      emptyOutDir: true,
      rolldownOptions: { input: { limit: resolve(pageRoot, 'limit.html'), rxdb: resolve(pageRoot, 'rxdb.html'), search: resolve(pageRoot, 'search.html') } },
    },
  });
  return { rendererDir, pageDir };
}
