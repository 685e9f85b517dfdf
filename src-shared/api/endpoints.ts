import { apiPrefix } from './paths.js';
import type { ResourceName } from './resources.js';
import type { RequestName } from './requests.js';
import type { ScalarType } from './scalars.js';

/**
 * The catalogue: every endpoint of the Workplace Platform API declared once. The
 * reference server's routes, the sync engine's scopes, the Dexie tables and the
 * renderer's columns are all derived from this data; nothing restates it.
 */

export type ApiVersion = '1.3' | '1.4';
export type HttpMethod = 'GET' | 'POST' | 'PATCH';
export type EndpointKind = 'list' | 'get' | 'create' | 'patch';
export type Area =
  | 'datalists'
  | 'content'
  | 'calendars'
  | 'serviceform'
  | 'survey'
  | 'taskmanagement'
  | 'users'
  | 'notifications'
  | 'training';

/** A query parameter of a list endpoint: F = filterable, S = sortable. */
export interface QueryParam {
  readonly type: ScalarType;
  readonly filter: boolean;
  readonly sort: boolean;
}

/**
 * Where the path parameters of a discovered list come from: `scope` copies a
 * parameter of the parent's scope, `row` takes a field of a parent row.
 */
export type ParamSource = { readonly scope: string } | { readonly row: string };

export interface EndpointDef {
  readonly id: EndpointId;
  readonly title: string;
  readonly method: HttpMethod;
  readonly version: ApiVersion;
  /** Relative to `{base_url}/api/v<version>`, with `{param}` placeholders. */
  readonly path: string;
  readonly pathParams: readonly string[];
  readonly kind: EndpointKind;
  readonly area: Area;
  readonly access: 'read' | 'write';
  /** F/S query parameters (list endpoints, and E5 which repeats E4's). */
  readonly query: Readonly<Record<string, QueryParam>>;
  /** Default sort in the dialect (`-` prefix = descending); null when the document is silent. */
  readonly defaultSort: string | null;
  /** The response resource (of each list element, or of `data`). */
  readonly resource: ResourceName;
  /** The fields that identify a row of the resource. */
  readonly primaryKey: readonly string[];
  /** Request body schema name for writes. */
  readonly request?: RequestName;
  /** Request content type for writes. */
  readonly contentType?: 'application/json' | 'application/json-patch+json';
  /** The Dexie table holding this endpoint's rows. */
  readonly table: string;
  /** For lists whose path ids come from another list's rows. */
  readonly discoveredFrom?: {
    readonly endpoint: EndpointId;
    readonly params: Readonly<Record<string, ParamSource>>;
  };
  /** A documented 400 of this endpoint, which makes a scope "not available". */
  readonly unavailableWhen?: string;
  /**
   * How the service's answer names that reason: every pattern must match its message.
   * Any other refusal is an error, however it is worded.
   */
  readonly unavailableReason?: readonly RegExp[];
}

export type EndpointId =
  | 'E1' | 'E2' | 'E3' | 'E4' | 'E5' | 'E6' | 'E7' | 'E8' | 'E9' | 'E10' | 'E11'
  | 'E12' | 'E13' | 'E14' | 'E15' | 'E16' | 'E17' | 'E18' | 'E19' | 'E20' | 'E21';

const F = { filter: true, sort: false } as const;
const S = { filter: false, sort: true } as const;
const FS = { filter: true, sort: true } as const;
const q = (type: ScalarType, flags: { filter: boolean; sort: boolean }): QueryParam => ({
  type,
  ...flags,
});

const ID = ['id'] as const;
/** Words of an answer saying a feature is switched off. */
const SWITCHED_OFF = /\bnot (?:been )?(?:enabled|activated|active|available|supported)\b|\bdisabled\b|\bunavailable\b|\bturned off\b|\bswitched off\b/i;
const FORM_CHILD = {
  endpoint: 'E12',
  params: { moduleId: { scope: 'moduleId' }, formId: { row: 'id' } },
} as const;

const formsQueryStagesPages = {
  creationDateTime: q('datetimeoffset', FS),
  id: q('guid', F),
  isVisible: q('boolean', F),
  lastModifiedDateTime: q('datetimeoffset', FS),
  name: q('string', FS),
} as const;

const participationQuery = {
  attendanceConfirmed: q('boolean', F),
  creationDateTime: q('datetimeoffset', FS),
  eventId: q('guid', F),
  fillingId: q('guid', F),
  id: q('guid', F),
  lastModifiedDateTime: q('datetimeoffset', FS),
  status: q('string', FS),
  userId: q('guid', F),
} as const;

export const endpoints: Readonly<Record<EndpointId, EndpointDef>> = {
  E1: {
    id: 'E1',
    title: 'Get data list items',
    method: 'GET',
    version: '1.4',
    path: '/dataLists/{dataListId}/items',
    pathParams: ['dataListId'],
    kind: 'list',
    area: 'datalists',
    access: 'read',
    query: {
      creationDateTime: q('datetimeoffset', FS),
      customId: q('string', FS),
      id: q('guid', F),
      isEnabled: q('boolean', F),
      lastModifiedDateTime: q('datetimeoffset', FS),
      sortOrder: q('integer', FS),
    },
    defaultSort: 'sortOrder',
    resource: 'dataListItem',
    primaryKey: ID,
    table: 'dataListItems',
    unavailableWhen: 'the data list is of type Department, User or User Group',
    unavailableReason: [/\b(?:users?|departments?|user ?groups?)\b/i, /\btype\b|\bderive/i],
  },
  E2: {
    id: 'E2',
    title: 'Get comments',
    method: 'GET',
    version: '1.4',
    path: '/contentmodules/{moduleId}/content/{contentId}/comments',
    pathParams: ['moduleId', 'contentId'],
    kind: 'list',
    area: 'content',
    access: 'read',
    query: {
      creationDateTime: q('datetimeoffset', FS),
      id: q('guid', F),
      lastModifiedDateTime: q('datetimeoffset', FS),
      parentCommentId: q('guid', F),
      userId: q('guid', F),
    },
    defaultSort: '-creationDateTime',
    resource: 'comment',
    primaryKey: ID,
    table: 'comments',
    unavailableWhen: 'comments are not enabled on the module',
    unavailableReason: [/\bcomment/i, SWITCHED_OFF],
  },
  E3: {
    id: 'E3',
    title: 'Create content post',
    method: 'POST',
    version: '1.3',
    path: '/contentmodules/{moduleId}/content',
    pathParams: ['moduleId'],
    kind: 'create',
    area: 'content',
    access: 'write',
    query: {},
    defaultSort: null,
    resource: 'contentPost',
    primaryKey: ID,
    request: 'createPost',
    contentType: 'application/json',
    table: 'posts',
  },
  E4: {
    id: 'E4',
    title: 'List participations',
    method: 'GET',
    version: '1.4',
    path: '/calendarmodules/{moduleId}/calendars/{calendarId}/participation',
    pathParams: ['moduleId', 'calendarId'],
    kind: 'list',
    area: 'calendars',
    access: 'read',
    query: participationQuery,
    defaultSort: 'creationDateTime',
    resource: 'participation',
    primaryKey: ID,
    table: 'participations',
  },
  E5: {
    id: 'E5',
    title: 'Get participation',
    method: 'GET',
    version: '1.4',
    path: '/calendarmodules/{moduleId}/calendars/{calendarId}/participation/{participationId}',
    pathParams: ['moduleId', 'calendarId', 'participationId'],
    kind: 'get',
    area: 'calendars',
    access: 'read',
    query: participationQuery,
    defaultSort: null,
    resource: 'participation',
    primaryKey: ID,
    table: 'participations',
  },
  E6: {
    id: 'E6',
    title: 'List stages',
    method: 'GET',
    version: '1.4',
    path: '/serviceformModules/{moduleId}/forms/{formId}/stages',
    pathParams: ['moduleId', 'formId'],
    kind: 'list',
    area: 'serviceform',
    access: 'read',
    query: { ...formsQueryStagesPages, sortOrder: q('integer', S) },
    defaultSort: 'sortOrder',
    resource: 'formStage',
    primaryKey: ID,
    table: 'formStages',
    discoveredFrom: FORM_CHILD,
    unavailableWhen: 'stages are not enabled on the service form module',
    unavailableReason: [/\bstage/i, SWITCHED_OFF],
  },
  E7: {
    id: 'E7',
    title: 'List answer feedback',
    method: 'GET',
    version: '1.4',
    path: '/serviceformModules/{moduleId}/forms/{formId}/answerFeedback',
    pathParams: ['moduleId', 'formId'],
    kind: 'list',
    area: 'serviceform',
    access: 'read',
    query: {
      answerId: q('guid', F),
      creationDateTime: q('datetimeoffset', FS),
      id: q('guid', F),
      lastModifiedDateTime: q('datetimeoffset', FS),
      rating: q('integer', FS),
      userId: q('guid', F),
    },
    defaultSort: null,
    resource: 'answerFeedback',
    primaryKey: ID,
    table: 'answerFeedback',
    discoveredFrom: FORM_CHILD,
    unavailableWhen: 'feedback is not enabled on the module, the form or the field',
    unavailableReason: [/\bfeedback/i, SWITCHED_OFF],
  },
  E8: {
    id: 'E8',
    title: 'List pages',
    method: 'GET',
    version: '1.4',
    path: '/serviceformModules/{moduleId}/forms/{formId}/pages',
    pathParams: ['moduleId', 'formId'],
    kind: 'list',
    area: 'serviceform',
    access: 'read',
    query: { ...formsQueryStagesPages, stageId: q('guid', F), sortOrder: q('integer', S) },
    defaultSort: 'sortOrder',
    resource: 'formPage',
    primaryKey: ID,
    table: 'formPages',
    discoveredFrom: FORM_CHILD,
  },
  E9: {
    id: 'E9',
    title: 'List content modules',
    method: 'GET',
    version: '1.3',
    path: '/contentmodules',
    pathParams: [],
    kind: 'list',
    area: 'content',
    access: 'read',
    query: {
      creationDateTime: q('datetime', FS),
      forceInstantPushEnabled: q('boolean', FS),
      id: q('guid', F),
      lastModifiedDateTime: q('datetime', FS),
      name: q('string', FS),
      notificationsEnabled: q('boolean', FS),
      permissionSettingType: q('string', FS),
      pushNotificationsEnabled: q('boolean', FS),
    },
    defaultSort: 'name',
    resource: 'contentModule',
    primaryKey: ID,
    table: 'contentModules',
  },
  E10: {
    id: 'E10',
    title: 'List filling feedback',
    method: 'GET',
    version: '1.4',
    path: '/serviceformModules/{moduleId}/forms/{formId}/fillingFeedback',
    pathParams: ['moduleId', 'formId'],
    kind: 'list',
    area: 'serviceform',
    access: 'read',
    query: {
      creationDateTime: q('datetimeoffset', FS),
      fillingId: q('guid', F),
      id: q('guid', F),
      lastModifiedDateTime: q('datetimeoffset', FS),
      rating: q('integer', FS),
      userId: q('guid', F),
    },
    defaultSort: null,
    resource: 'fillingFeedback',
    primaryKey: ID,
    table: 'fillingFeedback',
    discoveredFrom: FORM_CHILD,
  },
  E11: {
    id: 'E11',
    title: 'List survey instances',
    method: 'GET',
    version: '1.4',
    path: '/surveymodules/{moduleId}/surveys/{surveyId}/instances',
    pathParams: ['moduleId', 'surveyId'],
    kind: 'list',
    area: 'survey',
    access: 'read',
    query: {
      availableFrom: q('datetime', FS),
      availableUntil: q('datetime', FS),
      creationDateTime: q('datetimeoffset', FS),
      id: q('guid', F),
      lastModifiedDateTime: q('datetimeoffset', FS),
      name: q('string', FS),
      surveyId: q('guid', F),
    },
    defaultSort: null,
    resource: 'surveyInstance',
    primaryKey: ID,
    table: 'surveyInstances',
  },
  E12: {
    id: 'E12',
    title: 'List forms',
    method: 'GET',
    version: '1.4',
    path: '/serviceformModules/{moduleId}/forms',
    pathParams: ['moduleId'],
    kind: 'list',
    area: 'serviceform',
    access: 'read',
    query: {
      creationDateTime: q('datetimeoffset', FS),
      id: q('guid', F),
      lastModifiedDateTime: q('datetimeoffset', FS),
      name: q('string', FS),
      number: q('string', S),
      sortOrder: q('integer', S),
    },
    defaultSort: 'sortOrder',
    resource: 'serviceForm',
    primaryKey: ID,
    table: 'forms',
  },
  E13: {
    id: 'E13',
    title: 'List subtasks',
    method: 'GET',
    version: '1.4',
    path: '/taskmanagementmodules/{moduleId}/tasks/{taskId}/subtasks',
    pathParams: ['moduleId', 'taskId'],
    kind: 'list',
    area: 'taskmanagement',
    access: 'read',
    query: {
      creationDateTime: q('datetimeoffset', FS),
      id: q('guid', F),
      name: q('string', FS),
      sortOrder: q('integer', FS),
    },
    defaultSort: 'sortOrder',
    resource: 'subtask',
    primaryKey: ID,
    table: 'subtasks',
  },
  E14: {
    id: 'E14',
    title: 'List task management module categories',
    method: 'GET',
    version: '1.4',
    path: '/taskmanagementmodules/{moduleId}/categories',
    pathParams: ['moduleId'],
    kind: 'list',
    area: 'taskmanagement',
    access: 'read',
    query: {
      color: q('string', F),
      creationDateTime: q('datetimeoffset', FS),
      id: q('guid', F),
      name: q('string', FS),
      taskAccess: q('string', F),
    },
    defaultSort: 'creationDateTime',
    resource: 'taskCategory',
    primaryKey: ID,
    table: 'taskCategories',
  },
  E15: {
    id: 'E15',
    title: 'List score categories',
    method: 'GET',
    version: '1.4',
    path: '/serviceformModules/{moduleId}/forms/{formId}/scoreCategories',
    pathParams: ['moduleId', 'formId'],
    kind: 'list',
    area: 'serviceform',
    access: 'read',
    query: {
      creationDateTime: q('datetimeoffset', FS),
      id: q('guid', F),
      importanceWeight: q('double', FS),
      lastModifiedDateTime: q('datetimeoffset', FS),
      sortOrder: q('integer', S),
    },
    defaultSort: 'sortOrder',
    resource: 'scoreCategory',
    primaryKey: ID,
    table: 'scoreCategories',
    discoveredFrom: FORM_CHILD,
  },
  E16: {
    id: 'E16',
    title: 'Update content post',
    method: 'PATCH',
    version: '1.4',
    path: '/contentmodules/{moduleId}/content/{contentId}',
    pathParams: ['moduleId', 'contentId'],
    kind: 'patch',
    area: 'content',
    access: 'write',
    query: {},
    defaultSort: null,
    resource: 'contentPost',
    primaryKey: ID,
    request: 'patchPost',
    contentType: 'application/json-patch+json',
    table: 'posts',
  },
  E17: {
    id: 'E17',
    title: 'List subtask completions',
    method: 'GET',
    version: '1.4',
    path: '/taskmanagementmodules/{moduleId}/tasks/{taskId}/subtasks/{subtaskId}/completions',
    pathParams: ['moduleId', 'taskId', 'subtaskId'],
    kind: 'list',
    area: 'taskmanagement',
    access: 'read',
    query: {
      areaDepartmentId: q('guid', F),
      creationDateTime: q('datetimeoffset', FS),
      departmentId: q('guid', F),
      id: q('guid', F),
      userId: q('guid', F),
    },
    defaultSort: '-creationDateTime',
    resource: 'subtaskCompletion',
    primaryKey: ID,
    table: 'subtaskCompletions',
    discoveredFrom: {
      endpoint: 'E13',
      params: { moduleId: { scope: 'moduleId' }, taskId: { scope: 'taskId' }, subtaskId: { row: 'id' } },
    },
  },
  E18: {
    id: 'E18',
    title: 'Get lesson participations',
    method: 'GET',
    version: '1.3',
    path: '/training/lessons/participation',
    pathParams: [],
    kind: 'list',
    area: 'training',
    access: 'read',
    query: {
      completionRate: q('double', FS),
      courseLessonId: q('guid', FS),
      courseLessonParticipationState: q('string', FS),
      creationDateTime: q('datetimeoffset', FS),
      lastModifiedDateTime: q('datetimeoffset', FS),
      performanceScore: q('double', FS),
      points: q('integer', FS),
      userId: q('guid', F),
    },
    defaultSort: null,
    resource: 'lessonParticipation',
    primaryKey: ['courseLessonId', 'userId'],
    table: 'lessonParticipations',
  },
  E19: {
    id: 'E19',
    title: 'Update user',
    method: 'PATCH',
    version: '1.4',
    path: '/users/{userId}',
    pathParams: ['userId'],
    kind: 'patch',
    area: 'users',
    access: 'write',
    query: {},
    defaultSort: null,
    resource: 'user',
    primaryKey: ID,
    request: 'patchUser',
    contentType: 'application/json-patch+json',
    table: 'users',
  },
  E20: {
    id: 'E20',
    title: 'Get user groups',
    method: 'GET',
    version: '1.4',
    path: '/userGroups',
    pathParams: [],
    kind: 'list',
    area: 'users',
    access: 'read',
    query: {
      creationDateTime: q('datetime', FS),
      description: q('string', FS),
      externalId: q('string', FS),
      id: q('guid', F),
      lastModifiedDateTime: q('datetime', FS),
      name: q('string', FS),
    },
    defaultSort: null,
    resource: 'userGroup',
    primaryKey: ID,
    table: 'userGroups',
  },
  E21: {
    id: 'E21',
    title: 'Get notification channels',
    method: 'GET',
    version: '1.4',
    path: '/communication/notifications/channels',
    pathParams: [],
    kind: 'list',
    area: 'notifications',
    access: 'read',
    query: {
      id: q('guid', F),
      name: q('string', FS),
      pushEnabled: q('boolean', F),
    },
    defaultSort: 'name',
    resource: 'notificationChannel',
    primaryKey: ID,
    table: 'notificationChannels',
  },
};

export const ENDPOINT_IDS = Object.keys(endpoints) as EndpointId[];

/** The default scope prefix; a tenant may use another (one setting). */
export const DEFAULT_SCOPE_PREFIX = 'svc.api';

/**
 * The scopes that grant access to an endpoint: any one of them is enough.
 * `svc.api`, `svc.api:<access>`, `svc.api.<area>`, `svc.api.<area>:<access>`.
 */
export function scopesOf(endpoint: EndpointDef, prefix = DEFAULT_SCOPE_PREFIX): string[] {
  return [
    prefix,
    `${prefix}:${endpoint.access}`,
    `${prefix}.${endpoint.area}`,
    `${prefix}.${endpoint.area}:${endpoint.access}`,
  ];
}

/** True when a token holding `granted` may call the endpoint. */
export function isPermitted(
  endpoint: EndpointDef,
  granted: Iterable<string>,
  prefix = DEFAULT_SCOPE_PREFIX,
): boolean {
  const accepted = new Set(scopesOf(endpoint, prefix));
  for (const scope of granted) if (accepted.has(scope)) return true;
  return false;
}

/** The endpoint of each table asked for (the catalogue does not change). */
const fillers = new Map<string, EndpointDef>();

/**
 * The endpoint whose resource fills a table: its list endpoint when there is one (E5's
 * rows live in E4's table), else the write endpoint that returns its rows (posts,
 * users). Its query fields are the table's indexed fields.
 */
export function endpointOfTable(table: string): EndpointDef {
  let found = fillers.get(table);
  if (!found) {
    const all = Object.values(endpoints).filter((e) => e.table === table);
    found = all.find((e) => e.kind === 'list') ?? all[0];
    if (!found) throw new Error(`no endpoint fills table ${table}`);
    fillers.set(table, found);
  }
  return found;
}

/** Fields that need an index: every F or S query parameter of the list. */
export function indexedFields(endpoint: EndpointDef): string[] {
  return Object.entries(endpoint.query)
    .filter(([, p]) => p.filter || p.sort)
    .map(([name]) => name);
}

/** Builds the path of an endpoint with its parameters bound (URL-encoded). */
export function buildPath(endpoint: EndpointDef, params: Readonly<Record<string, string>>): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint.id}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** `/api/v1.4/userGroups`: the full path below the base URL. */
export function versionedPath(
  endpoint: EndpointDef,
  params: Readonly<Record<string, string>>,
): string {
  return `${apiPrefix(endpoint.version)}${buildPath(endpoint, params)}`;
}

/**
 * The base URL below which `/api/v<version>/…` paths go, from the address a user
 * gives: any path prefix a gateway adds is kept (`https://host/tenant-a`); a trailing
 * `/api` or `/api/v1.4` (an address copied from a request) is dropped, since every
 * endpoint is asked at its own documented version; query, fragment and trailing
 * slashes go.
 */
export function apiBaseUrl(address: string): string {
  const at = address.search(/[?#]/);
  const bare = (at < 0 ? address : address.slice(0, at)).trim().replace(/\/+$/, '');
  return bare.replace(/\/api(?:\/v\d+(?:\.\d+)*)?$/i, '');
}

/** The key string of a row: its primary key fields joined (stable for compound keys). */
export function rowKey(endpoint: EndpointDef, row: Readonly<Record<string, unknown>>): string {
  return endpoint.primaryKey.map((field) => String(row[field])).join('+');
}
