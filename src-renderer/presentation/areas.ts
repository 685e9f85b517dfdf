import { endpointOfTable, endpoints, type EndpointDef, type EndpointId } from '../../src-shared/api/index.js';
import { scopeKey } from '../../src-shared/store/index.js';

/**
 * Navigation as users think of it. Each area names the tables it shows; everything
 * else about a list (endpoint, scope parameters, columns, filters, sorts) comes from
 * the catalogue.
 */
export interface ListDef {
  /** Route segment below the area ('' for the area's first list). */
  readonly slug: string;
  readonly label: string;
  readonly table: string;
  /** What the user can do when this list is empty, when it differs from the area's hint. */
  readonly emptyHint?: string;
  /**
   * A page of its own instead of the list page: users cannot be listed by the API, so
   * their page gathers everyone the workspace mentions.
   */
  readonly ownPage?: 'users';
}

export interface AreaDef {
  readonly id: string;
  readonly label: string;
  readonly path: string;
  readonly lists: readonly ListDef[];
  /** What the user can do when the area is empty. */
  readonly emptyHint: string;
}

export const AREAS: readonly AreaDef[] = [
  {
    id: 'content',
    label: 'Content',
    path: '/content',
    lists: [
      { slug: '', label: 'Modules', table: 'contentModules' },
      {
        slug: 'posts',
        label: 'Posts',
        table: 'posts',
        emptyHint: 'The API cannot list posts: they appear here when you create one (New post) or edit one. Add a post by id in Settings › Sources to mirror its comments and edit it.',
      },
      { slug: 'comments', label: 'Comments', table: 'comments', emptyHint: 'Add a post by its id or portal link in Settings › Sources to mirror its comments.' },
    ],
    emptyHint: 'Content modules appear after the first sync. Add a post by its id or portal link in Settings › Sources to see its comments.',
  },
  {
    id: 'calendars',
    label: 'Calendars',
    path: '/calendars',
    lists: [{ slug: '', label: 'Participations', table: 'participations' }],
    emptyHint: 'Add a calendar in Settings › Sources (paste its id or portal link) to mirror its participations.',
  },
  {
    id: 'serviceform',
    label: 'Service forms',
    path: '/forms',
    lists: [
      { slug: '', label: 'Forms', table: 'forms' },
      { slug: 'stages', label: 'Stages', table: 'formStages' },
      { slug: 'pages', label: 'Pages', table: 'formPages' },
      { slug: 'score-categories', label: 'Score categories', table: 'scoreCategories' },
      { slug: 'answer-feedback', label: 'Answer feedback', table: 'answerFeedback' },
      { slug: 'filling-feedback', label: 'Filling feedback', table: 'fillingFeedback' },
    ],
    emptyHint: 'Add a service form module in Settings › Sources to mirror its forms, stages, pages and feedback.',
  },
  {
    id: 'survey',
    label: 'Surveys',
    path: '/surveys',
    lists: [{ slug: '', label: 'Instances', table: 'surveyInstances' }],
    emptyHint: 'Add a survey in Settings › Sources to mirror its instances.',
  },
  {
    id: 'taskmanagement',
    label: 'Tasks',
    path: '/tasks',
    lists: [
      { slug: '', label: 'Categories', table: 'taskCategories' },
      { slug: 'subtasks', label: 'Subtasks', table: 'subtasks' },
      { slug: 'completions', label: 'Completions', table: 'subtaskCompletions' },
    ],
    emptyHint: 'Add a task module (for categories) or a task (for subtasks) in Settings › Sources.',
  },
  {
    id: 'datalists',
    label: 'Data lists',
    path: '/datalists',
    lists: [{ slug: '', label: 'Items', table: 'dataListItems' }],
    emptyHint: 'Add a data list in Settings › Sources (paste its id or portal link) to mirror its items.',
  },
  {
    id: 'users',
    label: 'People',
    path: '/people',
    lists: [
      { slug: '', label: 'Users', table: 'users', ownPage: 'users', emptyHint: 'The API cannot list users: people appear here as they are looked up or edited. Everyone the workspace mentions is offered in the editors’ pickers.' },
      { slug: 'groups', label: 'User groups', table: 'userGroups' },
    ],
    emptyHint: 'User groups appear after the first sync; users appear as they are edited or looked up.',
  },
  {
    id: 'training',
    label: 'Training',
    path: '/training',
    lists: [{ slug: '', label: 'Lesson participations', table: 'lessonParticipations' }],
    emptyHint: 'Lesson participations appear after the first sync when the token may read training.',
  },
  {
    id: 'notifications',
    label: 'Notifications',
    path: '/notifications',
    lists: [{ slug: '', label: 'Channels', table: 'notificationChannels' }],
    emptyHint: 'Notification channels appear after the first sync when the token may read notifications.',
  },
];

/** True when the table is filled by a list endpoint (so it has scopes and indexes). */
export function isListed(table: string): boolean {
  return endpointOfTable(table).kind === 'list';
}

/**
 * The scope a table's list page shows when the URL or the table decides it: the URL's
 * scope, or the one scope of a list without path parameters; null for a table no list
 * fills and no URL scope. Undefined when the page picks among the scopes it knows.
 */
export function decidedScope(table: string, urlScope: string | null): string | null | undefined {
  if (!isListed(table) || urlScope) return urlScope;
  const endpoint = endpointOfTable(table);
  return endpoint.pathParams.length === 0 ? scopeKey(endpoint.id, {}) : undefined;
}

export function areaById(id: string): AreaDef | undefined {
  return AREAS.find((a) => a.id === id);
}

/** The area and list a table is shown in. */
export function placeOfTable(table: string): { area: AreaDef; list: ListDef } | null {
  for (const area of AREAS) {
    const list = area.lists.find((l) => l.table === table);
    if (list) return { area, list };
  }
  return null;
}

/** The route path of a list. */
export function listPath(area: AreaDef, list: ListDef): string {
  return list.slug ? `${area.path}/${list.slug}` : area.path;
}

/** Child lists discovered from a row of `parent` (E12 form → its stages, pages...). */
export function childEndpointsOf(parent: EndpointId): EndpointDef[] {
  return Object.values(endpoints).filter((e) => e.kind === 'list' && e.discoveredFrom?.endpoint === parent);
}
