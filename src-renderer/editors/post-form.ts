import { ApiParseError, parseRequest, postPatchPaths, setOpOf, type CreatePostBody, type PatchOperation } from '../../src-shared/api/index.js';
import { htmlToMarkdown } from '../lib/html-to-markdown.js';

/** One culture's texts; `bodyText` is Markdown (the API converts it). */
export interface LocaleInput {
  culture: string;
  title: string;
  bodyText: string;
}

export interface PermissionInput {
  departments: string[];
  userGroups: string[];
  requireAllUserGroups: boolean;
}

export interface NotificationsInput {
  sendNotification: boolean;
  sendPushNotification: boolean;
  forceInstantPush: boolean;
}

/** Everything the post editor edits; creating uses all of it, patching the E16 paths. */
export interface PostForm {
  name: string;
  /** `yyyy-MM-ddTHH:mm:ss`, local to its time zone. */
  startDate: string;
  startDateTimeZone: string;
  endDate: string;
  endDateTimeZone: string;
  categoryId: string;
  mediaIds: string[];
  publishOnCreate: boolean;
  locales: LocaleInput[];
  permissions: PermissionInput[];
  notifications: NotificationsInput;
}

export function emptyPostForm(now: Date, timeZone: string, culture: string): PostForm {
  return {
    name: '',
    startDate: toLocalInput(now),
    startDateTimeZone: timeZone,
    endDate: '',
    endDateTimeZone: timeZone,
    categoryId: '',
    mediaIds: [],
    publishOnCreate: true,
    locales: [{ culture, title: '', bodyText: '' }],
    permissions: [{ departments: [], userGroups: [], requireAllUserGroups: false }],
    notifications: { sendNotification: false, sendPushNotification: false, forceInstantPush: false },
  };
}

/** A Date as `yyyy-MM-ddTHH:mm:ss` in the machine's local time. */
export function toLocalInput(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}T${p(date.getHours())}:${p(date.getMinutes())}:${p(date.getSeconds())}`;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const ids = (v: unknown) => (Array.isArray(v) ? v.map((x) => (x && typeof x === 'object' ? str((x as Record<string, unknown>).id) : str(x))).filter(Boolean) : []);

/**
 * The form for an existing post. Server bodies are HTML and the API takes Markdown, so
 * each body is offered as the Markdown that renders to it: a patch that replaces
 * `/locales` for a new title sends the other bodies back in the form the API expects.
 */
export function postFormFromRow(row: Readonly<Record<string, unknown>>): PostForm {
  const locales = Array.isArray(row.locales) ? (row.locales as Record<string, unknown>[]) : [];
  const permissions = Array.isArray(row.permissions) ? (row.permissions as Record<string, unknown>[]) : [];
  const medias = Array.isArray(row.medias) ? (row.medias as Record<string, unknown>[]) : [];
  return {
    name: str(row.name) || locales.map((l) => str(l.title)).find(Boolean) || '',
    startDate: str(row.availableFrom).slice(0, 19),
    startDateTimeZone: str(row.startDateTimeZone),
    endDate: str(row.availableUntil).slice(0, 19),
    endDateTimeZone: str(row.endDateTimeZone),
    categoryId: str(row.categoryId),
    mediaIds: medias.map((m) => str(m.id)).filter(Boolean),
    publishOnCreate: true,
    locales: locales.map((l) => ({ culture: str(l.culture), title: str(l.title), bodyText: htmlToMarkdown(str(l.bodyText)) })),
    permissions: permissions.map((p) => ({ departments: ids(p.departments), userGroups: ids(p.userGroups), requireAllUserGroups: p.requireAllUserGroups === true })),
    notifications: { sendNotification: false, sendPushNotification: false, forceInstantPush: false },
  };
}

const bool = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);

/**
 * The form of a new post's E3 body (the inverse of {@link createBodyOf}): a create the
 * server refused reopens with everything the user typed, bodies still in Markdown.
 */
export function postFormFromCreateBody(body: Readonly<Record<string, unknown>>): PostForm {
  const list = (v: unknown) => (Array.isArray(v) ? (v as Record<string, unknown>[]) : []);
  const notifications = body.notifications && typeof body.notifications === 'object' ? (body.notifications as Record<string, unknown>) : {};
  return {
    name: str(body.name),
    startDate: str(body.startDate),
    startDateTimeZone: str(body.startDateTimeZone),
    endDate: str(body.endDate),
    endDateTimeZone: str(body.endDateTimeZone),
    categoryId: str(body.categoryId),
    mediaIds: list(body.mediaIds).map(str).filter(Boolean),
    publishOnCreate: bool(body.publishOnCreate, true),
    locales: list(body.locales).map((l) => ({ culture: str(l.culture), title: str(l.title), bodyText: str(l.bodyText) })),
    permissions: list(body.permissions).map((p) => ({ departments: ids(p.departments), userGroups: ids(p.userGroups), requireAllUserGroups: p.requireAllUserGroups === true })),
    notifications: {
      sendNotification: bool(notifications.sendNotification, false),
      sendPushNotification: bool(notifications.sendPushNotification, false),
      forceInstantPush: bool(notifications.forceInstantPush, false),
    },
  };
}

const blankToUndefined = (v: string) => (v.trim() === '' ? undefined : v.trim());

/** The E3 request body of a form (not yet validated). */
export function createBodyOf(form: PostForm): Record<string, unknown> {
  return {
    name: form.name.trim(),
    startDate: form.startDate,
    startDateTimeZone: blankToUndefined(form.startDateTimeZone),
    endDate: blankToUndefined(form.endDate),
    endDateTimeZone: form.endDate.trim() ? blankToUndefined(form.endDateTimeZone) : undefined,
    categoryId: blankToUndefined(form.categoryId),
    mediaIds: form.mediaIds.length ? form.mediaIds : undefined,
    publishOnCreate: form.publishOnCreate,
    locales: form.locales.map((l) => ({ culture: l.culture || undefined, title: l.title || undefined, bodyText: l.bodyText || undefined })),
    permissions: form.permissions.map((p) => ({ departments: p.departments, userGroups: p.userGroups, requireAllUserGroups: p.requireAllUserGroups })),
    notifications: { ...form.notifications },
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The op the catalogue's table gives an E16 path (the document shows `replace`). */
const opOf = (path: string) => setOpOf(postPatchPaths, path);

/** The E16 operations that turn `original` into `form`: one op per changed path. */
export function patchOpsOf(original: PostForm, form: PostForm): PatchOperation[] {
  const ops: PatchOperation[] = [];
  if (form.categoryId !== original.categoryId && form.categoryId.trim()) ops.push({ op: opOf('/categoryId'), path: '/categoryId', value: form.categoryId.trim() });
  if (!same(form.locales, original.locales)) ops.push({ op: opOf('/locales'), path: '/locales', value: form.locales.map((l) => ({ ...l })) });
  if (!same(form.mediaIds, original.mediaIds)) ops.push({ op: opOf('/mediaIds'), path: '/mediaIds', value: [...form.mediaIds] });
  if (!same(form.permissions, original.permissions)) ops.push({ op: opOf('/permissions'), path: '/permissions', value: form.permissions.map((p) => ({ ...p })) });
  if (!same(form.notifications, original.notifications)) ops.push({ op: opOf('/notifications'), path: '/notifications', value: { ...form.notifications } });
  return ops;
}

/** Field problems by JSON path (`$.locales[0].title`), as the server would report them. */
export type FormProblems = Record<string, string>;

export function problemsOf(error: unknown): FormProblems {
  if (!(error instanceof ApiParseError)) return { $: error instanceof Error ? error.message : String(error) };
  return Object.fromEntries(error.issues.map((i) => [i.path, i.message]));
}

/** Validates a create as the server would; problems by path, or the body. */
export function validateCreate(form: PostForm): { body: CreatePostBody } | { problems: FormProblems } {
  try {
    return { body: parseRequest('E3', createBodyOf(form)) };
  } catch (error) {
    return { problems: problemsOf(error) };
  }
}

export function validatePatch(ops: PatchOperation[]): { ops: PatchOperation[] } | { problems: FormProblems } {
  try {
    return { ops: parseRequest('E16', ops) };
  } catch (error) {
    return { problems: problemsOf(error) };
  }
}

/** Whether an option of a module's notification settings may be used, and why not. */
export interface NotificationRule {
  readonly allowed: boolean;
  readonly reason: string | null;
}

/**
 * The content module's settings enable the request's notification options:
 * notificationsEnabled gates all of them, pushNotificationsEnabled the push,
 * forceInstantPushEnabled the instant push. Unknown settings (module not cached) allow.
 */
export function notificationRules(module: Readonly<Record<string, unknown>> | null): Record<keyof NotificationsInput, NotificationRule> {
  const off = (key: string) => module !== null && module[key] === false;
  const all = off('notificationsEnabled') ? 'Notifications are turned off for this module' : null;
  const push = all ?? (off('pushNotificationsEnabled') ? 'Push notifications are turned off for this module' : null);
  const instant = push ?? (off('forceInstantPushEnabled') ? 'Instant push is not enabled for this module' : null);
  return {
    sendNotification: { allowed: all === null, reason: all },
    sendPushNotification: { allowed: push === null, reason: push },
    forceInstantPush: { allowed: instant === null, reason: instant },
  };
}

/** Turns off options the module does not allow, so they are never sent. */
export function clampNotifications(value: NotificationsInput, rules: Record<keyof NotificationsInput, NotificationRule>): NotificationsInput {
  return {
    sendNotification: value.sendNotification && rules.sendNotification.allowed,
    sendPushNotification: value.sendPushNotification && rules.sendPushNotification.allowed,
    forceInstantPush: value.forceInstantPush && rules.forceInstantPush.allowed,
  };
}
