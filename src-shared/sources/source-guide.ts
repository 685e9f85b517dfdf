import type { SourceKind } from '../store/index.js';

/**
 * What the "Add sources" walkthrough says about each kind of source: the roots the
 * API cannot list. The API document shows no portal addresses, so a link is read by
 * the words that name its ids (`/calendars/<id>`, `?calendarId=<id>`), whatever
 * portal it comes from; the examples below are the forms main's parser is tested on
 * (`parse-source-input.test.ts` parses every one of them).
 */
export interface SourceKindGuide {
  readonly kind: SourceKind;
  /** Singular, as the user knows it ("Calendar"). */
  readonly label: string;
  /** What its rows are, plural ("participations"). */
  readonly rows: string;
  /** What adding it brings, in a sentence. */
  readonly brings: string;
  /** Example inputs, with `{moduleId}`-style placeholders for the ids. */
  readonly examples: readonly string[];
}

/** The example host of every link form. */
export const EXAMPLE_PORTAL = 'https://acme.workplace.example';

export const SOURCE_GUIDE: readonly SourceKindGuide[] = [
  {
    kind: 'dataList',
    label: 'Data list',
    rows: 'items',
    brings: 'Its items with their custom field values.',
    examples: [`${EXAMPLE_PORTAL}/dataLists/{dataListId}`, `${EXAMPLE_PORTAL}/api/v1.4/dataLists/{dataListId}/items`, '{dataListId}'],
  },
  {
    kind: 'calendar',
    label: 'Calendar',
    rows: 'participations',
    brings: 'Who takes part in its events.',
    examples: [`${EXAMPLE_PORTAL}/calendarmodules/{moduleId}/calendars/{calendarId}`, `${EXAMPLE_PORTAL}/#/calendar?moduleId={moduleId}&calendarId={calendarId}`],
  },
  {
    kind: 'survey',
    label: 'Survey',
    rows: 'instances',
    brings: 'Its instances, with how many took part.',
    examples: [`${EXAMPLE_PORTAL}/surveymodules/{moduleId}/surveys/{surveyId}`, '{moduleId} {surveyId}'],
  },
  {
    kind: 'task',
    label: 'Task',
    rows: 'subtasks',
    brings: 'Its subtasks; their completions follow by themselves.',
    examples: [`${EXAMPLE_PORTAL}/taskmanagementmodules/{moduleId}/tasks/{taskId}`, `${EXAMPLE_PORTAL}/#/tasks/{taskId}?moduleId={moduleId}`],
  },
  {
    kind: 'taskModule',
    label: 'Task module',
    rows: 'categories',
    brings: 'The categories of its tasks.',
    examples: [`${EXAMPLE_PORTAL}/taskmanagementmodules/{moduleId}`, '{moduleId}'],
  },
  {
    kind: 'serviceformModule',
    label: 'Service form module',
    rows: 'forms',
    brings: 'Its forms; their stages, pages, score categories and feedback follow by themselves.',
    examples: [`${EXAMPLE_PORTAL}/serviceformModules/{moduleId}/forms`, `${EXAMPLE_PORTAL}/#/serviceforms?moduleId={moduleId}`],
  },
  {
    kind: 'contentPost',
    label: 'Post',
    rows: 'comments',
    brings: 'The comments of a post (the API lists no posts, only their comments).',
    examples: [`${EXAMPLE_PORTAL}/contentmodules/{moduleId}/content/{contentId}`, `${EXAMPLE_PORTAL}/#/news/{contentId}?moduleId={moduleId}`],
  },
];

/** The guide of one kind. */
export function sourceGuide(kind: SourceKind): SourceKindGuide {
  return SOURCE_GUIDE.find((g) => g.kind === kind)!;
}

/** An example with its placeholders filled (tests fill real ids; the page shows `<moduleId>`). */
export function fillExample(example: string, ids: Readonly<Record<string, string>>): string {
  return example.replace(/\{(\w+)\}/g, (whole, name: string) => ids[name] ?? whole);
}
