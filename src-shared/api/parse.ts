import { z } from 'zod';
import { ApiParseError, jsonPath, type ParseIssue } from './api-parse-error.js';
import { endpoints, type EndpointDef, type EndpointId } from './endpoints.js';
import { clipNesting, MAX_ROW_DEPTH, nestedDeeperThan } from './nesting.js';
import { resources, type Resource, type ResourceName } from './resources.js';
import { requests, type CreatePostBody, type PatchOperation } from './requests.js';

/**
 * List envelope: `data` is required; `count`, `nextUrl` and `previousUrl` may be
 * missing or null (production deployments omit them). Unknown keys are kept.
 */
const listEnvelope = z.looseObject({
  count: z.number().int().nullable().optional(),
  data: z.array(z.unknown()),
  nextUrl: z.string().nullable().optional(),
  previousUrl: z.string().nullable().optional(),
});
const singleEnvelope = z.looseObject({ data: z.unknown() });

export interface ListPage<T> {
  readonly count: number | null;
  readonly data: T[];
  readonly nextUrl: string | null;
  readonly previousUrl: string | null;
}

/** A row of a page that failed its schema, kept aside with the reason. */
export interface RejectedRow {
  readonly index: number;
  /** The row as sent; for a row nested too deep to store, a copy clipped at that depth. */
  readonly row: unknown;
  readonly issues: readonly ParseIssue[];
}

export interface TolerantListPage<T> extends ListPage<T> {
  readonly rejected: RejectedRow[];
}

function issuesOf(error: z.ZodError, prefix: readonly PropertyKey[] = []): ParseIssue[] {
  return error.issues.map((issue) => ({
    path: jsonPath([...prefix, ...issue.path]),
    message: issue.message,
  }));
}

function endpointOf(id: EndpointId): EndpointDef {
  const endpoint = endpoints[id];
  if (!endpoint) throw new Error(`unknown endpoint ${String(id)}`);
  return endpoint;
}

/**
 * Zod types whose parse hands back what it was given (`object` only when loose: a plain
 * one drops fields it does not name; none of them coerced). A schema made only of these, with no check that
 * rewrites a value, parses a row into an equal copy.
 */
const KEEPS_INPUT = new Set(['object', 'string', 'number', 'boolean', 'null', 'unknown', 'optional', 'nullable', 'array', 'union', 'record', 'literal', 'enum']);

/** True when parsing with `schema` gives back a copy equal to the valid input (no transform, default, coercion or stripped field). */
export function parseKeepsInput(schema: z.ZodType, seen = new Set<z.ZodType>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string; checks?: { _zod: { def: { check: string } } }[] };
  if (!KEEPS_INPUT.has(def.type) || def['coerce'] === true) return false;
  if (def.checks?.some((c) => c._zod.def.check === 'overwrite')) return false;
  if (def.type === 'object' && (def['catchall'] as z.ZodType | undefined)?._zod.def.type !== 'unknown') return false;
  const children = [
    ...Object.values((def['shape'] as Record<string, z.ZodType> | undefined) ?? {}),
    ...['element', 'innerType', 'keyType', 'valueType'].map((k) => def[k] as z.ZodType | undefined),
    ...((def['options'] as z.ZodType[] | undefined) ?? []),
  ];
  return children.every((child) => child === undefined || parseKeepsInput(child, seen));
}

interface RowCheck {
  readonly schema: z.ZodType;
  /** Valid rows are kept as they came: only validated, not copied. */
  readonly keepsInput: boolean;
}

const rowChecks = new Map<string, RowCheck>();

/**
 * How a list's rows are checked. Where code may be generated (main, tests; not the
 * window, whose policy forbids it), the schema is compiled by zod; a row is validated
 * without building its copy when the copy would equal it. Parsing every row into a copy
 * was half of what main allocated during a mirror (4.6 GB for 235 MB of pages).
 */
function rowCheckOf(resource: ResourceName): RowCheck {
  let check = rowChecks.get(resource);
  if (!check) {
    const schema: z.ZodType = resources[resource];
    check = { schema: z.config().jitless ? schema : z.compile(schema), keepsInput: parseKeepsInput(schema) };
    rowChecks.set(resource, check);
  }
  return check;
}

/** The schema of one row of an endpoint's response resource. */
export function resourceSchema(id: EndpointId) {
  return resources[endpointOf(id).resource];
}

/**
 * Parses a response body of an endpoint strictly: the envelope and every row must be
 * valid. Lists return a {@link ListPage}; single reads and writes return `data`.
 * @throws ApiParseError naming the endpoint, the JSON path and the problem.
 */
export function parseResponse(id: EndpointId, body: unknown): unknown {
  const endpoint = endpointOf(id);
  const schema = resources[endpoint.resource];
  if (endpoint.kind === 'list') {
    const page = parseListPage(id, body);
    if (page.rejected.length > 0) {
      throw new ApiParseError(
        id,
        page.rejected.flatMap((r) => r.issues),
      );
    }
    return page;
  }
  const envelope = singleEnvelope.safeParse(body);
  if (!envelope.success) throw new ApiParseError(id, issuesOf(envelope.error));
  if (nestedDeeperThan(envelope.data.data, MAX_ROW_DEPTH)) {
    throw new ApiParseError(id, [{ path: '$.data', message: `nested deeper than ${MAX_ROW_DEPTH} levels` }]);
  }
  const data = schema.safeParse(envelope.data.data);
  if (!data.success) throw new ApiParseError(id, issuesOf(data.error, ['data']));
  return data.data;
}

/** A list page's envelope: its links and count, and how many rows it holds (unchecked). */
export interface ListEnvelope extends Omit<ListPage<unknown>, 'data'> {
  readonly rows: number;
}

/** The envelope's links and count, and its rows unchecked. */
function listEnvelopeOf(id: EndpointId, body: unknown): { links: Omit<ListPage<unknown>, 'data'>; data: unknown[] } {
  if (endpointOf(id).kind !== 'list') throw new Error(`${id} is not a list endpoint`);
  const envelope = listEnvelope.safeParse(body);
  if (!envelope.success) throw new ApiParseError(id, issuesOf(envelope.error));
  const { count, nextUrl, previousUrl, data } = envelope.data;
  return { links: { count: count ?? null, nextUrl: nextUrl ?? null, previousUrl: previousUrl ?? null }, data };
}

/**
 * Reads a list page's envelope without checking its rows: enough to ask for the next
 * page while this one waits (see `parseListPage` for its rows).
 * @throws ApiParseError when the envelope is invalid.
 */
export function parseListEnvelope(id: EndpointId, body: unknown): ListEnvelope {
  const { links, data } = listEnvelopeOf(id, body);
  return { ...links, rows: data.length };
}

/** How a page opens when written as the API document shows it: `{"count":N,"data":[` (count may be null or missing). */
const PAGE_HEAD = /^\{(?:"count":(?:\d+|null),)?"data":\[(\]?)/;
/** Where the rows end and the links begin, as the API document orders them. */
const PAGE_LINKS = '],"nextUrl":';
const LINK_KEYS = new Set(['nextUrl', 'previousUrl']);

/** A list page's envelope as {@link listEnvelopeFromText} reads it from the text. */
export interface TextEnvelope {
  readonly nextUrl: string | null;
  /** The page's `data` is `[]`. */
  readonly empty: boolean;
}

/**
 * A list page's links read from its text without parsing its rows, for a page laid out
 * as the API document shows it: `{"count":N,"data":[…],"nextUrl":…,"previousUrl":…}`
 * with no whitespace. The text after the rows is parsed on its own, with a `{` before
 * it: that parses as one object only where the rows' array closes the page's top level
 * (found inside a row, the rest would close more than one object), so for a text that
 * is valid JSON these are the links JSON.parse would give, unless the page gives a key
 * twice. The rows are parsed, the whole text proved JSON and the links compared with
 * the parsed ones ({@link sameEnvelope}) when the page is written.
 * @returns null for any other layout: the caller then parses the whole text.
 */
export function listEnvelopeFromText(text: string): TextEnvelope | null {
  const head = PAGE_HEAD.exec(text);
  const at = text.lastIndexOf(PAGE_LINKS);
  if (!head || at < head[0].length - 1) return null;
  // Rows are objects: the rows' array ends with one, or is empty.
  if (text[at - 1] !== '}' && !(head[1] === ']' && at === head[0].length - 1)) return null;
  let links: unknown;
  try {
    links = JSON.parse(`{${text.slice(at + 2)}`);
  } catch {
    return null;
  }
  if (links === null || typeof links !== 'object' || Array.isArray(links)) return null;
  const record = links as Record<string, unknown>;
  for (const [key, value] of Object.entries(record)) {
    if (!LINK_KEYS.has(key) || (value !== null && typeof value !== 'string')) return null;
  }
  return { nextUrl: (record['nextUrl'] as string | null | undefined) ?? null, empty: head[1] === ']' };
}

/**
 * The text of a page's rows, `[` to `]`, for a page {@link listEnvelopeFromText} read.
 * Only once the whole text was parsed, its envelope checked and its links found the same
 * ({@link sameEnvelope}): the array found there then closes the page's top level, and
 * the parsed page's `data` is what this text parses as, unless the page gives `data`
 * twice (then this text is not one JSON array, and whoever parses it fails).
 * @returns null for a text laid out otherwise.
 */
export function listRowsText(text: string): string | null {
  const head = PAGE_HEAD.exec(text);
  const at = text.lastIndexOf(PAGE_LINKS);
  if (!head || at < head[0].length - 1) return null;
  return text.slice(head[0].length - 1 - head[1]!.length, at + 1);
}

/** What the pages that follow need of a parsed envelope: the same as {@link listEnvelopeFromText} reads from a text. */
export function linksOf(envelope: Pick<ListEnvelope, 'nextUrl' | 'rows'>): TextEnvelope {
  return { nextUrl: envelope.nextUrl, empty: envelope.rows === 0 };
}

/**
 * Checks that a page's parsed links ({@link linksOf}) are those {@link listEnvelopeFromText}
 * read from its text (only a page with a key twice could say otherwise).
 * @throws ApiParseError when they differ
 */
export function sameEnvelope(id: EndpointId, read: TextEnvelope, parsed: TextEnvelope): void {
  if (read.nextUrl === parsed.nextUrl && read.empty === parsed.empty) return;
  throw new ApiParseError(id, [{ path: '$', message: 'the page reads differently in part and in whole (a key given twice?)' }]);
}

/**
 * Parses a list page tolerantly: the envelope must be valid, but rows that fail their
 * schema are returned in `rejected` (for quarantine) while the rest are kept.
 * @throws ApiParseError when the envelope itself is invalid.
 */
export function parseListPage<T = Record<string, unknown>>(
  id: EndpointId,
  body: unknown,
): TolerantListPage<T> {
  const { links, data: rows } = listEnvelopeOf(id, body);
  const check = rowCheckOf(endpointOf(id).resource);
  const data: T[] = [];
  const rejected: RejectedRow[] = [];
  rows.forEach((row, index) => {
    if (nestedDeeperThan(row, MAX_ROW_DEPTH)) {
      // It could be neither stored nor quarantined as it came: a clipped copy is kept instead.
      const issue = { path: jsonPath(['data', index]), message: `nested deeper than ${MAX_ROW_DEPTH} levels` };
      rejected.push({ index, row: clipNesting(row, MAX_ROW_DEPTH), issues: [issue] });
      return;
    }
    if (check.keepsInput && check.schema.validate(row)) {
      data.push(row as T);
      return;
    }
    const parsed = check.schema.safeParse(row);
    if (parsed.success) data.push(parsed.data as T);
    else rejected.push({ index, row, issues: issuesOf(parsed.error, ['data', index]) });
  });
  return { ...links, data, rejected };
}

/** Request bodies by endpoint. */
export interface RequestBodies {
  E3: CreatePostBody;
  E16: PatchOperation[];
  E19: PatchOperation[];
}

/**
 * Validates a write's request body as the server would (E3, E16, E19).
 * @throws ApiParseError naming the endpoint, the JSON path and the problem.
 */
export function parseRequest<K extends keyof RequestBodies>(id: K, body: unknown): RequestBodies[K] {
  const endpoint = endpointOf(id);
  if (!endpoint.request) throw new Error(`${id} takes no request body`);
  const result = requests[endpoint.request].safeParse(body);
  if (!result.success) throw new ApiParseError(id, issuesOf(result.error));
  return result.data as RequestBodies[K];
}

export type { Resource };
