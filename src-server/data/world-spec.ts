import { sizeAt, type Scale } from './scale.js';

/**
 * The shape of the seeded workspace: which modules, lists and parents exist and how
 * many rows each holds. The API cannot list these roots, so they are also what
 * `/demo/sources` publishes. It includes every case the document singles out.
 */

export type DataListType = 'Standard' | 'User' | 'Department' | 'User Group';

export interface CustomFieldSpec {
  readonly type: string;
  readonly multilingual?: boolean;
  /** Hidden fields exist but are omitted from customFieldValues. */
  readonly hidden?: boolean;
}

export interface DataListSpec {
  readonly name: string;
  readonly type: DataListType;
  readonly size: number;
  readonly fields: readonly CustomFieldSpec[];
}

export interface ContentModuleSpec {
  readonly name: string;
  readonly commentsEnabled: boolean;
  /** As sent: an identifier, a display name, or null. */
  readonly permissionSettingType: string | null;
  readonly posts: readonly { readonly comments: number }[];
}

export interface CalendarSpec {
  readonly module: number;
  /**
   * Which of the calendar's events confirm attendance (a per-event setting): all,
   * none, or some (the even-numbered ones).
   */
  readonly attendanceConfirmation: 'all' | 'some' | 'none';
  readonly size: number;
  readonly events: number;
}

export interface FormSpec {
  readonly feedbackEnabled: boolean;
  readonly answerFeedback: number;
  readonly fillingFeedback: number;
}

export interface ServiceformModuleSpec {
  readonly stagesEnabled: boolean;
  readonly forms: readonly FormSpec[];
}

export interface TaskSpec {
  readonly module: number;
  readonly assigneeType: 'ByUser' | 'ByDepartmentType';
  readonly subtasks: number;
  readonly completions: number;
}

export interface WorldSpec {
  readonly users: number;
  readonly lessons: number;
  readonly lessonParticipations: number;
  readonly userGroups: number;
  readonly notificationChannels: number;
  readonly contentModules: readonly ContentModuleSpec[];
  readonly dataLists: readonly DataListSpec[];
  readonly calendarModules: number;
  readonly calendars: readonly CalendarSpec[];
  readonly serviceformModules: readonly ServiceformModuleSpec[];
  readonly surveys: readonly { readonly module: number; readonly instances: number }[];
  readonly taskModules: number;
  readonly categoriesPerModule: number;
  readonly tasks: readonly TaskSpec[];
}

const EQUIPMENT_FIELDS: CustomFieldSpec[] = [
  { type: 'Barcode' },
  { type: 'Color' },
  { type: 'Date' },
  { type: 'Number' },
  { type: 'Text', multilingual: true },
  { type: 'Multiline Text' },
  { type: 'Media' },
  { type: 'Data List' },
  { type: 'Text', hidden: true },
];
const LOCATION_FIELDS: CustomFieldSpec[] = [
  { type: 'Text' },
  { type: 'Text', multilingual: true },
  { type: 'Number' },
  { type: 'DataList' },
  { type: 'Media' },
];

export function worldSpec(scale: Scale): WorldSpec {
  const at = (demo: number, large: number) => sizeAt(scale, demo, large);
  const users = at(30, 10_000);
  const lessonParticipations = at(120, 1_000_000);
  return {
    users,
    lessons: Math.max(5, Math.ceil(lessonParticipations / users)),
    lessonParticipations,
    userGroups: at(12, 2_000),
    notificationChannels: 6,
    contentModules: [
      { name: 'Company news', commentsEnabled: true, permissionSettingType: 'DepartmentsOrUserGroups', posts: [{ comments: at(25, 100_000) }, { comments: at(8, 2_000) }, { comments: 0 }] },
      { name: 'HR announcements', commentsEnabled: false, permissionSettingType: 'Both departments and user groups', posts: [{ comments: 0 }, { comments: 0 }] },
      { name: 'Nyheter fra Oslo', commentsEnabled: true, permissionSettingType: 'UserGroups', posts: [{ comments: at(6, 500) }, { comments: at(4, 50) }] },
      { name: 'Site updates', commentsEnabled: true, permissionSettingType: null, posts: [{ comments: at(5, 50) }] },
    ],
    dataLists: [
      { name: 'Equipment', type: 'Standard', size: at(40, 200_000), fields: EQUIPMENT_FIELDS },
      { name: 'Locations', type: 'Standard', size: at(12, 2_000), fields: LOCATION_FIELDS },
      { name: 'Employees', type: 'User', size: 0, fields: [] },
      { name: 'Offices', type: 'Department', size: 0, fields: [] },
      { name: 'Teams', type: 'User Group', size: 0, fields: [] },
    ],
    calendarModules: 2,
    calendars: [
      { module: 0, attendanceConfirmation: 'some', size: at(20, 50_000), events: at(4, 400) },
      { module: 0, attendanceConfirmation: 'none', size: at(12, 2_000), events: at(3, 40) },
      { module: 1, attendanceConfirmation: 'all', size: at(8, 500), events: 2 },
    ],
    serviceformModules: [
      {
        stagesEnabled: true,
        forms: [
          { feedbackEnabled: true, answerFeedback: at(8, 5_000), fillingFeedback: at(6, 5_000) },
          { feedbackEnabled: false, answerFeedback: 0, fillingFeedback: at(3, 100) },
          { feedbackEnabled: true, answerFeedback: at(4, 200), fillingFeedback: at(4, 200) },
        ],
      },
      {
        stagesEnabled: false,
        forms: [
          { feedbackEnabled: true, answerFeedback: at(5, 300), fillingFeedback: at(5, 300) },
          { feedbackEnabled: true, answerFeedback: at(3, 50), fillingFeedback: at(2, 50) },
        ],
      },
    ],
    surveys: [
      { module: 0, instances: at(6, 1_000) },
      { module: 0, instances: at(3, 100) },
      { module: 1, instances: at(4, 100) },
    ],
    taskModules: 2,
    categoriesPerModule: 5,
    tasks: [
      { module: 0, assigneeType: 'ByUser', subtasks: 4, completions: at(5, 500) },
      { module: 0, assigneeType: 'ByUser', subtasks: 3, completions: at(3, 100) },
      { module: 1, assigneeType: 'ByDepartmentType', subtasks: 4, completions: at(4, 200) },
    ],
  };
}

/** Rows of the seeded children of a form, stage and page counts included. */
export const STAGES_PER_FORM = 3;
export const PAGES_PER_FORM = 5;
export const SCORE_CATEGORIES_PER_FORM = 4;
