import { marked } from 'marked';

/**
 * Post bodies are written in Markdown (E3, E16) and read back as HTML, as the
 * document's sample shows. Raw HTML in the input is escaped, not passed through.
 */
export function markdownToHtml(markdown: string): string {
  return marked.parse(markdown, {
    async: false,
    gfm: true,
    renderer: Object.assign(new marked.Renderer(), {
      html: ({ text }: { text: string }) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
    }),
  }).trim();
}
