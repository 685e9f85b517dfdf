import { z } from 'zod';
import { guid } from '../../../src-shared/api/index.js';
import type { SourceKind, SourceRecord } from '../../../src-shared/store/index.js';
import { sourceScope } from '../sync/scope-plan.js';

const list = <T extends z.ZodType>(item: T) => z.array(item).optional().default([]);

/**
 * The `/demo/sources` document a reference server publishes: the roots of its
 * workspace the API cannot list. Unknown keys are ignored; a malformed entry is dropped.
 */
export const publishedSourcesSchema = z.looseObject({
  dataLists: list(z.looseObject({ dataListId: guid, type: z.string().optional() })),
  calendars: list(z.looseObject({ moduleId: guid, calendarId: guid })),
  serviceformModules: list(z.looseObject({ moduleId: guid, stagesEnabled: z.boolean().optional() })),
  surveys: list(z.looseObject({ moduleId: guid, surveyId: guid })),
  taskModules: list(z.looseObject({ moduleId: guid })),
  tasks: list(z.looseObject({ moduleId: guid, taskId: guid })),
  contentPosts: list(z.looseObject({ moduleId: guid, contentId: guid, commentsEnabled: z.boolean().optional() })),
});

export type PublishedSources = z.input<typeof publishedSourcesSchema>;

/**
 * The sources a published document names, as records to store.
 * @throws Error when the document is not of that shape at all.
 */
export function publishedSourceRecords(document: unknown, addedAt: string): SourceRecord[] {
  const doc = publishedSourcesSchema.parse(document);
  const records: SourceRecord[] = [];
  const add = (kind: SourceKind, params: Record<string, string>, label: string | null) => {
    records.push({ id: sourceScope(kind, params).scope, kind, params, label, addedAt });
  };
  for (const d of doc.dataLists) add('dataList', { dataListId: d.dataListId }, d.type ? `${d.type} list` : null);
  for (const c of doc.calendars) add('calendar', { moduleId: c.moduleId, calendarId: c.calendarId }, null);
  for (const m of doc.serviceformModules) add('serviceformModule', { moduleId: m.moduleId }, null);
  for (const s of doc.surveys) add('survey', { moduleId: s.moduleId, surveyId: s.surveyId }, null);
  for (const m of doc.taskModules) add('taskModule', { moduleId: m.moduleId }, null);
  for (const t of doc.tasks) add('task', { moduleId: t.moduleId, taskId: t.taskId }, null);
  for (const p of doc.contentPosts) add('contentPost', { moduleId: p.moduleId, contentId: p.contentId }, null);
  return records;
}
