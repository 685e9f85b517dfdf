import { describe, expect, it } from 'vitest';
import type { IndexHtmlTransformContext } from 'vite';
import { pageLinks } from '../../../scripts/preload-pages.js';

type Bundle = NonNullable<IndexHtmlTransformContext['bundle']>;

function chunk(fileName: string, facadeModuleId: string | null, imports: string[], css: string[] = []) {
  return [fileName, { type: 'chunk', fileName, facadeModuleId, imports, viteMetadata: { importedCss: new Set(css), importedAssets: new Set() } }] as const;
}

const bundle = Object.fromEntries([
  chunk('assets/index-a.js', '/src/main.ts', ['assets/vue-b.js']),
  chunk('assets/vue-b.js', null, []),
  chunk('assets/ListPage-c.js', '/src/views/ListPage.vue', ['assets/vue-b.js', 'assets/Chart-d.js'], ['assets/ListPage-c.css']),
  chunk('assets/Chart-d.js', null, ['assets/vue-b.js'], ['assets/Chart-d.css']),
  chunk('assets/HomePage-e.js', '/src/views/HomePage.vue', ['assets/Chart-d.js']),
  ['assets/ListPage-c.css', { type: 'asset', fileName: 'assets/ListPage-c.css' }],
]) as unknown as Bundle;

const html = '<script type="module" crossorigin src="./assets/index-a.js"></script><link rel="modulepreload" crossorigin href="./assets/vue-b.js">';

describe('pageLinks', () => {
  it("links a page's chunk after the chunks and styles it needs, leaving what the document links already", () => {
    const hrefs = pageLinks(bundle, ['/views/ListPage.vue'], html).map((t) => `${t.attrs!.rel} ${t.attrs!.href}`);
    expect(hrefs).toEqual(['preload ./assets/Chart-d.css', 'modulepreload ./assets/Chart-d.js', 'preload ./assets/ListPage-c.css', 'modulepreload ./assets/ListPage-c.js']);
  });

  it('links a chunk two pages share once', () => {
    const hrefs = pageLinks(bundle, ['/views/ListPage.vue', '/views/HomePage.vue'], html).map((t) => t.attrs!.href);
    expect(hrefs.filter((h) => h === './assets/Chart-d.js')).toHaveLength(1);
    expect(hrefs.at(-1)).toBe('./assets/HomePage-e.js');
  });

  it('styles are preloaded as styles and modules with the crossorigin mode the entry uses', () => {
    const tags = pageLinks(bundle, ['/views/ListPage.vue'], html);
    expect(tags.find((t) => t.attrs!.href === './assets/ListPage-c.css')!.attrs).toEqual({ rel: 'preload', as: 'style', href: './assets/ListPage-c.css' });
    expect(tags.find((t) => t.attrs!.href === './assets/ListPage-c.js')!.attrs).toMatchObject({ rel: 'modulepreload', crossorigin: true });
  });

  it('fails the build when a page is no chunk of it (renamed or no longer lazy)', () => {
    expect(() => pageLinks(bundle, ['/views/Gone.vue'], html)).toThrow(/no chunk of the bundle is the page \/views\/Gone.vue/);
  });
});
