import { h, type FunctionalComponent, type VNodeArrayChildren } from 'vue';
import type { ColumnDef } from '../presentation/columns.js';
import { splitInvisibles, type TextPiece } from '../lib/invisible-chars.js';
import { cellText } from './cell-text.js';

/** What one cell of a list row shows. */
export interface CellView {
  readonly text: string;
  /** The text as pieces when it holds invisible characters (shown as markers), else null. */
  readonly pieces: readonly TextPiece[] | null;
  /** A colour value, shown as a swatch before its text. */
  readonly swatch: string | null;
}

/** A cell of a row not read yet: an empty text (kept as the node the row's text is written into once read). */
export const BLANK_CELL: CellView = Object.freeze({ text: '', pieces: null, swatch: null });

export function cellViewOf(column: ColumnDef, row: Readonly<Record<string, unknown>>, titleField: string | null, culture: string | null): CellView {
  const text = cellText(column, row, titleField, culture);
  const pieces = splitInvisibles(text);
  const value = row[column.field];
  return {
    text,
    pieces: pieces.length === 1 && !pieces[0]!.invisible ? null : pieces,
    swatch: column.kind === 'color' && value ? String(value).slice(0, 64) : null,
  };
}

/**
 * The cells of list rows, each row's worked out once while the columns, the title field
 * and the culture stay the same: a row that stays on screen through a scroll is neither
 * formatted again nor re-rendered (its cells are the same array, so {@link RowCells}
 * skips it).
 */
export function rowCellsCache(columns: readonly ColumnDef[], titleField: string | null, culture: string | null) {
  const kept = new WeakMap<object, readonly CellView[]>();
  return (row: Readonly<Record<string, unknown>>): readonly CellView[] => {
    let cells = kept.get(row);
    if (!cells) {
      cells = columns.map((column) => cellViewOf(column, row, titleField, culture));
      kept.set(row, cells);
    }
    return cells;
  };
}

function contentOf(cell: CellView): VNodeArrayChildren {
  // A text in an array is a text node of its own, which a new text is written into
  // (its data set). Given as the element's text, every new text replaced the cell's
  // text node: each step of a scroll took out and put in some 300 nodes, each a
  // child-list change for every observer of the document (Chart.js watches it for each
  // chart) and a layout object built anew.
  if (cell.pieces === null && cell.swatch === null) return [cell.text];
  const out: VNodeArrayChildren = [];
  if (cell.swatch !== null) out.push(h('span', { class: 'swatch', style: { background: cell.swatch }, 'aria-hidden': 'true' }));
  for (const piece of cell.pieces ?? [{ text: cell.text, invisible: false }]) out.push(piece.invisible ? h('span', { class: 'invisible-char' }, piece.text) : piece.text);
  return out;
}

/**
 * One row's cells as plain elements: a cell whose text is all it shows is an element
 * with one text node, kept while the row's place shows other rows. (Written as a template, every cell also carried a fragment per
 * piece of its text and a placeholder for its swatch: about six nodes where one does,
 * each patched at every step of a scroll.) `classes`: each column's cell class.
 */
export const RowCells: FunctionalComponent<{ cells: readonly CellView[]; classes: readonly string[] }> = (props) =>
  props.cells.map((cell, c) => h('div', { key: c, class: props.classes[c], role: 'gridcell' }, contentOf(cell)));
RowCells.props = ['cells', 'classes'];
