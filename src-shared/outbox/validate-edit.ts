import { ApiParseError, isGuid, parseRequest, type ParseIssue } from '../api/index.js';
import { isTemporaryId, outboxEdit, type OutboxEdit, type PatchOp } from './edit.js';

/** A problem with one field of an edit, worded for the user, placed next to the field. */
export interface FieldError {
  /**
   * The field in the form the editor names it: `name`, `locales[0].title`,
   * `phoneNumber.countryCode`, `moduleId`. Empty for the edit as a whole.
   */
  readonly path: string;
  readonly message: string;
}

export type EditValidation =
  | { readonly ok: true; readonly edit: OutboxEdit }
  | { readonly ok: false; readonly errors: readonly FieldError[] };

/** `$.locales[0].title` → `locales[0].title`; `$` → ``. */
function fieldOfBodyPath(jsonPath: string): string {
  return jsonPath.replace(/^\$\.?/, '');
}

/** `/phoneNumber` → `phoneNumber`. */
function fieldOfPointer(pointer: string | undefined): string {
  return (pointer ?? '').replace(/^\//, '').split('/').join('.');
}

/** Places an issue of a patch body (`$[2].value.countryCode`) on the field its op changes. */
function fieldOfPatchIssue(issue: ParseIssue, ops: readonly PatchOp[]): string {
  const match = /^\$\[(\d+)\]\.(path|op|value)(.*)$/.exec(issue.path);
  if (!match) return '';
  const index = Number(match[1]);
  const field = fieldOfPointer(ops[index]?.path);
  if (match[2] === 'value') return `${field}${match[3]}`;
  return field || `ops[${index}].${match[2]}`;
}

function issuesOf(error: unknown): readonly ParseIssue[] {
  if (error instanceof ApiParseError) return error.issues;
  throw error;
}

function checkId(errors: FieldError[], field: string, value: string, allowTemporary = false): void {
  if (isGuid(value) || (allowTemporary && isTemporaryId(value))) return;
  errors.push({ path: field, message: allowTemporary ? 'expected a guid or a temporary id' : 'expected a guid' });
}

/**
 * Drops what the server ignores (`from`); the ops come from parsing, which spelled
 * out a missing op as the path's documented one and dropped nulls of optional fields.
 */
function normalizeOps(ops: readonly PatchOp[]): PatchOp[] {
  return ops.map(({ op, path, value }) => (op === 'remove' ? { op, path } : { op, path, value }));
}

/**
 * Checks an edit as the server would before it is queued: ids are guids (a post may
 * also be named by the temporary id of a post created offline), an E3 body follows
 * the document (name ≤ 128, dates `yyyy-MM-ddTHH:mm:ss`, guids, required arrays),
 * and every patch op uses a documented path, op and value shape.
 * On success returns the edit normalized to exactly what will be sent (unknown body
 * fields dropped, default ops spelled out); otherwise every problem found, by field.
 */
export function validateEdit(input: unknown): EditValidation {
  const shaped = outboxEdit.safeParse(input);
  if (!shaped.success) {
    return {
      ok: false,
      errors: shaped.error.issues.map((issue) => ({
        path: issue.path.map((p) => String(p)).join('.'),
        message: issue.message,
      })),
    };
  }
  const edit = shaped.data;
  const errors: FieldError[] = [];
  switch (edit.kind) {
    case 'createPost': {
      checkId(errors, 'moduleId', edit.moduleId);
      if (!isTemporaryId(edit.tempId)) errors.push({ path: 'tempId', message: 'expected tmp-<uuid>' });
      try {
        const body = parseRequest('E3', edit.body);
        if (errors.length === 0) return { ok: true, edit: { ...edit, body } };
      } catch (error) {
        for (const issue of issuesOf(error)) errors.push({ path: fieldOfBodyPath(issue.path), message: issue.message });
      }
      break;
    }
    case 'patchPost':
    case 'patchUser': {
      if (edit.kind === 'patchPost') {
        checkId(errors, 'moduleId', edit.moduleId);
        checkId(errors, 'contentId', edit.contentId, true);
      } else {
        checkId(errors, 'userId', edit.userId);
      }
      try {
        const ops = parseRequest(edit.kind === 'patchPost' ? 'E16' : 'E19', edit.ops);
        if (errors.length === 0) return { ok: true, edit: { ...edit, ops: normalizeOps(ops) } };
      } catch (error) {
        for (const issue of issuesOf(error)) errors.push({ path: fieldOfPatchIssue(issue, edit.ops), message: issue.message });
      }
      break;
    }
  }
  return { ok: false, errors };
}
