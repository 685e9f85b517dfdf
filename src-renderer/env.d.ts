/// <reference types="vite/client" />

declare module 'turndown-plugin-gfm' {
  import type TurndownService from 'turndown';
  /** GitHub Flavored Markdown rules for Turndown: strikethrough, tables, task lists. */
  export const gfm: TurndownService.Plugin;
}
