/**
 * The date picker alone, for a lazy import: the filter bar shows it only while a date
 * filter is edited, and evaluating it (~400 KB of source) held up a list's first rows.
 */
export { NDatePicker as default } from 'naive-ui';
