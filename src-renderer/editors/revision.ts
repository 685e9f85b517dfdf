import { applyEditsLocally, outboxEntry, type FieldError, type OutboxEntry, type Row } from '../../src-shared/outbox/index.js';

/**
 * An outbox entry opened again in its editor: to fix what the server refused, or to
 * edit a conflict. The form starts from `original` (what the edit changes: the server's
 * newer copy for a conflict, the copy it was based on otherwise) with the edit applied.
 */
export interface Revision {
  readonly entryId: string;
  readonly original: Row;
  readonly edited: Row;
  /** The server's field errors (ProblemDetails `errors`), by the editor's field names. */
  readonly fields: readonly FieldError[];
  /** A new post's E3 body (then `original` and `edited` are that body too): the form starts from it. */
  readonly createBody: Readonly<Record<string, unknown>> | null;
}

/**
 * The revision of a waiting edit, or null for what cannot be revised (an entry in
 * flight, settled or uncertain, a record of another shape). A patch starts from its
 * base (`current`, the target's stored row, when the entry kept none); a new post
 * from the body it would send.
 */
export function revisionOf(raw: Record<string, unknown>, current: Row | null): Revision | null {
  const parsed = outboxEntry.safeParse(raw);
  if (!parsed.success) return null;
  const entry: OutboxEntry = parsed.data;
  if (!['queued', 'needs-attention', 'conflict'].includes(entry.state)) return null;
  if (entry.edit.kind === 'createPost') {
    const body = entry.edit.body;
    return { entryId: entry.id, original: body, edited: body, fields: entry.lastError?.fields ?? [], createBody: body };
  }
  const id = entry.edit.kind === 'patchPost' ? entry.edit.contentId : entry.edit.userId;
  const original = entry.conflict?.theirs ?? entry.base ?? current ?? { id };
  return {
    entryId: entry.id,
    original,
    edited: applyEditsLocally(original, [entry.edit]) ?? original,
    fields: entry.lastError?.fields ?? [],
    createBody: null,
  };
}

/** Field errors as the editors key their problems: `$.phoneNumber.number`, `$` for the edit as a whole. */
export function problemsOfFields(fields: readonly FieldError[]): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.path ? `$.${f.path}` : '$', f.message]));
}
