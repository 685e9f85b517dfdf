import { marked } from 'marked';

/**
 * A post body the app sends (Markdown, as E3 and E16 take it) as the HTML the API
 * reads back, for the local copy shown until the server answers and for comparing
 * copies. Raw HTML in the Markdown is escaped, as the reference server does; what is
 * shown still goes through the renderer's sanitizer.
 */
export function bodyHtmlOf(markdown: string): string {
  return marked
    .parse(markdown, {
      async: false,
      gfm: true,
      renderer: Object.assign(new marked.Renderer(), {
        html: ({ text }: { text: string }) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
      }),
    })
    .trim();
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * What a body says, for telling whether two copies differ: tags dropped, the common
 * entities decoded, whitespace collapsed. Two tenants may render the same Markdown
 * with different markup; only a change of wording counts as a change.
 */
export function bodyTextOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}
