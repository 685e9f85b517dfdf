import { sourceParams, SOURCE_KINDS } from '../../../src-shared/sources/index.js';
import type { SourceKind } from '../../../src-shared/store/index.js';
import { SourceInputError } from './source-input-error.js';

const GUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Words of a portal link's path or query that say which id follows (lower case). */
const HINTS: Readonly<Record<string, RegExp>> = {
  moduleId: /module/,
  dataListId: /datalist|list/,
  calendarId: /calendar/,
  surveyId: /survey/,
  taskId: /task/,
  contentId: /content|post|news|article/,
};

function isSourceKind(kind: string): kind is SourceKind {
  return (SOURCE_KINDS as string[]).includes(kind);
}

/** (word, guid) pairs of a URL: `…/calendars/<guid>` and `?calendarId=<guid>`. */
function labelledIds(input: string): [string, string][] {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return [];
  }
  const pairs: [string, string][] = [];
  const segments = [...url.pathname.split('/'), ...url.hash.replace(/^#/, '').split(/[/?&=]/)].map(decodeURIComponent);
  segments.forEach((segment, i) => {
    if (i > 0 && new RegExp(`^${GUID.source}$`, 'i').test(segment)) pairs.push([segments[i - 1]!.toLowerCase(), segment]);
  });
  for (const [name, value] of url.searchParams) {
    const match = value.match(new RegExp(`^${GUID.source}$`, 'i'));
    if (match) pairs.push([name.toLowerCase(), value]);
  }
  return pairs;
}

/**
 * Reads the ids of a source from what the user pasted: the id itself, several ids,
 * or a portal link that contains them. Ids named in the link (`/calendars/<id>`,
 * `?calendarId=<id>`) are matched by name; otherwise exactly as many ids as the kind
 * needs must appear, in the order of the list's path (module first).
 * @throws SourceInputError naming what is missing or ambiguous.
 */
export function parseSourceInput(kind: string, input: string): { kind: SourceKind; params: Record<string, string> } {
  if (!isSourceKind(kind)) {
    throw new SourceInputError(kind, `unknown source kind "${kind}"; use one of ${SOURCE_KINDS.join(', ')}`);
  }
  const needed = sourceParams(kind);
  const ids = [...new Set(input.match(GUID) ?? [])];
  if (ids.length === 0) throw new SourceInputError(kind, `no id found: paste the ${needed.join(' and ')} (guids) or a portal link containing them`);

  const params: Record<string, string> = {};
  const labelled = labelledIds(input);
  for (const [word, id] of labelled) {
    // `module` comes first: `taskmanagementmodules` and `contentmodules` name modules.
    const name = HINTS.moduleId!.test(word) && needed.includes('moduleId') ? 'moduleId' : needed.find((p) => p !== 'moduleId' && HINTS[p]?.test(word));
    if (name && params[name] === undefined) params[name] = id;
  }
  if (needed.every((p) => params[p] !== undefined)) return { kind, params: pick(params, needed) };
  // A link of another kind (a task's pasted as a calendar) must not pass for this one by position.
  for (const [word] of labelled) {
    const other = Object.keys(HINTS).find((p) => p !== 'moduleId' && !needed.includes(p) && !HINTS.moduleId!.test(word) && HINTS[p]!.test(word));
    if (other) throw new SourceInputError(kind, `this link names a ${other.replace(/Id$/, '')} ("${word}"), not a ${kind}: choose that kind, or paste the ${needed.join(' and ')}`);
  }

  if (ids.length !== needed.length) {
    throw new SourceInputError(
      kind,
      `a ${kind} source needs ${needed.length === 1 ? 'one id' : `${needed.length} ids`} (${needed.join(', ')}), but ${ids.length} were found`,
    );
  }
  return { kind, params: Object.fromEntries(needed.map((p, i) => [p, ids[i]!])) };
}

function pick(params: Record<string, string>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, params[n]!]));
}
