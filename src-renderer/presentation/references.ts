import { endpoints, rowKey } from '../../src-shared/api/index.js';
import { endpointOfTable } from '../../src-shared/api/index.js';
import { localeTitleField } from './columns.js';
import { localeText } from '../lib/locales.js';

/**
 * Which local table an id field points to. Only references whose target the API
 * mirrors are listed; the rest (events, fillings, departments...) stay plain ids.
 * Tables are taken from the catalogue's endpoints, not retyped.
 */
const REFERENCE_TABLES: Readonly<Record<string, string>> = {
  userId: endpoints.E19.table,
  parentCommentId: endpoints.E2.table,
  stageId: endpoints.E6.table,
  /** Entries of a user's `userGroups`, and of post permissions. */
  userGroups: endpoints.E20.table,
  /** `dataListItems` entries of a custom field value (type User or an item). */
  dataListItems: endpoints.E1.table,
  memberCard: '',
};

/** The table an id field (or a list of references) resolves to, or null. */
export function referenceTable(field: string): string | null {
  return REFERENCE_TABLES[field] || null;
}

/** The words a user knows a row by: its name, its localised title, or its key. */
export function rowLabel(table: string, row: Readonly<Record<string, unknown>>, culture: string | null = null): string {
  if (typeof row.name === 'string' && row.name) return row.name;
  const titleField = localeTitleField(endpointOfTable(table));
  const title = titleField ? localeText(row, titleField, culture) : null;
  if (title) return title;
  if (typeof row.customId === 'string' && row.customId) return row.customId;
  if (typeof row.userName === 'string' && row.userName) return row.userName;
  // Rows without a name (lesson participations) are known by their key.
  return rowKey(endpointOfTable(table), row);
}

/**
 * Path parameters of a scope that name a row the cache may hold: a stage belongs to
 * a form, a comment to a post, a completion to a subtask.
 */
const PARAM_TABLES: Readonly<Record<string, string>> = {
  formId: endpoints.E12.table,
  contentId: endpoints.E3.table,
  subtaskId: endpoints.E13.table,
};

/** The rows a scope's parameters point to, as `{label, table, id}` for the detail header. */
export function scopeOwners(params: Readonly<Record<string, string>>): { param: string; table: string; id: string }[] {
  return Object.entries(params)
    .filter(([name]) => PARAM_TABLES[name])
    .map(([name, id]) => ({ param: name, table: PARAM_TABLES[name]!, id }));
}
