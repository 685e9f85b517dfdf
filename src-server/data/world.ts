import type { EndpointDef, EndpointId, ResourceName } from '../../src-shared/api/index.js';
import { contentModulesGenerator, commentsGenerator, postsGenerator, seededPosts } from './generators/content.js';
import { participationsGenerator } from './generators/calendars.js';
import { dataListItemsGenerator } from './generators/data-lists.js';
import { notificationChannelsGenerator } from './generators/notification-channels.js';
import { userGroupsGenerator, usersGenerator } from './generators/people.js';
import {
  feedbackGenerator,
  formsGenerator,
  pagesGenerator,
  scoreCategoriesGenerator,
  stagesGenerator,
} from './generators/service-forms.js';
import { surveyInstancesGenerator } from './generators/surveys.js';
import { categoriesGenerator, completionsGenerator, subtasksGenerator } from './generators/tasks.js';
import { lessonParticipationsGenerator } from './generators/training.js';
import type { RowGenerator } from './row-generator.js';
import type { Scale } from './scale.js';
import { createWorldContext, type WorldContext } from './world-context.js';
import { PAGES_PER_FORM, SCORE_CATEGORIES_PER_FORM, STAGES_PER_FORM, worldSpec, type FormSpec } from './world-spec.js';

/** The roots the API cannot list, published at `GET /demo/sources`. */
export interface DemoSources {
  dataLists: { dataListId: string; type: string }[];
  calendars: { moduleId: string; calendarId: string }[];
  serviceformModules: { moduleId: string; stagesEnabled: boolean }[];
  surveys: { moduleId: string; surveyId: string }[];
  taskModules: { moduleId: string }[];
  tasks: { moduleId: string; taskId: string }[];
  contentPosts: { moduleId: string; contentId: string; commentsEnabled: boolean }[];
  users: string[];
}

/** Whether a list scope exists and can be listed. */
export type Resolution =
  | { kind: 'list'; generator: () => RowGenerator }
  | { kind: 'unavailable'; message: string }
  | { kind: 'missing'; message: string };

/** Questions about the current (changed) data a resolution may need to ask. */
export interface WorldLookup {
  /** A row with this key is live in the list scope. */
  live(endpoint: EndpointId, params: Readonly<Record<string, string>>, key: string): boolean;
  /** The module of a live content post. */
  postModule(postId: string): string | undefined;
}

export interface World {
  readonly context: WorldContext;
  readonly sources: DemoSources;
  /** Content posts (created by E3, patched by E16). */
  readonly posts: RowGenerator;
  /** The module of each seeded post, by post index. */
  readonly postModules: readonly string[];
  /** Users (patched by E19). */
  readonly users: RowGenerator;
  resolve(endpoint: EndpointDef, params: Readonly<Record<string, string>>, lookup: WorldLookup): Resolution;
}

/** How many users `/demo/sources` lists at most (the rest are still patchable by id). */
const SOURCE_USERS = 50;
const DEFAULT_FORM: FormSpec = { feedbackEnabled: true, answerFeedback: 0, fillingFeedback: 0 };

/** The seeded workspace of a seed and scale. Cheap: rows are generated when read. */
export function createWorld(seed: number, scale: Scale): World {
  const spec = worldSpec(scale);
  const ctx = createWorldContext(seed, spec);
  const id = (salt: string, index: number) => ctx.codec(salt).encode(index);
  const find = (salt: string, value: string | undefined, count: number) => {
    const index = value === undefined ? undefined : ctx.codec(salt).decode(value);
    return index !== undefined && index < count ? index : undefined;
  };
  const missing = (what: string, value: string | undefined): Resolution => ({
    kind: 'missing',
    message: `No ${what} with id ${value ?? '(none)'} exists.`,
  });
  const posts = seededPosts(ctx);
  const postModules = posts.map((p) => id('contentModules', p.module));
  const roots: Partial<Record<ResourceName, RowGenerator>> = {
    contentModule: contentModulesGenerator(ctx),
    lessonParticipation: lessonParticipationsGenerator(ctx),
    userGroup: userGroupsGenerator(ctx),
    notificationChannel: notificationChannelsGenerator(ctx),
  };
  const list = (generator: () => RowGenerator): Resolution => ({ kind: 'list', generator });

  const formOf = (params: Readonly<Record<string, string>>, lookup: WorldLookup) => {
    const m = find('serviceformModules', params['moduleId'], spec.serviceformModules.length);
    if (m === undefined) return missing('service form module', params['moduleId']);
    const formId = params['formId']!;
    if (!lookup.live('E12', { moduleId: params['moduleId']! }, formId)) return missing('form', formId);
    const f = ctx.codec(`forms:${params['moduleId']}`).decode(formId)!;
    const module = spec.serviceformModules[m]!;
    const seeded = f < module.forms.length;
    return { module, form: module.forms[f] ?? DEFAULT_FORM, formId, seeded };
  };
  const taskOf = (params: Readonly<Record<string, string>>) => {
    const m = find('taskModules', params['moduleId'], spec.taskModules);
    if (m === undefined) return missing('task management module', params['moduleId']);
    const t = find('tasks', params['taskId'], spec.tasks.length);
    if (t === undefined || spec.tasks[t]!.module !== m) return missing('task', params['taskId']);
    return { task: spec.tasks[t]!, taskId: params['taskId']! };
  };

  const resolvers: Partial<Record<ResourceName, (p: Readonly<Record<string, string>>, lookup: WorldLookup) => Resolution>> = {
    dataListItem(p) {
      const k = find('dataLists', p['dataListId'], spec.dataLists.length);
      if (k === undefined) return missing('data list', p['dataListId']);
      const dataList = spec.dataLists[k]!;
      if (dataList.type !== 'Standard') {
        return {
          kind: 'unavailable',
          message: `The data list ${p['dataListId']} is of type ${dataList.type}: its items derive from existing users, departments or user groups and cannot be listed.`,
        };
      }
      return list(() => dataListItemsGenerator(ctx, p['dataListId']!, dataList));
    },
    comment(p, lookup) {
      const moduleId = p['moduleId']!;
      if (!lookup.live('E9', {}, moduleId)) return missing('content module', moduleId);
      if (lookup.postModule(p['contentId']!) !== moduleId) return missing('content post in this module', p['contentId']);
      const m = find('contentModules', moduleId, spec.contentModules.length);
      if (m !== undefined && !spec.contentModules[m]!.commentsEnabled) {
        return { kind: 'unavailable', message: `Comments are not enabled on the content module ${moduleId}.` };
      }
      const k = find('posts', p['contentId'], posts.length);
      return list(() => commentsGenerator(ctx, p['contentId']!, k === undefined ? 0 : posts[k]!.comments));
    },
    participation(p) {
      const m = find('calendarModules', p['moduleId'], spec.calendarModules);
      if (m === undefined) return missing('calendar module', p['moduleId']);
      const c = find('calendars', p['calendarId'], spec.calendars.length);
      if (c === undefined || spec.calendars[c]!.module !== m) return missing('calendar', p['calendarId']);
      return list(() => participationsGenerator(ctx, p['calendarId']!, spec.calendars[c]!));
    },
    serviceForm(p) {
      const m = find('serviceformModules', p['moduleId'], spec.serviceformModules.length);
      if (m === undefined) return missing('service form module', p['moduleId']);
      return list(() => formsGenerator(ctx, p['moduleId']!, spec.serviceformModules[m]!.forms.length));
    },
    formStage(p, lookup) {
      const f = formOf(p, lookup);
      if ('kind' in f) return f;
      if (!f.module.stagesEnabled) {
        return { kind: 'unavailable', message: `Stages are not enabled on the service form module ${p['moduleId']}.` };
      }
      return list(() => stagesGenerator(ctx, f.formId, f.seeded ? STAGES_PER_FORM : 0));
    },
    formPage(p, lookup) {
      const f = formOf(p, lookup);
      if ('kind' in f) return f;
      const stages = f.module.stagesEnabled && f.seeded ? STAGES_PER_FORM : 0;
      return list(() => pagesGenerator(ctx, f.formId, f.seeded ? PAGES_PER_FORM : 0, stages));
    },
    scoreCategory(p, lookup) {
      const f = formOf(p, lookup);
      if ('kind' in f) return f;
      return list(() => scoreCategoriesGenerator(ctx, f.formId, f.seeded ? SCORE_CATEGORIES_PER_FORM : 0));
    },
    answerFeedback(p, lookup) {
      const f = formOf(p, lookup);
      if ('kind' in f) return f;
      if (!f.form.feedbackEnabled) {
        return { kind: 'unavailable', message: `Feedback is not enabled on the form ${f.formId}.` };
      }
      return list(() => feedbackGenerator(ctx, f.formId, f.form.answerFeedback, 'answer'));
    },
    fillingFeedback(p, lookup) {
      const f = formOf(p, lookup);
      if ('kind' in f) return f;
      return list(() => feedbackGenerator(ctx, f.formId, f.form.fillingFeedback, 'filling'));
    },
    surveyInstance(p) {
      const m = find('surveyModules', p['moduleId'], spec.surveys.length);
      const s = find('surveys', p['surveyId'], spec.surveys.length);
      if (m === undefined) return missing('survey module', p['moduleId']);
      if (s === undefined || spec.surveys[s]!.module !== m) return missing('survey', p['surveyId']);
      return list(() => surveyInstancesGenerator(ctx, p['surveyId']!, spec.surveys[s]!.instances));
    },
    taskCategory(p) {
      const m = find('taskModules', p['moduleId'], spec.taskModules);
      if (m === undefined) return missing('task management module', p['moduleId']);
      return list(() => categoriesGenerator(ctx, p['moduleId']!, spec.categoriesPerModule));
    },
    subtask(p) {
      const t = taskOf(p);
      if ('kind' in t) return t;
      return list(() => subtasksGenerator(ctx, t.taskId, t.task.subtasks));
    },
    subtaskCompletion(p, lookup) {
      const t = taskOf(p);
      if ('kind' in t) return t;
      const subtaskId = p['subtaskId']!;
      if (!lookup.live('E13', { moduleId: p['moduleId']!, taskId: t.taskId }, subtaskId)) return missing('subtask', subtaskId);
      const s = ctx.codec(`subtasks:${t.taskId}`).decode(subtaskId)!;
      const size = s < t.task.subtasks ? t.task.completions : 0;
      return list(() => completionsGenerator(ctx, subtaskId, size, t.task.assigneeType === 'ByDepartmentType'));
    },
  };

  const sources: DemoSources = {
    dataLists: spec.dataLists.map((d, k) => ({ dataListId: id('dataLists', k), type: d.type })),
    calendars: spec.calendars.map((c, k) => ({ moduleId: id('calendarModules', c.module), calendarId: id('calendars', k) })),
    serviceformModules: spec.serviceformModules.map((m, k) => ({ moduleId: id('serviceformModules', k), stagesEnabled: m.stagesEnabled })),
    surveys: spec.surveys.map((s, k) => ({ moduleId: id('surveyModules', s.module), surveyId: id('surveys', k) })),
    taskModules: Array.from({ length: spec.taskModules }, (_, k) => ({ moduleId: id('taskModules', k) })),
    tasks: spec.tasks.map((t, k) => ({ moduleId: id('taskModules', t.module), taskId: id('tasks', k) })),
    contentPosts: posts.map((p, k) => ({
      moduleId: postModules[k]!,
      contentId: id('posts', k),
      commentsEnabled: spec.contentModules[p.module]!.commentsEnabled,
    })),
    users: Array.from({ length: Math.min(spec.users, SOURCE_USERS) }, (_, k) => id('users', k)),
  };

  return {
    context: ctx,
    sources,
    posts: postsGenerator(ctx),
    postModules,
    users: usersGenerator(ctx),
    resolve(endpoint, params, lookup) {
      const root = roots[endpoint.resource];
      if (root && endpoint.pathParams.length === 0) return list(() => root);
      const resolver = resolvers[endpoint.resource];
      if (!resolver) return { kind: 'missing', message: `${endpoint.id} has no list of ${endpoint.resource}.` };
      return resolver(params, lookup);
    },
  };
}
