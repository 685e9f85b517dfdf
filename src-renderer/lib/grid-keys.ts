/**
 * Where a key press moves the active row of a list grid of `count` rows: arrows by
 * one, PageUp/PageDown by a screenful, Home/End and Ctrl+Home/End to the first and
 * last row. Null when the key is not a move (it is left to the browser). The target
 * is clamped to the rows that exist; with no active row yet (-1) a move starts at the
 * top. Pure, so a million-row list is tested without drawing one.
 */
export function gridTarget(key: string, active: number, count: number, pageRows: number): number | null {
  if (count <= 0) return null;
  const last = count - 1;
  const from = Math.min(active, last);
  const page = Math.max(1, pageRows);
  const moves: Record<string, number> = {
    ArrowDown: from < 0 ? 0 : from + 1,
    ArrowUp: from < 0 ? 0 : from - 1,
    PageDown: from < 0 ? 0 : from + page,
    PageUp: from - page,
    Home: 0,
    End: last,
  };
  const next = moves[key];
  return next === undefined ? null : Math.max(0, Math.min(last, next));
}
