import { defineAsyncComponent } from 'vue';

/**
 * Parts of the list screens shown only on demand, loaded when first shown: evaluated
 * with the list page, they held up its first rows (the date picker alone is ~160 KB
 * minified, the sanitiser and Markdown ~66 KB). Defined once here, not per component
 * instance, so each loads once.
 */
/** The date picker of a date filter being edited. */
export const DatePicker = defineAsyncComponent(() => import('./date-picker.js'));
/** Comments as a conversation (the comments list only). */
export const CommentThread = defineAsyncComponent(() => import('./CommentThread.vue'));
/** Server HTML, sanitised (a selected row's localised texts). */
export const SafeHtml = defineAsyncComponent(() => import('./SafeHtml.vue'));
