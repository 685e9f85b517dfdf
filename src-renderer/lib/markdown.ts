import { marked } from 'marked';

/** Markdown as HTML for the live preview; the result still goes through the sanitizer. */
export function markdownToHtml(markdown: string): string {
  return marked.parse(markdown, { async: false, gfm: true, breaks: true });
}
