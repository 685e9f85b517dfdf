import { MERGED_PATHS } from './coalesce.js';
import type { PatchOp } from './edit.js';
import { bodyTextOf } from './markdown-body.js';
import type { Row } from './apply-edits-locally.js';

/**
 * What a request path stands for in a resource, in a form two copies can be compared
 * in. Requests name ids where resources carry objects (`/mediaIds` → `medias[].id`),
 * and bodies go out as Markdown and come back as HTML, so copies are compared by what
 * a user would see change, never by their raw JSON.
 */

type Kind = 'post' | 'user';

function asRecord(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function idsOf(value: unknown): unknown {
  return Array.isArray(value) ? value.map((item) => asRecord(item)?.id ?? item) : value;
}

/** A member of a row; undefined when the row does not have it (unknown, not unset). */
function member(row: Row, field: string): unknown {
  return Object.hasOwn(row, field) ? row[field] : undefined;
}

function nested(row: Row, field: string, key: string): unknown {
  const value = member(row, field);
  if (value === undefined) return undefined;
  const object = asRecord(value);
  return object ? (object[key] ?? null) : null;
}

const POST_VALUES: Readonly<Record<string, (row: Row) => unknown>> = {
  '/categoryId': (row) => member(row, 'categoryId'),
  '/locales': (row) => {
    const locales = member(row, 'locales');
    if (!Array.isArray(locales)) return locales;
    return locales.map((l) => {
      const locale = asRecord(l) ?? {};
      return {
        culture: locale.culture ?? null,
        title: locale.title ?? null,
        bodyText: typeof locale.bodyText === 'string' ? bodyTextOf(locale.bodyText) : (locale.bodyText ?? null),
      };
    });
  },
  '/mediaIds': (row) => idsOf(member(row, 'medias')),
  '/permissions': (row) => {
    const permissions = member(row, 'permissions');
    if (!Array.isArray(permissions)) return permissions;
    return permissions.map((p) => {
      const permission = asRecord(p) ?? {};
      return {
        departments: idsOf(permission.departments ?? []),
        userGroups: idsOf(permission.userGroups ?? []),
        requireAllUserGroups: permission.requireAllUserGroups === true,
      };
    });
  },
};

const USER_VALUES: Readonly<Record<string, (row: Row) => unknown>> = {
  '/imageId': (row) => nested(row, 'image', 'id'),
  '/memberCardId': (row) => nested(row, 'memberCard', 'id'),
  '/cardNumber': (row) => nested(row, 'memberCard', 'cardNumber'),
  '/phoneNumber': (row) => {
    const phone = member(row, 'phoneNumber');
    const object = asRecord(phone);
    return object ? { countryCode: object.countryCode ?? null, number: object.number ?? null } : phone;
  },
};

/**
 * The comparable value of `path` in `row`; undefined when the row does not show it
 * (a stub of a user known only by id, or a path with no field such as
 * `/notifications`). `/customFields/<key>` names one custom field.
 */
export function pathValue(kind: Kind, path: string, row: Row | null): unknown {
  if (!row) return undefined;
  if (path.startsWith('/customFields/')) {
    const fields = member(row, 'customFields');
    if (fields === undefined) return undefined;
    return asRecord(fields)?.[path.slice('/customFields/'.length)] ?? null;
  }
  const special = (kind === 'post' ? POST_VALUES : USER_VALUES)[path];
  if (special) return special(row);
  if (kind === 'post') return undefined;
  return member(row, path.slice(1));
}

/**
 * The paths an op writes, as `pathValue` reads them: a custom-fields op writes one
 * path per key it sets (the rest of the field is left alone), any other op its path.
 */
export function pathsOfOp(op: PatchOp): string[] {
  const path = op.path ?? '';
  if (MERGED_PATHS.has(path) && (op.op ?? 'replace') !== 'remove') {
    return Object.keys(asRecord(op.value) ?? {}).map((key) => `${path}/${key}`);
  }
  return [path];
}

/** The request paths of an op list that name a field of the resource (`/notifications` names none). */
export function pathsOfOps(kind: Kind, ops: readonly PatchOp[]): string[] {
  const paths = new Set<string>();
  for (const op of ops) for (const path of pathsOfOp(op)) if (kind === 'user' || POST_VALUES[path]) paths.add(path);
  return [...paths];
}

/** Deep equality of comparable values (JSON data: objects, arrays, scalars). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  const x = asRecord(a);
  const y = asRecord(b);
  if (!x || !y) return false;
  const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
  for (const key of keys) if (!sameValue(x[key] ?? null, y[key] ?? null)) return false;
  return true;
}
