/**
 * A page's rows as they cross the bridge. Main parses and checks every page; when every
 * row of it is valid and kept as the server wrote it, the text of the page's rows array
 * is exactly those rows, and it is that text, not the rows, that goes to the window.
 * Main then never writes the rows out again (JSON for the harness's socket, a
 * structured clone in Electron: the larger part of main's share of a mirror), and the
 * window parses the text as it parsed the message that held the rows before.
 */
export interface RowsText {
  /** The rows' JSON array, `[` to `]`, as the server sent it. */
  readonly json: string;
  /** How many rows main checked in it. */
  readonly count: number;
}

type Row = Readonly<Record<string, unknown>>;

/** A page's valid rows: the objects, or (across the bridge) their text. */
export type PageRows = readonly Row[] | RowsText;

export function isRowsText(rows: PageRows): rows is RowsText {
  return !Array.isArray(rows);
}

export function pageRowCount(rows: PageRows): number {
  return isRowsText(rows) ? rows.count : rows.length;
}

/** The code a store request fails with, across the bridge, when a page's rows text does not read as the rows main checked. */
export const BAD_ROWS = 'BadRows';

/** A page's rows text that does not read as the rows main checked. */
export class BadRowsError extends Error {
  override readonly name = 'BadRowsError';
  readonly code = BAD_ROWS;
}

const parsed = new WeakMap<RowsText, readonly Row[]>();

/**
 * The page's rows as objects: as given, or parsed from their text once (the store and
 * what watches it then share the one copy).
 * @throws BadRowsError when the text is not an array of as many rows as main checked.
 */
export function pageRows(rows: PageRows): readonly Row[] {
  if (!isRowsText(rows)) return rows;
  const known = parsed.get(rows);
  if (known) return known;
  let value: unknown;
  try {
    value = JSON.parse(rows.json);
  } catch (error) {
    throw new BadRowsError(`the page's rows do not read as JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(value) || value.length !== rows.count || !value.every((row) => row !== null && typeof row === 'object' && !Array.isArray(row))) {
    throw new BadRowsError(`the page's rows do not read as the ${rows.count} rows checked (a key given twice?)`);
  }
  parsed.set(rows, value as Row[]);
  return value as Row[];
}
