import type { ColumnDef } from '../presentation/columns.js';
import { CELL_LIMIT, clipText, formatBounded } from '../lib/bounded-text.js';
import { localeText } from '../lib/locales.js';

/**
 * The text of one cell: derived `$title` from the row's locales, else the formatted
 * field; bounded (a cell shows a line, not a mebibyte).
 */
export function cellText(column: ColumnDef, row: Readonly<Record<string, unknown>>, titleField: string | null, culture: string | null): string {
  if (column.field === '$title') return clipText((titleField && localeText(row, titleField, culture)) || '—', CELL_LIMIT).text;
  return formatBounded(column.kind, row[column.field], CELL_LIMIT);
}
