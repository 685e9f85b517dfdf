import type { ColumnDef } from '../presentation/columns.js';
import { formatValue } from '../lib/format.js';
import { localeText } from '../lib/locales.js';

/** The text of one cell: derived `$title` from the row's locales, else the formatted field. */
export function cellText(column: ColumnDef, row: Readonly<Record<string, unknown>>, titleField: string | null, culture: string | null): string {
  if (column.field === '$title') return (titleField && localeText(row, titleField, culture)) || '—';
  return formatValue(column.kind, row[column.field]);
}
