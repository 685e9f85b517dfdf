import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';

/**
 * Post bodies read back as HTML but are written as Markdown (E3, E16): an existing body
 * is offered in the editor, and sent back when only another field changed, as the
 * Markdown that renders to it. Turndown does the conversion (a DOM walk, not regexes),
 * with its GFM plugin for strikethrough and tables, as the API reads GFM; the options match what the API's Markdown renderer reads back unchanged: ATX headings,
 * `-` bullets, fenced code, two-space line breaks.
 *
 * Markup Markdown has no syntax for keeps its text and loses its wrapper (a mention's
 * `<span class="mention">@Name</span>` becomes `@Name`): raw HTML would be escaped by
 * the API and show as tags. The post's `mentions` list is not part of the patch.
 */
const service = new TurndownService({
  headingStyle: 'atx',
  bulletListMarker: '-',
  codeBlockStyle: 'fenced',
  emDelimiter: '_',
  strongDelimiter: '**',
  br: '  ',
});
service.use(gfm);
// Scripts and styles are never content (the sanitizer drops them on display too).
service.remove(['script', 'style']);

/** The Markdown of a server body; '' for an empty one. */
export function htmlToMarkdown(html: string): string {
  if (!html.trim()) return '';
  return service.turndown(html).trim();
}
