/**
 * The "Resources and fields" tables of the Workplace Platform API document, transcribed
 * by hand (never generated from the catalogue's schemas, which they check).
 *
 * A field is a type name, an object of fields, or a one-element array `[field]` for
 * "array, each: …". A trailing `?` marks a field whose notes say it may be null
 * ("null possible", "null if none", "otherwise null"); the conventions add every
 * `url`-style field, every `lastModifiedDateTime` and every list.
 */

export type DocType =
  | 'guid'
  | 'string'
  | 'integer'
  | 'double'
  | 'boolean'
  | 'datetimeoffset'
  | 'datetime'
  /** "local date-time without offset" (availableFrom, availableUntil). */
  | 'localdatetime'
  /** "hex colour with a leading #". */
  | 'color'
  /** One of the four identifiers or the display names seen for them. */
  | 'permissionSettingType'
  | 'media'
  /** "dictionary; keys are custom field external ids; values are strings, date strings or arrays of strings". */
  | 'dictionary';

export type DocField = `${DocType}` | `${DocType}?` | DocObject | readonly [DocField];
export interface DocObject {
  readonly [field: string]: DocField;
}

export const documentedMedia: DocObject = {
  id: 'guid',
  downloadUrl: 'string',
  referenceUrl: 'string',
  contentType: 'string',
  fileName: 'string',
};

const namedLink = { id: 'guid', name: 'string', url: 'string' } as const;
const mention = { type: 'string', name: 'string', id: 'guid', url: 'string' } as const;

/** Keyed by the document's resource heading. */
export const documentedResources: Readonly<Record<string, DocObject>> = {
  'Data list item': {
    id: 'guid',
    url: 'string',
    customId: 'string',
    sortOrder: 'integer',
    isEnabled: 'boolean',
    creationDateTime: 'datetimeoffset',
    lastModifiedDateTime: 'datetimeoffset',
    locales: [{ culture: 'string', title: 'string' }],
    customFieldValues: [
      {
        dataListCustomFieldId: 'guid',
        url: 'string',
        type: 'string',
        value: 'string',
        locales: [{ culture: 'string', value: 'string' }],
        medias: ['media'],
        dataListItems: [{ type: 'string', id: 'guid', url: 'string' }],
      },
    ],
  },
  Comment: {
    id: 'guid',
    url: 'string',
    userId: 'guid',
    userUrl: 'string',
    parentCommentId: 'guid?',
    parentCommentUrl: 'string',
    creationDateTime: 'datetimeoffset',
    lastModifiedDateTime: 'datetimeoffset',
    medias: ['media'],
    mentions: [mention],
    locales: [{ culture: 'string', text: 'string' }],
  },
  'Content post': {
    id: 'guid',
    url: 'string',
    userId: 'guid',
    userUrl: 'string',
    categoryId: 'guid',
    categoryUrl: 'string',
    sortOrder: 'integer',
    status: 'string',
    creationDateTime: 'datetimeoffset',
    lastModifiedDateTime: 'datetimeoffset',
    availableFrom: 'localdatetime',
    startDateTimeZone: 'string',
    availableUntil: 'localdatetime',
    endDateTimeZone: 'string',
    medias: ['media'],
    featureMediaId: 'guid',
    featureMediaDownloadUrl: 'string',
    mentions: [mention],
    locales: [{ culture: 'string', title: 'string', bodyText: 'string' }],
    permissions: [
      {
        departments: [namedLink],
        userGroups: [namedLink],
        requireAllUserGroups: 'boolean',
      },
    ],
  },
  'Content module': {
    id: 'guid',
    name: 'string',
    permissionSettingType: 'permissionSettingType?',
    permissionSettingDepartmentTypes: ['string'],
    notificationsEnabled: 'boolean',
    pushNotificationsEnabled: 'boolean',
    forceInstantPushEnabled: 'boolean',
    creationDateTime: 'datetime',
    lastModifiedDateTime: 'datetime',
  },
  'Calendar event participation': {
    id: 'guid',
    url: 'string',
    eventId: 'guid',
    eventUrl: 'string',
    userId: 'guid',
    userUrl: 'string',
    status: 'string',
    attendanceConfirmed: 'boolean?',
    fillingId: 'guid?',
    fillingUrl: 'string',
    creationDateTime: 'datetimeoffset',
    lastModifiedDateTime: 'datetimeoffset',
  },
  'Service form': {
    id: 'guid',
    url: 'string',
    name: 'string',
    number: 'string',
    sortOrder: 'integer',
    icon: 'media?',
    locales: [{ culture: 'string', title: 'string', description: 'string' }],
    creationDateTime: 'datetimeoffset',
    lastModifiedDateTime: 'datetimeoffset',
  },
  'Service form stage': {
    id: 'guid',
    url: 'string',
    name: 'string',
    sortOrder: 'integer',
    isVisible: 'boolean',
    locale: [{ culture: 'string', title: 'string', description: 'string' }],
    creationDateTime: 'datetimeoffset',
    lastModifiedDateTime: 'datetimeoffset',
  },
  'Service form page': {
    id: 'guid',
    url: 'string',
    stageId: 'guid?',
    stageUrl: 'string',
    sortOrder: 'integer',
    name: 'string',
    isVisible: 'boolean',
    creationDateTime: 'datetimeoffset',
    lastModifiedDateTime: 'datetimeoffset',
  },
  'Score category': {
    id: 'guid',
    url: 'string',
    importanceWeight: 'double',
    sortOrder: 'integer',
    locales: [{ culture: 'string', title: 'string' }],
    creationDateTime: 'datetimeoffset',
    lastModifiedDateTime: 'datetimeoffset',
  },
  'Answer feedback': {
    id: 'guid',
    url: 'string',
    answerId: 'guid',
    answerUrl: 'string',
    userId: 'guid',
    userUrl: 'string',
    rating: 'integer',
    creationDateTime: 'datetimeoffset',
    lastModifiedDateTime: 'datetimeoffset',
  },
  'Filling feedback': {
    id: 'guid',
    url: 'string',
    fillingId: 'guid',
    fillingUrl: 'string',
    userId: 'guid',
    userUrl: 'string',
    rating: 'integer',
    creationDateTime: 'datetimeoffset',
    lastModifiedDateTime: 'datetimeoffset',
  },
  'Survey instance': {
    id: 'guid',
    name: 'string',
    status: 'string',
    availableFrom: 'localdatetime',
    availableFromTimeZone: 'string?',
    availableUntil: 'localdatetime',
    availableUntilTimeZone: 'string?',
    totalUsers: 'integer',
    participationPercentage: 'double?',
    locales: [{ culture: 'string', title: 'string' }],
    creationDateTime: 'datetimeoffset',
    lastModifiedDateTime: 'datetimeoffset',
  },
  Subtask: {
    id: 'guid',
    name: 'string',
    sortOrder: 'integer',
    locales: [{ culture: 'string', title: 'string', summary: 'string' }],
    medias: ['media'],
    creationDateTime: 'datetimeoffset',
  },
  'Subtask completion': {
    id: 'guid',
    userId: 'guid',
    departmentId: 'guid',
    areaDepartmentId: 'guid?',
    creationDateTime: 'datetimeoffset',
  },
  'Task management module category': {
    id: 'guid',
    name: 'string',
    locales: [{ culture: 'string', title: 'string' }],
    color: 'color',
    taskAccess: 'string',
    creationDateTime: 'datetimeoffset',
  },
  'Lesson participation': {
    courseLessonId: 'guid',
    userId: 'guid',
    courseLessonParticipationState: 'string',
    creationDateTime: 'datetimeoffset',
    lastModifiedDateTime: 'datetimeoffset',
    completionRate: 'double',
    performanceScore: 'double',
    points: 'integer',
  },
  User: {
    id: 'guid',
    url: 'string',
    departmentUrl: 'string',
    status: 'string',
    creationDateTime: 'datetime',
    lastModifiedDateTime: 'datetime',
    image: 'media',
    memberCard: { id: 'guid', url: 'string', name: 'string', cardNumber: 'string' },
    externalId: 'string',
    name: 'string',
    initials: 'string',
    userName: 'string',
    title: 'string',
    dataSource: 'string',
    email: 'string',
    secondaryEmail: 'string',
    phoneNumber: { countryCode: 'integer', number: 'string' },
    secondaryPhoneNumber: { countryCode: 'integer', number: 'string' },
    birthDate: 'datetime',
    gender: 'string',
    primaryDepartmentId: 'guid',
    additionalDepartments: [{ id: 'guid', dataSource: 'string' }],
    userGroups: [{ id: 'guid', dataSource: 'string' }],
    employmentDate: 'datetime',
    employmentEndDate: 'datetime',
    employmentType: 'string',
    customFields: 'dictionary',
    registerNumber: 'string',
    dutyPlanNumber: 'string',
  },
  'User group': {
    id: 'guid',
    url: 'string',
    name: 'string',
    externalId: 'string',
    description: 'string',
    creationDateTime: 'datetime',
    lastModifiedDateTime: 'datetime',
  },
  'Notification channel': {
    id: 'guid',
    name: 'string',
    description: 'string',
    pushEnabled: 'boolean',
    locales: [
      {
        culture: 'string',
        channelName: 'string?',
        defaultTitle: 'string',
        defaultMessage: 'string',
      },
    ],
  },
};

/**
 * Which catalogue resource name stands for which document heading. This is the only
 * link between the two vocabularies; it names, it does not describe.
 */
export const resourceNameOf: Readonly<Record<string, string>> = {
  'Data list item': 'dataListItem',
  Comment: 'comment',
  'Content post': 'contentPost',
  'Content module': 'contentModule',
  'Calendar event participation': 'participation',
  'Service form': 'serviceForm',
  'Service form stage': 'formStage',
  'Service form page': 'formPage',
  'Score category': 'scoreCategory',
  'Answer feedback': 'answerFeedback',
  'Filling feedback': 'fillingFeedback',
  'Survey instance': 'surveyInstance',
  Subtask: 'subtask',
  'Subtask completion': 'subtaskCompletion',
  'Task management module category': 'taskCategory',
  'Lesson participation': 'lessonParticipation',
  User: 'user',
  'User group': 'userGroup',
  'Notification channel': 'notificationChannel',
};
