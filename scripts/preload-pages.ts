import type { HtmlTagDescriptor, IndexHtmlTransformContext, Plugin } from 'vite';

type OutputBundle = NonNullable<IndexHtmlTransformContext['bundle']>;

/**
 * Links the code of the given pages from the built index.html (`modulepreload` for
 * their chunks, `preload` for their styles), so it is fetched and compiled while the
 * document loads. The router loads a page only once the shell is mounted, and a
 * chunk's response waits for the main thread the mount keeps busy: measured on the
 * list page, its modules arrived ~140 ms after they were asked for.
 *
 * `pages` are module ids' endings (`/views/ListPage.vue`); chunks and styles the
 * document already links are left alone.
 */
export function preloadPages(pages: readonly string[]): Plugin {
  return {
    name: 'outpost:preload-pages',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => (ctx.bundle ? pageLinks(ctx.bundle, pages, html) : html),
    },
  };
}

/** The tags linking each page's chunk, the chunks it imports and their styles, dependencies first. */
export function pageLinks(bundle: OutputBundle, pages: readonly string[], html: string): HtmlTagDescriptor[] {
  const tags: HtmlTagDescriptor[] = [];
  const seen = new Set<string>();
  const link = (rel: 'modulepreload' | 'preload', fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    if (html.includes(`/${fileName}"`)) return;
    const attrs = rel === 'modulepreload' ? { rel, crossorigin: true, href: `./${fileName}` } : { rel, as: 'style', href: `./${fileName}` };
    tags.push({ tag: 'link', attrs, injectTo: 'head' });
  };
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (seen.has(fileName) || chunk?.type !== 'chunk') return;
    for (const dep of chunk.imports) visit(dep);
    for (const css of chunk.viteMetadata?.importedCss ?? []) link('preload', css);
    link('modulepreload', fileName);
  };
  for (const page of pages) {
    const chunk = Object.values(bundle).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(page) === true);
    if (!chunk) throw new Error(`no chunk of the bundle is the page ${page}`);
    visit(chunk.fileName);
  }
  return tags;
}
