/** One problem found while parsing a body: where it is and what was wrong. */
export interface ParseIssue {
  /** JSON path in the form `$.data[3].locales[0].culture`. */
  readonly path: string;
  readonly message: string;
}

/** A response or request body that does not match the catalogue's schema. */
export class ApiParseError extends Error {
  override readonly name = 'ApiParseError';

  constructor(
    /** The endpoint (E1 … E21) whose body failed. */
    readonly endpoint: string,
    readonly issues: readonly ParseIssue[],
  ) {
    const first = issues[0];
    super(
      `${endpoint}: ${first ? `${first.path}: ${first.message}` : 'invalid body'}` +
        (issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''),
    );
  }

  /** The JSON path of the first issue. */
  get path(): string {
    return this.issues[0]?.path ?? '$';
  }
}

/** `['data', 3, 'locales']` → `$.data[3].locales`. */
export function jsonPath(segments: readonly PropertyKey[]): string {
  return segments.reduce<string>(
    (acc, seg) => (typeof seg === 'number' ? `${acc}[${seg}]` : `${acc}.${String(seg)}`),
    '$',
  );
}
