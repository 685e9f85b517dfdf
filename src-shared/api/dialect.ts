/**
 * The filter and sort syntax of production deployments, which the API document leaves
 * open. Server and client both use a {@link Dialect}, so a tenant with another syntax
 * is one setting away.
 */

export const FILTER_OPS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export interface Filter {
  readonly field: string;
  readonly op: FilterOp;
  readonly value: string;
}

export interface SortKey {
  readonly field: string;
  readonly descending: boolean;
}

/** A query parameter that the dialect could not read. */
export interface DialectProblem {
  readonly parameter: string;
  readonly message: string;
}

export interface Dialect {
  readonly name: string;
  /** Query parameters (name, value) of one filter. */
  encodeFilter(filter: Filter): [string, string];
  /**
   * Reads a filter from a query parameter; null when the parameter is not a filter
   * (for example `limit`), a problem when it looks like one but is malformed.
   */
  decodeFilter(name: string, value: string): Filter | DialectProblem | null;
  encodeSort(keys: readonly SortKey[]): string;
  decodeSort(value: string): SortKey[];
}

const FILTER_PARAM = /^([A-Za-z][A-Za-z0-9]*)(?:\[([A-Za-z]+)\])?$/;

/**
 * `field=X`, `field[op]=X` (`field[eq]=X` is read as `field=X`); `sort=name,-creationDateTime`,
 * where a leading `+` (sent as `%2B`) also means ascending.
 */
export const productionDialect: Dialect = {
  name: 'production',
  encodeFilter({ field, op, value }) {
    return [op === 'eq' ? field : `${field}[${op}]`, value];
  },
  decodeFilter(name, value) {
    const match = FILTER_PARAM.exec(name);
    if (!match) return null;
    const [, field, op] = match as unknown as [string, string, string | undefined];
    if (op === undefined) return { field, op: 'eq', value };
    if (!(FILTER_OPS as readonly string[]).includes(op)) {
      return { parameter: name, message: `unknown filter operator "${op}"; use one of ${FILTER_OPS.join(', ')}` };
    }
    return { field, op: op as FilterOp, value };
  },
  encodeSort(keys) {
    return keys.map((k) => (k.descending ? `-${k.field}` : k.field)).join(',');
  },
  decodeSort(value) {
    // Empty parts (`a,,b`) and a sign with no name (`-`) are no keys: were they kept,
    // the server would refuse a field called "" instead of reading the rest.
    return value
      .split(',')
      .map((part) => part.trim())
      .map((part) =>
        part.startsWith('-')
          ? { field: part.slice(1), descending: true }
          : { field: part.replace(/^\+/, ''), descending: false },
      )
      .filter((key) => key.field.length > 0);
  },
};

export function isDialectProblem(value: Filter | DialectProblem | null): value is DialectProblem {
  return value !== null && 'message' in value;
}
