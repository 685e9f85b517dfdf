import { ApiParseError, linksOf, listRowsText, parseListPage, sameEnvelope, type EndpointDef } from '../../../src-shared/api/index.js';
import type { QuarantineEntry, ScopeKey } from '../../../src-shared/store/index.js';
import type { UnreadPage } from '../http/api-client.js';

/**
 * A page fetched ahead of its turn, held as the text it came as. Its rows are parsed
 * and checked only when it is written: a parsed page waiting behind others lived long
 * enough to be copied into main's old generation, two thirds of what survived there
 * during a mirror. A page laid out as the API document shows it was not parsed at all
 * to find its next page (`unread`: its links, and its bounds to check once parsed); any
 * other was parsed once more when fetched.
 */
export interface FetchedPage {
  readonly text: string;
  readonly nextUrl: string | null;
  readonly issuedAt: string;
  readonly unread?: UnreadPage;
}

/** A page's rows as they are written: the valid ones, and the rest for the quarantine. */
export interface ParsedPage {
  readonly rows: Record<string, unknown>[];
  readonly quarantined: QuarantineEntry[];
  /** The text of the page's rows, when it is exactly `rows` (see ApplyPageCommand's `rowsText`). */
  readonly rowsText?: string;
}

/** Whether the valid rows are every row the page sent, each kept as it came (not a copy its schema made). */
function keptAsSent(rows: readonly unknown[], body: unknown): boolean {
  const sent = (body as { data?: unknown }).data;
  return Array.isArray(sent) && sent.length === rows.length && rows.every((row, i) => row === sent[i]);
}

/** Parses a page's rows; rejected rows become quarantine entries. */
export function parsePage(endpoint: EndpointDef, scope: ScopeKey, page: FetchedPage): ParsedPage {
  let body: unknown;
  try {
    body = JSON.parse(page.text);
  } catch (error) {
    // Only a page read by its links comes here unparsed: a broken body is the list's error, as it would have been when fetched.
    throw new ApiParseError(endpoint.id, [{ path: '$', message: `the page is not JSON: ${(error as Error).message}` }]);
  }
  page.unread?.checkBody(body);
  const parsed = parseListPage(endpoint.id, body);
  if (page.unread) sameEnvelope(endpoint.id, page.unread.links, linksOf({ nextUrl: parsed.nextUrl, rows: parsed.data.length + parsed.rejected.length }));
  const quarantined = parsed.rejected.map((r) => ({
    scope,
    endpoint: endpoint.id,
    path: r.issues[0]?.path ?? `$.data[${r.index}]`,
    reason: r.issues.map((i) => `${i.path}: ${i.message}`).join('; '),
    row: r.row,
    at: page.issuedAt,
  }));
  const rows = parsed.data as Record<string, unknown>[];
  // The rows' text goes to the window in their place: only for a page read by its links
  // (its links then proved the rows' array closes the page's top level) whose rows all
  // came through as they were (none quarantined, none a copy its schema made).
  const rowsText = page.unread && keptAsSent(rows, body) ? listRowsText(page.text) : null;
  return { rows, quarantined, ...(rowsText !== null ? { rowsText } : {}) };
}
