import Papa from 'papaparse';
import type { ColumnDef } from '../presentation/columns.js';
import { localeText } from '../lib/locales.js';

/** Rows as JSON: the server's rows exactly as mirrored (unknown fields included). */
export function rowsToJson(rows: readonly Readonly<Record<string, unknown>>[]): string {
  return JSON.stringify(rows, null, 2);
}

/**
 * Rows as CSV: one column per table column (raw values, not display text, so a
 * spreadsheet can compute with them), then every other field as JSON text.
 */
export function rowsToCsv(rows: readonly Readonly<Record<string, unknown>>[], columns: readonly ColumnDef[], titleField: string | null): string {
  const scalar = columns.filter((c) => !c.field.startsWith('$'));
  const seen = new Set(scalar.map((c) => c.field));
  const rest: string[] = [];
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (seen.has(key)) continue;
      seen.add(key);
      rest.push(key);
    }
  }
  const header = [...(titleField ? ['title'] : []), ...scalar.map((c) => c.field), ...rest];
  const data = rows.map((row) => [
    ...(titleField ? [localeText(row, titleField, null) ?? ''] : []),
    ...scalar.map((c) => cell(row[c.field])),
    ...rest.map((k) => cell(row[k])),
  ]);
  return Papa.unparse({ fields: header, data }, { escapeFormulae: true });
}

function cell(value: unknown): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return value as string | number | boolean;
}

/** Starts a download of text content in the browser. */
export function downloadText(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
