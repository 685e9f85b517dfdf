import jsonpatch, { type Operation } from 'fast-json-patch';
import type { CreatePostBody } from '../api/index.js';
import { MERGED_PATHS } from './coalesce.js';
import type { CreatePostEdit, OutboxEdit, PatchOp } from './edit.js';
import { bodyHtmlOf } from './markdown-body.js';

/** A row as the mirror stores it: the server's resource, unknown fields kept. */
export type Row = Record<string, unknown>;

type Ref = Record<string, unknown> & { id?: unknown };

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** `{id}` references, keeping what the row already knew of each (a name, a url). */
function refs(ids: unknown, known: readonly unknown[]): Ref[] {
  return asArray(ids).map((id) => (known.find((k) => asRecord(k).id === id) as Ref | undefined) ?? { id });
}

/** A request's permissions (`departments: [guid]`) in the resource's shape (`departments: [{id}]`). */
function permissionsOf(value: unknown, current: unknown): Row[] {
  const known = asArray(current).flatMap((p) => [...asArray(asRecord(p).departments), ...asArray(asRecord(p).userGroups)]);
  return asArray(value).map((p) => {
    const input = asRecord(p);
    return {
      departments: refs(input.departments, known),
      userGroups: refs(input.userGroups, known),
      requireAllUserGroups: input.requireAllUserGroups ?? false,
    };
  });
}

/** Request locales (bodies in Markdown) as the resource shows them (bodies in HTML). */
function localesOf(value: unknown): Row[] {
  return asArray(value).map((l) => {
    const locale = { ...asRecord(jsonpatch.deepClone(l)) };
    if (typeof locale.bodyText === 'string') locale.bodyText = bodyHtmlOf(locale.bodyText);
    return locale;
  });
}

/**
 * How an op on a request path shows in the resource, where the two differ: requests
 * name ids (`/mediaIds`, `/imageId`), resources carry objects (`medias`, `image`).
 * The server's answer replaces this guess once the edit is sent.
 */
const projections: Readonly<Record<string, (value: unknown, row: Row) => readonly [string, unknown]>> = {
  'post:/mediaIds': (value, row) => ['medias', refs(value, asArray(row.medias))],
  'post:/permissions': (value, row) => ['permissions', permissionsOf(value, row.permissions)],
  'post:/locales': (value) => ['locales', localesOf(value)],
  'user:/imageId': (value, row) => ['image', asRecord(row.image).id === value ? row.image : { id: value }],
  'user:/memberCardId': (value, row) => ['memberCard', { ...asRecord(row.memberCard), id: value }],
  'user:/cardNumber': (value, row) => ['memberCard', { ...asRecord(row.memberCard), cardNumber: value }],
};

function escapePointer(field: string): string {
  return `/${field.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/**
 * The resource-level JSON-patch ops of one request op, given the row it lands on. A
 * removed field reads as null (the API returns unset values as null), and custom
 * fields merge by key (see `MERGED_PATHS`).
 */
function rowOpsOf(kind: 'post' | 'user', op: PatchOp, row: Row): Operation[] {
  const path = op.path ?? '';
  if ((op.op ?? 'replace') === 'remove') {
    if (MERGED_PATHS.has(path)) return [{ op: 'add', path, value: {} }];
    const projection = projections[`${kind}:${path}`];
    if (projection) {
      const [field, projected] = projection(null, row);
      return [{ op: 'add', path: escapePointer(field), value: field === 'image' ? null : projected }];
    }
    return [{ op: 'add', path, value: null }];
  }
  const value = jsonpatch.deepClone(op.value) as unknown;
  if (MERGED_PATHS.has(path)) return [{ op: 'add', path, value: { ...asRecord(row[path.slice(1)]), ...asRecord(value) } }];
  const projection = projections[`${kind}:${path}`];
  if (projection) {
    const [field, projected] = projection(value, row);
    return [{ op: 'add', path: escapePointer(field), value: projected }];
  }
  // `add` sets a member whether or not it exists; `replace` would fail on a missing one.
  return [{ op: 'add', path, value }];
}

/** The local post a create makes, shown (pending) until the server answers with its own. */
export function localPostOf(edit: CreatePostEdit): Row {
  const body = edit.body as Partial<CreatePostBody>;
  const post: Row = {
    id: edit.tempId,
    name: body.name,
    availableFrom: body.startDate,
    availableUntil: body.endDate ?? null,
    categoryId: body.categoryId ?? null,
    medias: refs(body.mediaIds, []),
    locales: localesOf(body.locales),
    permissions: permissionsOf(body.permissions, []),
    mentions: [],
  };
  if (body.startDateTimeZone !== undefined) post.startDateTimeZone = body.startDateTimeZone;
  if (body.endDateTimeZone !== undefined) post.endDateTimeZone = body.endDateTimeZone;
  if (body.notifications !== undefined) post.notifications = jsonpatch.deepClone(body.notifications) as unknown;
  return post;
}

/**
 * The optimistic local copy: `edits` applied in order onto a copy of `base` (the
 * server's row, or null when there is none yet). A create makes the post from its
 * body; a patch of an unknown row starts from `{ id }`. `base` is never modified.
 */
export function applyEditsLocally(base: Row | null, edits: readonly OutboxEdit[]): Row | null {
  let row: Row | null = base === null ? null : (jsonpatch.deepClone(base) as Row);
  for (const edit of edits) {
    if (edit.kind === 'createPost') {
      row = localPostOf(edit);
      continue;
    }
    const current: Row = row ?? { id: edit.kind === 'patchPost' ? edit.contentId : edit.userId };
    const kind = edit.kind === 'patchPost' ? 'post' : 'user';
    let next = current;
    for (const op of edit.ops) {
      next = jsonpatch.applyPatch(next, rowOpsOf(kind, op, next), false, true).newDocument;
    }
    row = next;
  }
  return row;
}
