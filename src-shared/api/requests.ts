import { z } from 'zod';
import { guid, integer, requestDateTime } from './scalars.js';
import { userCustomFields } from './resources.js';

/** Request bodies of the three writes (E3, E16, E19), as the document states them. */

const localeInput = z.object({
  culture: z.string().optional(),
  title: z.string().optional(),
  /** Markdown. */
  bodyText: z.string().optional(),
});

const permissionInput = z.object({
  departments: z.array(guid),
  userGroups: z.array(guid),
  requireAllUserGroups: z.boolean().optional(),
});

const notificationsInput = z.object({
  sendNotification: z.boolean().optional(),
  sendPushNotification: z.boolean().optional(),
  forceInstantPush: z.boolean().optional(),
});

export const NAME_MAX_LENGTH = 128;

/** E3 body: create a content post. */
export const createPostBody = z.object({
  name: z.string().min(1, 'name is required').max(NAME_MAX_LENGTH, `at most ${NAME_MAX_LENGTH} characters`),
  startDate: requestDateTime,
  startDateTimeZone: z.string().optional(),
  endDate: requestDateTime.optional(),
  endDateTimeZone: z.string().optional(),
  categoryId: guid.optional(),
  mediaIds: z.array(guid).optional(),
  publishOnCreate: z.boolean().optional(),
  locales: z.array(localeInput),
  permissions: z.array(permissionInput),
  notifications: notificationsInput.optional(),
});
export type CreatePostBody = z.infer<typeof createPostBody>;

/** One documented patch path: which ops the client may send and the value's shape. */
export interface PatchPathRule {
  readonly ops: readonly ('add' | 'replace' | 'remove')[];
  /** Absent for paths whose only op is `remove`. */
  readonly value?: z.ZodType;
}

/** E16: the paths of a content post that may be replaced. */
export const postPatchPaths: Readonly<Record<string, PatchPathRule>> = {
  '/categoryId': { ops: ['replace'], value: guid },
  // The same locale, permission and notification objects as E3's body, whose table
  // states which of their fields are optional.
  '/locales': { ops: ['replace'], value: z.array(localeInput) },
  '/mediaIds': { ops: ['replace'], value: z.array(guid) },
  '/permissions': { ops: ['replace'], value: z.array(permissionInput) },
  '/notifications': { ops: ['replace'], value: notificationsInput },
};

const valueOps = ['add', 'replace'] as const;

/**
 * E19: the paths of a user seen in the document. `add` and `replace` are treated as
 * one ("set"), since the document shows both for value-bearing paths.
 */
export const userPatchPaths: Readonly<Record<string, PatchPathRule>> = {
  // The 128-character limit of the document is E3's post name, not a user's name.
  '/name': { ops: valueOps, value: z.string() },
  '/phoneNumber': {
    ops: valueOps,
    value: z.object({ countryCode: integer, number: z.string() }),
  },
  '/title': { ops: ['remove', ...valueOps], value: z.string() },
  '/customFields': { ops: valueOps, value: userCustomFields },
  '/gender': { ops: valueOps, value: z.string() },
  '/initials': { ops: valueOps, value: z.string() },
  '/registerNumber': { ops: valueOps, value: z.string() },
  '/dutyPlanNumber': { ops: valueOps, value: z.string() },
  '/imageId': { ops: valueOps, value: guid },
  '/memberCardId': { ops: valueOps, value: guid },
  '/cardNumber': { ops: valueOps, value: z.string() },
};

const patchOperation = z.object({
  op: z.string().optional(),
  path: z.string().optional(),
  value: z.unknown().optional(),
  from: z.string().optional(),
});
export type PatchOperation = z.infer<typeof patchOperation>;

/** Builds the body schema of a JSON-patch endpoint from its table of allowed paths. */
function patchBody(rules: Readonly<Record<string, PatchPathRule>>) {
  return z
    .array(patchOperation)
    .min(1, 'a patch needs at least one operation')
    .superRefine((ops, ctx) => {
      ops.forEach((operation, index) => {
        const op = operation.op ?? 'replace';
        // Own keys only: a path such as `constructor` must not find Object's prototype.
        const rule =
          operation.path !== undefined && Object.hasOwn(rules, operation.path)
            ? rules[operation.path]
            : undefined;
        if (!rule) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'path'],
            message: `path must be one of ${Object.keys(rules).join(', ')}`,
          });
          return;
        }
        if (!(rule.ops as readonly string[]).includes(op)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'op'],
            message: `op must be one of ${rule.ops.join(', ')} for ${operation.path}`,
          });
          return;
        }
        if (op === 'remove') return;
        const result = rule.value?.safeParse(operation.value);
        if (result && !result.success) {
          for (const issue of result.error.issues) {
            ctx.addIssue({
              code: 'custom',
              path: [index, 'value', ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
              message: issue.message,
            });
          }
        }
      });
    });
}

/** E16 body. */
export const patchPostBody = patchBody(postPatchPaths);
/** E19 body. */
export const patchUserBody = patchBody(userPatchPaths);

export const requests = {
  createPost: createPostBody,
  patchPost: patchPostBody,
  patchUser: patchUserBody,
} as const;
export type RequestName = keyof typeof requests;
