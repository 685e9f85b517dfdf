import { parseScopeKey, type SourceKind } from '../store/index.js';
import { sourceId, sourceParams } from './source-endpoints.js';

/** A mirrored list's scope as the suggestions read it (a `ScopeState` will do). */
export interface SuggestionScope {
  readonly scope: string;
  readonly endpoint: string;
  readonly params: Readonly<Record<string, string>>;
}

/** A mirrored row with the scope key of its list (a `StoredRow` will do). */
export interface SuggestionRow {
  readonly scopeKey: string;
  readonly row: Readonly<Record<string, unknown>>;
}

/** A source the mirrored data already names, offered with one click instead of typed. */
export interface SourceSuggestion {
  /** The source's id (the scope key of the list it would root). */
  readonly id: string;
  readonly kind: SourceKind;
  readonly params: Readonly<Record<string, string>>;
  /** The ids in the order `sources.add` reads them. */
  readonly input: string;
  /** A name the rows give it, if any (a post's title). */
  readonly name: string | null;
  /** Where the ids come from, in words. */
  readonly reason: string;
}

export interface SuggestionInput {
  readonly scopes: readonly SuggestionScope[];
  /** Rows of the lists whose fields name other sources: posts (E3/E16) and survey instances (E11). */
  readonly rows: readonly SuggestionRow[];
  /** Ids of the sources already added (and of those the user removed, to not offer them again). */
  readonly known: ReadonlySet<string>;
}

const str = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);

function titleOf(row: Readonly<Record<string, unknown>>): string | null {
  const locales = Array.isArray(row['locales']) ? (row['locales'] as Record<string, unknown>[]) : [];
  return str(row['name']) ?? locales.map((l) => str(l?.['title'])).find((t) => t !== null) ?? null;
}

/**
 * A rule: from a mirrored scope (and one of its rows, for row rules), the source it
 * names. The API links these only by id, so each rule says which field is which id.
 */
interface Rule {
  readonly endpoints: readonly string[];
  readonly kind: SourceKind;
  readonly params: (scope: Readonly<Record<string, string>>, row: Readonly<Record<string, unknown>> | null) => Record<string, string | null>;
  readonly reason: string;
  readonly name?: (row: Readonly<Record<string, unknown>>) => string | null;
}

/** Rules over a scope's own ids: no row needed. */
const SCOPE_RULES: readonly Rule[] = [
  {
    // A task's (or a subtask's) module has categories of its own (E14).
    endpoints: ['E13', 'E17'],
    kind: 'taskModule',
    params: (scope) => ({ moduleId: scope['moduleId'] ?? null }),
    reason: 'the module of a task you added',
  },
];

/** Rules over rows: fields of mirrored rows that are the ids of another source. */
const ROW_RULES: readonly Rule[] = [
  {
    // Posts known here (created or edited in Outpost) have comments the API lists by post.
    endpoints: ['E3', 'E16'],
    kind: 'contentPost',
    params: (scope, row) => ({ moduleId: scope['moduleId'] ?? null, contentId: str(row?.['id']) }),
    reason: 'a post mirrored here (for its comments)',
    name: titleOf,
  },
  {
    // A survey instance names its survey; the module is its list's.
    endpoints: ['E11'],
    kind: 'survey',
    params: (scope, row) => ({ moduleId: scope['moduleId'] ?? null, surveyId: str(row?.['surveyId']) }),
    reason: 'a survey instance mirrored here',
  },
];

/**
 * The sources the mirrored data names and the user has not added: a task's module
 * (for its categories), posts known locally (for their comments), surveys named by
 * their instances. Each appears once, in the order found; ids are never guessed (a
 * rule whose ids are not all present suggests nothing).
 */
export function sourceSuggestions(input: SuggestionInput): SourceSuggestion[] {
  const found = new Map<string, SourceSuggestion>();
  const offer = (rule: Rule, scopeParams: Readonly<Record<string, string>>, row: Readonly<Record<string, unknown>> | null) => {
    const raw = rule.params(scopeParams, row);
    const names = sourceParams(rule.kind);
    if (names.some((n) => raw[n] === null || raw[n] === undefined)) return;
    const params = Object.fromEntries(names.map((n) => [n, raw[n]!]));
    const id = sourceId(rule.kind, params);
    if (input.known.has(id) || found.has(id)) return;
    const name = row && rule.name ? rule.name(row) : null;
    found.set(id, { id, kind: rule.kind, params, input: names.map((n) => params[n]).join(' '), name, reason: rule.reason });
  };
  for (const scope of input.scopes) {
    for (const rule of SCOPE_RULES) if (rule.endpoints.includes(scope.endpoint)) offer(rule, scope.params, null);
  }
  for (const { scopeKey, row } of input.rows) {
    let parsed: ReturnType<typeof parseScopeKey>;
    try {
      parsed = parseScopeKey(scopeKey);
    } catch {
      continue;
    }
    for (const rule of ROW_RULES) if (rule.endpoints.includes(parsed.endpoint.id)) offer(rule, parsed.params, row);
  }
  return [...found.values()];
}

/** The endpoints whose rows {@link sourceSuggestions} reads (the renderer loads only these tables). */
export const SUGGESTION_ROW_ENDPOINTS = [...new Set(ROW_RULES.flatMap((r) => r.endpoints))];
