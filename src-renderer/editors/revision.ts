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
}

/**
 * The revision of a waiting patch, or null for what cannot be revised (a create, an
 * entry in flight or settled, a record of another shape). `current` is the target's
 * stored row, used when the entry kept no base.
 */
export function revisionOf(raw: Record<string, unknown>, current: Row | null): Revision | null {
  const parsed = outboxEntry.safeParse(raw);
  if (!parsed.success) return null;
  const entry: OutboxEntry = parsed.data;
  if (entry.edit.kind === 'createPost' || !['queued', 'needs-attention', 'conflict'].includes(entry.state)) return null;
  const id = entry.edit.kind === 'patchPost' ? entry.edit.contentId : entry.edit.userId;
  const original = entry.conflict?.theirs ?? entry.base ?? current ?? { id };
  return {
    entryId: entry.id,
    original,
    edited: applyEditsLocally(original, [entry.edit]) ?? original,
    fields: entry.lastError?.fields ?? [],
  };
}

/** Field errors as the editors key their problems: `$.phoneNumber.number`, `$` for the edit as a whole. */
export function problemsOfFields(fields: readonly FieldError[]): Record<string, string> {
  return Object.fromEntries(fields.map((f) => [f.path ? `$.${f.path}` : '$', f.message]));
}
