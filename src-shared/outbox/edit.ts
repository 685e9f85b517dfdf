import { z } from 'zod';

/**
 * The three offline edits: create a post (E3), patch a post (E16), patch a user
 * (E19). These schemas check only the shape the bridge can carry; whether an edit
 * would be accepted by the server is `validateEdit`'s job, so that a refusal comes
 * back as field errors rather than as an invalid argument.
 */

export const TEMPORARY_ID_PREFIX = 'tmp-';
const TEMPORARY_ID = /^tmp-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** True for the id of a post created offline and not yet known to the server. */
export function isTemporaryId(value: unknown): value is string {
  return typeof value === 'string' && TEMPORARY_ID.test(value);
}

/** `tmp-<uuid>` from a uuid (the caller brings the randomness). */
export function temporaryIdOf(uuid: string): string {
  return `${TEMPORARY_ID_PREFIX}${uuid.toLowerCase()}`;
}

const id = z.string().max(200);

/** One JSON-patch operation as the bridge carries it. */
export const patchOp = z.object({
  op: z.string().max(20).optional(),
  path: z.string().max(200).optional(),
  value: z.unknown().optional(),
  from: z.string().max(200).optional(),
});
export type PatchOp = z.infer<typeof patchOp>;

const ops = z.array(patchOp).max(100);

export const createPostEdit = z.object({
  kind: z.literal('createPost'),
  moduleId: id,
  /** `tmp-<uuid>`: the local id later edits refer to until the server assigns one. */
  tempId: id,
  /** The E3 request body. */
  body: z.record(z.string(), z.unknown()),
});

export const patchPostEdit = z.object({
  kind: z.literal('patchPost'),
  moduleId: id,
  /** A server id, or the temporary id of a post created offline. */
  contentId: id,
  ops,
});

export const patchUserEdit = z.object({
  kind: z.literal('patchUser'),
  userId: id,
  ops,
});

export const outboxEdit = z.discriminatedUnion('kind', [createPostEdit, patchPostEdit, patchUserEdit]);
export type CreatePostEdit = z.infer<typeof createPostEdit>;
export type PatchPostEdit = z.infer<typeof patchPostEdit>;
export type PatchUserEdit = z.infer<typeof patchUserEdit>;
export type OutboxEdit = z.infer<typeof outboxEdit>;
export type PatchEdit = PatchPostEdit | PatchUserEdit;

/** What the renderer sends: a create may leave the temporary id to main. */
export const outboxEditInput = z.discriminatedUnion('kind', [
  createPostEdit.extend({ tempId: id.optional() }),
  patchPostEdit,
  patchUserEdit,
]);
export type OutboxEditInput = z.infer<typeof outboxEditInput>;

/** True for the edits sent as JSON patch (E16, E19). */
export function isPatchEdit(edit: OutboxEdit): edit is PatchEdit {
  return edit.kind !== 'createPost';
}
