import { isGuid } from '../../src-shared/api/index.js';

/**
 * What search reads of a row: its names (names, titles, custom ids, numbers, file names)
 * and its body (texts, descriptions, summaries, data-list values, comments), as plain
 * text. Ids, links, dates, cultures, colours and states are left out: they are not words
 * anyone searches by, and leaving them out keeps rows with no text (lesson
 * participations, completions) out of the index altogether.
 */
export interface SearchText {
  readonly title: string;
  readonly body: string;
}

/** Fields read as a row's name, at the row's top level or in its locales (a mention's name is not the row's). */
const TITLE_KEYS = new Set(['name', 'title', 'customId', 'number', 'firstName', 'lastName', 'displayName', 'initials', 'email', 'registerNumber']);
const TITLE_PARENTS = new Set(['', 'locales', 'locale']);
/** Fields that hold codes, not words. */
const SKIP_KEYS = new Set(['culture', 'contentType', 'type', 'status', 'color', 'taskAccess', 'dataSource', 'permissionSettingType', 'permissionSettingDepartmentTypes', 'base']);
const SKIP_SUFFIXES = ['Url', 'Id', 'Ids', 'TimeZone', 'State', 'DateTime'];

const LINK = /^[a-z][a-z0-9+.-]*:\/\//i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Bounds: a hostile 4 MB row must not make a 4 MB index entry. */
export const TITLE_LIMIT = 1_000;
export const BODY_LIMIT = 16_000;
const MAX_DEPTH = 6;
const MAX_ITEMS = 200;

/** Field names seen, and whether they are skipped: rows of a table repeat the same few dozen. */
const skipped = new Map<string, boolean>();
const SKIPPED_LIMIT = 10_000;

function skipKey(key: string): boolean {
  let skip = skipped.get(key);
  if (skip === undefined) {
    skip = key === 'id' || SKIP_KEYS.has(key) || (!TITLE_KEYS.has(key) && SKIP_SUFFIXES.some((s) => key.endsWith(s)));
    // Hostile rows may bring endless new names: the memo stays bounded.
    if (skipped.size >= SKIPPED_LIMIT) skipped.clear();
    skipped.set(key, skip);
  }
  return skip;
}

function isWords(value: string): boolean {
  const text = value.trim();
  return text.length > 0 && !isGuid(text) && !LINK.test(text) && !ISO_DATE.test(text);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * HTML as plain text for indexing: scripts and styles dropped, tags become spaces,
 * entities decoded. The result is only ever indexed or shown as text, never parsed as HTML.
 */
export function htmlToPlainText(html: string): string {
  if (!html.includes('<') && !html.includes('&')) return html;
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** What one row's walk has gathered (made at its first text: many rows hold none). */
interface Gathered {
  readonly title: string[];
  readonly body: string[];
  titleLength: number;
  bodyLength: number;
}

function gather(found: Gathered | null, text: string, asTitle: boolean): Gathered {
  const into = found ?? { title: [], body: [], titleLength: 0, bodyLength: 0 };
  if (asTitle && into.titleLength < TITLE_LIMIT) {
    into.title.push(text);
    into.titleLength += text.length + 1;
  } else if (into.bodyLength < BODY_LIMIT) {
    into.body.push(text);
    into.bodyLength += text.length + 1;
  }
  return into;
}

/**
 * Walks a value for its texts. `parent`: the key of the object holding `key` (an array
 * passes its own key on). Plain functions, no closure per row: every mirrored row is
 * walked, and rows with no text at all (lesson participations) are most of a large workspace.
 */
function walk(value: unknown, key: string, parent: string, depth: number, found: Gathered | null): Gathered | null {
  if (typeof value === 'string') {
    return isWords(value) ? gather(found, htmlToPlainText(value).replace(/\s+/g, ' ').trim(), TITLE_KEYS.has(key) && TITLE_PARENTS.has(parent)) : found;
  }
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return found;
  if (Array.isArray(value)) {
    const end = Math.min(value.length, MAX_ITEMS);
    for (let i = 0; i < end; i++) found = walk(value[i], key, parent, depth + 1, found);
    return found;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  const end = Math.min(keys.length, MAX_ITEMS);
  for (let i = 0; i < end; i++) {
    const k = keys[i]!;
    if (!skipKey(k)) found = walk(record[k], k, key, depth + 1, found);
  }
  return found;
}

/** The searchable text of a row, or null when it has none. */
export function searchTextOf(row: Record<string, unknown>): SearchText | null {
  const found = walk(row, '', '', 0, null);
  if (found === null || (found.title.length === 0 && found.body.length === 0)) return null;
  return { title: found.title.join(' ').slice(0, TITLE_LIMIT), body: found.body.join(' ').slice(0, BODY_LIMIT) };
}
