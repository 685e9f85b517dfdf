/** A row of any resource, as sent on the wire. */
export type Row = Record<string, unknown>;

/**
 * The seeded rows of one list, generated on demand: row i is a pure function of the
 * seed and i, so a million-row list costs nothing until it is read.
 */
export interface RowGenerator {
  /** Rows present at start. `row(i)` for i ≥ size is the natural continuation (used for inserts). */
  readonly size: number;
  row(index: number): Row;
  /** The index a row key (as `rowKey` builds it) was generated from, for any index. */
  indexOf(key: string): number | undefined;
  /**
   * Fields whose value never decreases with the index, and that value as a number
   * (epoch ms for dates): sorting or range-filtering on them is index arithmetic.
   */
  readonly ordered: Readonly<Record<string, (index: number) => number>>;
  /** No seeded row has a lastModifiedDateTime after this instant (epoch ms). */
  readonly modifiedUntil: number;
  /**
   * The seeded lastModifiedDateTime of row i (epoch ms, null when never modified),
   * computed without building the row, so delta filters need not scan the list.
   */
  modifiedAt?(index: number): number | null;
  /**
   * The seeded rows (ascending indices) whose field equals a value, when the
   * generator can tell by arithmetic (E18's userId is ⌊i / L⌋); null otherwise.
   */
  indicesWhere?(field: string, value: string): number[] | null;
  /** Writes a timestamp the way this list writes its dates. */
  formatTime(ms: number): string;
}
