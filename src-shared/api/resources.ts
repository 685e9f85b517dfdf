import { z } from 'zod';
import {
  dateTime,
  dateTimeOffset,
  double,
  guid,
  integer,
  link,
  localDateTime,
  opt,
} from './scalars.js';

/**
 * Response resources of the Workplace Platform API, one schema each, transcribed from
 * the document's "Resources and fields" tables. Objects are loose: unknown extra
 * fields are kept. Keys named by the catalogue's primary key are required; every
 * other field may be missing or null but, when present, must have its documented type.
 */

export const media = z.looseObject({
  id: guid,
  downloadUrl: link,
  referenceUrl: link,
  contentType: opt(z.string()),
  fileName: opt(z.string()),
});

const mention = z.looseObject({
  type: opt(z.string()),
  name: opt(z.string()),
  id: opt(guid),
  url: link,
});

const namedRef = z.looseObject({ id: guid, name: opt(z.string()), url: link });

export const dataListItem = z.looseObject({
  id: guid,
  url: link,
  customId: opt(z.string()),
  sortOrder: opt(integer),
  isEnabled: opt(z.boolean()),
  creationDateTime: opt(dateTimeOffset),
  lastModifiedDateTime: opt(dateTimeOffset),
  locales: opt(z.array(z.looseObject({ culture: opt(z.string()), title: opt(z.string()) }))),
  customFieldValues: opt(
    z.array(
      z.looseObject({
        dataListCustomFieldId: guid,
        url: link,
        type: opt(z.string()),
        value: opt(z.string()),
        locales: opt(z.array(z.looseObject({ culture: opt(z.string()), value: opt(z.string()) }))),
        medias: opt(z.array(media)),
        dataListItems: opt(
          z.array(z.looseObject({ type: opt(z.string()), id: guid, url: link })),
        ),
      }),
    ),
  ),
});

export const comment = z.looseObject({
  id: guid,
  url: link,
  userId: opt(guid),
  userUrl: link,
  parentCommentId: opt(guid),
  parentCommentUrl: link,
  creationDateTime: opt(dateTimeOffset),
  lastModifiedDateTime: opt(dateTimeOffset),
  medias: opt(z.array(media)),
  mentions: opt(z.array(mention)),
  locales: opt(z.array(z.looseObject({ culture: opt(z.string()), text: opt(z.string()) }))),
});

export const contentPost = z.looseObject({
  id: guid,
  url: link,
  userId: opt(guid),
  userUrl: link,
  categoryId: opt(guid),
  categoryUrl: link,
  sortOrder: opt(integer),
  status: opt(z.string()),
  creationDateTime: opt(dateTimeOffset),
  lastModifiedDateTime: opt(dateTimeOffset),
  availableFrom: opt(localDateTime),
  startDateTimeZone: opt(z.string()),
  availableUntil: opt(localDateTime),
  endDateTimeZone: opt(z.string()),
  medias: opt(z.array(media)),
  featureMediaId: opt(guid),
  featureMediaDownloadUrl: link,
  mentions: opt(z.array(mention)),
  locales: opt(
    z.array(
      z.looseObject({
        culture: opt(z.string()),
        title: opt(z.string()),
        bodyText: opt(z.string()),
      }),
    ),
  ),
  permissions: opt(
    z.array(
      z.looseObject({
        departments: opt(z.array(namedRef)),
        userGroups: opt(z.array(namedRef)),
        requireAllUserGroups: opt(z.boolean()),
      }),
    ),
  ),
});

/** The four permission setting identifiers, and the display names seen for them. */
export const PERMISSION_SETTING_TYPES = {
  Departments: ['Departments'],
  UserGroups: ['UserGroups', 'User groups'],
  DepartmentsAndUserGroups: ['DepartmentsAndUserGroups', 'Both departments and user groups'],
  DepartmentsOrUserGroups: ['DepartmentsOrUserGroups', 'Either departments or user groups'],
} as const;
export type PermissionSettingType = keyof typeof PERMISSION_SETTING_TYPES;

/**
 * A permission setting type in either spelling, normalised to its identifier. A
 * spelling not seen yet is kept as sent: one unknown label must not quarantine a
 * whole content module.
 */
export const permissionSettingType = z.string().transform((value): PermissionSettingType | string => {
  for (const [id, spellings] of Object.entries(PERMISSION_SETTING_TYPES)) {
    if ((spellings as readonly string[]).includes(value)) return id as PermissionSettingType;
  }
  return value;
});

export const contentModule = z.looseObject({
  id: guid,
  name: opt(z.string()),
  permissionSettingType: opt(permissionSettingType),
  permissionSettingDepartmentTypes: opt(z.array(z.string())),
  notificationsEnabled: opt(z.boolean()),
  pushNotificationsEnabled: opt(z.boolean()),
  forceInstantPushEnabled: opt(z.boolean()),
  creationDateTime: opt(dateTime),
  lastModifiedDateTime: opt(dateTime),
});

export const participation = z.looseObject({
  id: guid,
  url: link,
  eventId: opt(guid),
  eventUrl: link,
  userId: opt(guid),
  userUrl: link,
  status: opt(z.string()),
  attendanceConfirmed: opt(z.boolean()),
  fillingId: opt(guid),
  fillingUrl: link,
  creationDateTime: opt(dateTimeOffset),
  lastModifiedDateTime: opt(dateTimeOffset),
});

const titleDescriptionLocales = opt(
  z.array(
    z.looseObject({
      culture: opt(z.string()),
      title: opt(z.string()),
      description: opt(z.string()),
    }),
  ),
);

const timestamps = {
  creationDateTime: opt(dateTimeOffset),
  lastModifiedDateTime: opt(dateTimeOffset),
};

export const serviceForm = z.looseObject({
  id: guid,
  url: link,
  name: opt(z.string()),
  number: opt(z.string()),
  sortOrder: opt(integer),
  icon: opt(media),
  locales: titleDescriptionLocales,
  ...timestamps,
});

export const formStage = z.looseObject({
  id: guid,
  url: link,
  name: opt(z.string()),
  sortOrder: opt(integer),
  isVisible: opt(z.boolean()),
  locale: titleDescriptionLocales,
  ...timestamps,
});

export const formPage = z.looseObject({
  id: guid,
  url: link,
  stageId: opt(guid),
  stageUrl: link,
  sortOrder: opt(integer),
  name: opt(z.string()),
  isVisible: opt(z.boolean()),
  ...timestamps,
});

const titleLocales = opt(
  z.array(z.looseObject({ culture: opt(z.string()), title: opt(z.string()) })),
);

export const scoreCategory = z.looseObject({
  id: guid,
  url: link,
  importanceWeight: opt(double),
  sortOrder: opt(integer),
  locales: titleLocales,
  ...timestamps,
});

export const answerFeedback = z.looseObject({
  id: guid,
  url: link,
  answerId: opt(guid),
  answerUrl: link,
  userId: opt(guid),
  userUrl: link,
  rating: opt(integer),
  ...timestamps,
});

export const fillingFeedback = z.looseObject({
  id: guid,
  url: link,
  fillingId: opt(guid),
  fillingUrl: link,
  userId: opt(guid),
  userUrl: link,
  rating: opt(integer),
  ...timestamps,
});

export const surveyInstance = z.looseObject({
  id: guid,
  name: opt(z.string()),
  status: opt(z.string()),
  availableFrom: opt(localDateTime),
  availableFromTimeZone: opt(z.string()),
  availableUntil: opt(localDateTime),
  availableUntilTimeZone: opt(z.string()),
  totalUsers: opt(integer),
  participationPercentage: opt(double),
  locales: titleLocales,
  ...timestamps,
});

export const subtask = z.looseObject({
  id: guid,
  name: opt(z.string()),
  sortOrder: opt(integer),
  locales: opt(
    z.array(
      z.looseObject({ culture: opt(z.string()), title: opt(z.string()), summary: opt(z.string()) }),
    ),
  ),
  medias: opt(z.array(media)),
  creationDateTime: opt(dateTimeOffset),
});

export const subtaskCompletion = z.looseObject({
  id: guid,
  userId: opt(guid),
  departmentId: opt(guid),
  areaDepartmentId: opt(guid),
  creationDateTime: opt(dateTimeOffset),
});

export const TASK_ACCESS = ['Everywhere', 'Portal', 'App'] as const;

export const taskCategory = z.looseObject({
  id: guid,
  name: opt(z.string()),
  locales: titleLocales,
  color: opt(z.string().regex(/^#[0-9a-fA-F]{3,8}$/, 'expected a hex colour with a leading #')),
  taskAccess: opt(z.string()),
  creationDateTime: opt(dateTimeOffset),
});

export const lessonParticipation = z.looseObject({
  courseLessonId: guid,
  userId: guid,
  courseLessonParticipationState: opt(z.string()),
  ...timestamps,
  completionRate: opt(double),
  performanceScore: opt(double),
  points: opt(integer),
});

const phoneNumber = z.looseObject({ countryCode: opt(integer), number: opt(z.string()) });
const sourcedRef = z.looseObject({ id: guid, dataSource: opt(z.string()) });

/** Values of a user's custom fields: strings, date strings or arrays of strings. */
export const userCustomFields = z.record(
  z.string(),
  z.union([z.string(), z.array(z.string()), z.null()]),
);

export const user = z.looseObject({
  id: guid,
  url: link,
  departmentUrl: link,
  status: opt(z.string()),
  creationDateTime: opt(dateTime),
  lastModifiedDateTime: opt(dateTime),
  image: opt(media),
  memberCard: opt(
    z.looseObject({
      id: opt(guid),
      url: link,
      name: opt(z.string()),
      cardNumber: opt(z.string()),
    }),
  ),
  externalId: opt(z.string()),
  name: opt(z.string()),
  initials: opt(z.string()),
  userName: opt(z.string()),
  title: opt(z.string()),
  dataSource: opt(z.string()),
  email: opt(z.string()),
  secondaryEmail: opt(z.string()),
  phoneNumber: opt(phoneNumber),
  secondaryPhoneNumber: opt(phoneNumber),
  birthDate: opt(dateTime),
  gender: opt(z.string()),
  primaryDepartmentId: opt(guid),
  additionalDepartments: opt(z.array(sourcedRef)),
  userGroups: opt(z.array(sourcedRef)),
  employmentDate: opt(dateTime),
  employmentEndDate: opt(dateTime),
  employmentType: opt(z.string()),
  customFields: opt(userCustomFields),
  registerNumber: opt(z.string()),
  dutyPlanNumber: opt(z.string()),
});

export const userGroup = z.looseObject({
  id: guid,
  url: link,
  name: opt(z.string()),
  externalId: opt(z.string()),
  description: opt(z.string()),
  creationDateTime: opt(dateTime),
  lastModifiedDateTime: opt(dateTime),
});

export const notificationChannel = z.looseObject({
  id: guid,
  name: opt(z.string()),
  description: opt(z.string()),
  pushEnabled: opt(z.boolean()),
  locales: opt(
    z.array(
      z.looseObject({
        culture: opt(z.string()),
        channelName: opt(z.string()),
        defaultTitle: opt(z.string()),
        defaultMessage: opt(z.string()),
      }),
    ),
  ),
});

/** A field's own schema, below the optional/nullable wrappers `opt` adds. */
function innerSchema(schema: unknown): unknown {
  let current = schema as { _zod: { def: { type: string; innerType?: unknown } } };
  while ((current._zod.def.type === 'optional' || current._zod.def.type === 'nullable') && current._zod.def.innerType) {
    current = current._zod.def.innerType as typeof current;
  }
  return current;
}

/**
 * The fields of a resource that hold a local date-time without offset
 * (availableFrom, availableUntil): wall-clock times, to be shown, filtered and sorted
 * as written, never shifted by anyone's UTC offset.
 */
export function localDateTimeFields(name: ResourceName): string[] {
  const shape = (resources[name] as unknown as { shape: Record<string, unknown> }).shape;
  return Object.keys(shape).filter((field) => innerSchema(shape[field]) === localDateTime);
}

/** Every response resource by name; the catalogue refers to these names. */
export const resources = {
  dataListItem,
  comment,
  contentPost,
  contentModule,
  participation,
  serviceForm,
  formStage,
  formPage,
  scoreCategory,
  answerFeedback,
  fillingFeedback,
  surveyInstance,
  subtask,
  subtaskCompletion,
  taskCategory,
  lessonParticipation,
  user,
  userGroup,
  notificationChannel,
} as const;
export type ResourceName = keyof typeof resources;
export type Resource<N extends ResourceName> = z.output<(typeof resources)[N]>;
