import type { FieldKind } from '../presentation/fields.js';
import { formatValue } from './format.js';

/**
 * Whatever a server sends is shown in a bounded length. Chromium lays out one long
 * run of text in time that grows faster than its length (a mebibyte without spaces
 * froze the detail panel), so no view hands the DOM an unbounded string: long values
 * are clipped here and shown whole only on demand, in fixed-size pieces (`FullText.vue`).
 */

/** Characters of a field shown in the detail panel before "Show all". */
export const FIELD_LIMIT = 2000;
/** Characters of a table cell, a chip or a chart label (the rest is cut by an ellipsis anyway). */
export const CELL_LIMIT = 300;
/** Characters of a name where it identifies something (titles, pickers, the status bar). */
export const NAME_LIMIT = 200;
/** Items of a list (or keys of an object) shown before "Show more". */
export const ITEM_LIMIT = 100;
/** Combining marks kept on one character: more only stack out of the line box. */
const MARK_RUN_LIMIT = 8;
const ELLIPSIS = '…';

export interface Clipped {
  /** At most `limit` characters (code units), plus an ellipsis when clipped. */
  readonly text: string;
  readonly clipped: boolean;
  /** Length of the whole text, in code units. */
  readonly length: number;
}

/** The cut falls before a lone high surrogate, never in the middle of a pair. */
function cutAt(text: string, limit: number): number {
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}

const markRun = new RegExp(`(\\p{M}{${MARK_RUN_LIMIT}})\\p{M}+`, 'gu');

/**
 * The first `limit` code units of a text, for display; runs of combining marks longer
 * than a few are cut too (one character carrying thousands of marks is a known way
 * to stall text shaping). Never throws; `limit` below 1 counts as 1.
 */
export function clipText(text: string, limit: number = FIELD_LIMIT): Clipped {
  const max = Math.max(1, Math.floor(limit));
  const head = text.length > max ? text.slice(0, cutAt(text, max)) : text;
  const shown = head.replace(markRun, `$1${ELLIPSIS}`);
  const clipped = head.length < text.length;
  return { text: clipped ? `${shown}${ELLIPSIS}` : shown, clipped, length: text.length };
}

/**
 * A value of any type as JSON-like text of at most about `limit` characters, built
 * piece by piece so a huge array is never serialised whole. Cycles, bigints, symbols,
 * functions and objects whose getters or `toString` throw are written, not thrown.
 */
export function boundedJson(value: unknown, limit: number = FIELD_LIMIT, indent = 0): string {
  const out: string[] = [];
  let size = 0;
  const seen = new Set<object>();
  const push = (piece: string) => {
    if (size >= limit) return false;
    out.push(piece);
    size += piece.length;
    return size < limit;
  };
  const pad = (depth: number) => (indent > 0 ? `\n${' '.repeat(indent * depth)}` : '');
  const walk = (v: unknown, depth: number): boolean => {
    if (v === null || v === undefined) return push('null');
    switch (typeof v) {
      case 'string':
        return push(JSON.stringify(clipText(v, limit - size + 1).text));
      case 'number':
      case 'boolean':
        return push(Number.isNaN(v) ? 'NaN' : String(v));
      case 'bigint':
        return push(`${v.toString()}n`);
      case 'symbol':
      case 'function':
        return push(`"[${typeof v}]"`);
    }
    const obj = v as object;
    if (seen.has(obj)) return push('"[cycle]"');
    seen.add(obj);
    try {
      const isArray = Array.isArray(obj);
      if (!push(isArray ? '[' : '{')) return false;
      const keys = isArray ? null : Object.keys(obj);
      const count = isArray ? (obj as unknown[]).length : keys!.length;
      for (let i = 0; i < count; i++) {
        if (!push(`${i ? ',' : ''}${pad(depth + 1)}`)) return false;
        if (keys && !push(`${JSON.stringify(clipText(keys[i]!, CELL_LIMIT).text)}:${indent ? ' ' : ''}`)) return false;
        const item = isArray ? (obj as unknown[])[i] : (obj as Record<string, unknown>)[keys![i]!];
        if (!walk(item, depth + 1)) return false;
      }
      return push(`${count ? pad(depth) : ''}${isArray ? ']' : '}'}`);
    } catch {
      return push('"[unreadable]"');
    } finally {
      seen.delete(obj);
    }
  };
  walk(value, 0);
  const text = out.join('');
  return text.length > limit ? `${text.slice(0, cutAt(text, limit))}${ELLIPSIS}` : size >= limit ? `${text}${ELLIPSIS}` : text;
}

/** Any value as plain text: strings as they are, everything else as bounded JSON. */
export function valueText(value: unknown, limit: number = FIELD_LIMIT): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return boundedJson(value, limit);
}

/**
 * One cell's text ({@link formatValue}) bounded to `limit`: never throws, whatever the
 * value's type, and never longer than `limit` plus an ellipsis.
 */
export function formatBounded(kind: FieldKind, value: unknown, limit: number = CELL_LIMIT): string {
  let text: string;
  try {
    // Lists are counted ("3 items"); any other object is written as bounded JSON, not stringified whole.
    const counted = Array.isArray(value) && (kind === 'list' || kind === 'mediaList' || kind === 'locales');
    text = typeof value === 'object' && value !== null && !counted ? boundedJson(value, limit) : formatValue(kind, value);
  } catch {
    text = boundedJson(value, limit);
  }
  return clipText(text, limit).text;
}

/** Items of a list joined by commas, each and all bounded (the join of a huge array is never built). */
export function joinBounded(items: readonly unknown[], limit: number = FIELD_LIMIT): string {
  const parts: string[] = [];
  let size = 0;
  for (const item of items) {
    if (size > limit) break;
    const part = clipText(valueText(item, limit), limit).text;
    parts.push(part);
    size += part.length + 2;
  }
  return clipText(parts.join(', '), limit).text;
}
