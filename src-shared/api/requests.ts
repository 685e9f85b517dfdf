import { z } from 'zod';
import { guid, integer, requestDateTime } from './scalars.js';
import { userCustomFields } from './resources.js';

/**
 * Request bodies of the three writes (E3, E16, E19), as the document states them.
 *
 * Optional fields take JSON null: the service's model binder reads null on an optional
 * property as "not set", so null is accepted and comes out of parsing as absent.
 * Required fields still refuse null.
 */

/** An optional request field: absent, null, or a value of `schema`; null parses as absent. */
export function optionalInput<T extends z.ZodType>(schema: T) {
  return schema
    .nullish()
    .transform((value): z.output<T> | undefined => value ?? undefined)
    .optional();
}

const localeInput = z.object({
  culture: optionalInput(z.string()),
  title: optionalInput(z.string()),
  /** Markdown. */
  bodyText: optionalInput(z.string()),
});

const permissionInput = z.object({
  departments: z.array(guid),
  userGroups: z.array(guid),
  requireAllUserGroups: optionalInput(z.boolean()),
});

const notificationsInput = z.object({
  sendNotification: optionalInput(z.boolean()),
  sendPushNotification: optionalInput(z.boolean()),
  forceInstantPush: optionalInput(z.boolean()),
});

export const NAME_MAX_LENGTH = 128;

/** E3 body: create a content post. */
export const createPostBody = z.object({
  name: z.string().min(1, 'name is required').max(NAME_MAX_LENGTH, `at most ${NAME_MAX_LENGTH} characters`),
  startDate: requestDateTime,
  startDateTimeZone: optionalInput(z.string()),
  endDate: optionalInput(requestDateTime),
  endDateTimeZone: optionalInput(z.string()),
  categoryId: optionalInput(guid),
  mediaIds: optionalInput(z.array(guid)),
  publishOnCreate: optionalInput(z.boolean()),
  locales: z.array(localeInput),
  permissions: z.array(permissionInput),
  notifications: optionalInput(notificationsInput),
});
export type CreatePostBody = z.infer<typeof createPostBody>;

export type PatchOpName = 'add' | 'replace' | 'remove';

/**
 * One documented patch path: the operation that sets its value (the one the document
 * shows for the path, and the one the client sends), every operation it takes, and
 * the value's shape.
 */
export interface PatchPathRule {
  readonly set: 'add' | 'replace';
  /** `set`, plus `remove` where the document shows it. */
  readonly ops: readonly PatchOpName[];
  readonly value: z.ZodType;
}

const setBy = (set: 'add' | 'replace', value: z.ZodType): PatchPathRule => ({ set, ops: [set], value });

/** E16: the paths of a content post; the document shows only `replace` for them. */
export const postPatchPaths: Readonly<Record<string, PatchPathRule>> = {
  '/categoryId': setBy('replace', guid),
  // The same locale, permission and notification objects as E3's body, whose table
  // states which of their fields are optional.
  '/locales': setBy('replace', z.array(localeInput)),
  '/mediaIds': setBy('replace', z.array(guid)),
  '/permissions': setBy('replace', z.array(permissionInput)),
  '/notifications': setBy('replace', notificationsInput),
};

/**
 * E19: the paths of a user seen in the document, each with the op the document shows
 * for it. /title is shown only with `remove`; setting it uses `replace`, as for the
 * other optional profile texts the document shows (/gender, /cardNumber).
 */
export const userPatchPaths: Readonly<Record<string, PatchPathRule>> = {
  // The 128-character limit of the document is E3's post name, not a user's name.
  '/name': setBy('add', z.string()),
  '/phoneNumber': setBy('replace', z.object({ countryCode: integer, number: z.string() })),
  '/title': { set: 'replace', ops: ['remove', 'replace'], value: z.string() },
  '/customFields': setBy('add', userCustomFields),
  '/gender': setBy('replace', z.string()),
  '/initials': setBy('add', z.string()),
  '/registerNumber': setBy('add', z.string()),
  '/dutyPlanNumber': setBy('add', z.string()),
  '/imageId': setBy('replace', guid),
  '/memberCardId': setBy('replace', guid),
  '/cardNumber': setBy('replace', z.string()),
};

/** The op that sets `path` on a write (E16 or E19), as the document shows it; undefined for an unknown path. */
export function setOpOf(rules: Readonly<Record<string, PatchPathRule>>, path: string): 'add' | 'replace' | undefined {
  return Object.hasOwn(rules, path) ? rules[path]!.set : undefined;
}

const patchOperation = z.object({
  op: optionalInput(z.string()),
  path: optionalInput(z.string()),
  // A null value is an absent one: a set op then lacks its value and is refused below.
  value: z.unknown().transform((value): unknown => value ?? undefined).optional(),
  from: optionalInput(z.string()),
});
export type PatchOperation = z.infer<typeof patchOperation>;

/**
 * Builds the body schema of a JSON-patch endpoint from its table of allowed paths.
 * Each op must be one the table gives for its path; a missing op means the path's
 * documented set op and comes out spelled out; values come out parsed (nulls of
 * optional fields dropped).
 */
function patchBody(rules: Readonly<Record<string, PatchPathRule>>) {
  return z
    .array(patchOperation)
    .min(1, 'a patch needs at least one operation')
    .transform((ops, ctx) => {
      let valid = true;
      const refuse = (path: PropertyKey[], message: string) => {
        valid = false;
        ctx.addIssue({ code: 'custom', path, message });
      };
      const parsed = ops.map((operation, index): PatchOperation => {
        // Own keys only: a path such as `constructor` must not find Object's prototype.
        const rule =
          operation.path !== undefined && Object.hasOwn(rules, operation.path)
            ? rules[operation.path]
            : undefined;
        if (!rule) {
          refuse([index, 'path'], `path must be one of ${Object.keys(rules).join(', ')}`);
          return operation;
        }
        const op = operation.op ?? rule.set;
        if (!(rule.ops as readonly string[]).includes(op)) {
          refuse([index, 'op'], `op must be ${rule.ops.join(' or ')} for ${operation.path}`);
          return operation;
        }
        if (op === 'remove') return { ...operation, op };
        const result = rule.value.safeParse(operation.value);
        if (result.success) return { ...operation, op, value: result.data };
        for (const issue of result.error.issues) {
          refuse([index, 'value', ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))], issue.message);
        }
        return operation;
      });
      return valid ? parsed : z.NEVER;
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
