import { endpoints } from '../../src-shared/api/index.js';
import { readTableRows } from '../../src-shared/store/index.js';
import { distinctValues } from '../list/column-values.js';
import { useAppContext } from '../app-context.js';
import { rowLabel } from '../presentation/references.js';
import { useLiveQuery } from './use-live-query.js';
import { clipText, NAME_LIMIT } from '../lib/bounded-text.js';
import { markInvisibles } from '../lib/invisible-chars.js';

/** A type alias, not an interface, so it fits the select's indexed option type. */
export type PickerOption = { label: string; value: string };

const MAX_OPTIONS = 2000;

function add(map: Map<string, string>, id: unknown, label: unknown) {
  if (typeof id !== 'string' || !id) return;
  const known = map.get(id);
  if (typeof label === 'string' && label && (!known || known === id)) map.set(id, label);
  else if (!known) map.set(id, id);
}

const toOptions = (map: Map<string, string>): PickerOption[] =>
  // A picker takes text only: names are bounded and their invisible characters written as markers.
  [...map].map(([value, label]) => ({ value, label: markInvisibles(clipText(label, NAME_LIMIT).text) })).sort((a, b) => a.label.localeCompare(b.label)).slice(0, MAX_OPTIONS);

/**
 * The ids the workspace already knows, for the editors' pickers: user groups from
 * E20, departments and users seen in other rows (post permissions, users, subtask
 * completions). Distinct values come from the lists' columns, not from rows.
 */
export function usePickerOptions() {
  const { db } = useAppContext();
  const userGroups = useLiveQuery(
    async () => {
      const map = new Map<string, string>();
      for (const r of await readTableRows(db, endpoints.E20.table)) add(map, r.key, rowLabel(endpoints.E20.table, r.row));
      return toOptions(map);
    },
    [],
    [] as PickerOption[],
  ).value;

  const departments = useLiveQuery(
    async () => {
      const map = new Map<string, string>();
      (await readTableRows(db, endpoints.E3.table)).forEach((r) => {
        for (const p of (r.row.permissions as Record<string, unknown>[] | null) ?? []) {
          for (const d of (p.departments as Record<string, unknown>[] | null) ?? []) add(map, d.id, d.name);
        }
      });
      (await readTableRows(db, endpoints.E19.table)).forEach((r) => {
        add(map, r.row.primaryDepartmentId, null);
        for (const d of (r.row.additionalDepartments as Record<string, unknown>[] | null) ?? []) add(map, d.id, null);
      });
      for (const field of ['departmentId', 'areaDepartmentId']) {
        for (const id of await distinctValues(db, endpoints.E17.table, field, MAX_OPTIONS)) add(map, id, null);
      }
      return toOptions(map);
    },
    [],
    [] as PickerOption[],
  ).value;

  const users = useLiveQuery(
    async () => {
      const map = new Map<string, string>();
      for (const r of await readTableRows(db, endpoints.E19.table)) add(map, r.key, rowLabel(endpoints.E19.table, r.row));
      for (const endpoint of Object.values(endpoints)) {
        if (endpoint.kind !== 'list' || !endpoint.query.userId?.filter || map.size >= MAX_OPTIONS) continue;
        for (const id of await distinctValues(db, endpoint.table, 'userId', MAX_OPTIONS)) if (map.size < MAX_OPTIONS) add(map, id, null);
      }
      return toOptions(map);
    },
    [],
    [] as PickerOption[],
  ).value;

  return { userGroups, departments, users };
}
