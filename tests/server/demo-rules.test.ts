import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, parseListPage, type EndpointId } from '../../src-shared/api/index.js';
import { startServer, type RunningServer } from '../../src-server/index.js';
import { worldSpec } from '../../src-server/data/world-spec.js';
import { clientOf, listPath, type Client } from './server-fixture.js';

/**
 * Walks every list of the generated workspace over HTTP, as a client would (sources,
 * then the lists discovered from their rows), and checks each rule of the document's
 * resource section on every row, and that every documented variant shows up.
 */

type Row = Record<string, unknown>;
interface Walked {
  readonly rows: Map<EndpointId, { params: Record<string, string>; row: Row }[]>;
  /** Scopes refused as documented (400), by endpoint. */
  readonly refused: Map<EndpointId, string[]>;
  /** The seeded posts (no list endpoint: generated, read back by writes). */
  readonly posts: Row[];
}

async function walk(server: RunningServer, client: Client): Promise<Walked> {
  const rows = new Map<EndpointId, { params: Record<string, string>; row: Row }[]>();
  const refused = new Map<EndpointId, string[]>();
  const list = async (id: EndpointId, params: Record<string, string>): Promise<Row[]> => {
    let url: string | null = listPath(id, params, { limit: '1000' });
    const found: Row[] = [];
    while (url) {
      const answer = await client.get(url);
      if (answer.status === 400 && endpoints[id].unavailableWhen) {
        refused.set(id, [...(refused.get(id) ?? []), (answer.body as { detail: string }).detail]);
        return [];
      }
      expect(answer.status, `${id} ${url}: ${answer.text}`).toBe(200);
      const page = parseListPage(id, answer.body);
      expect(page.rejected, `${id} ${url}`).toEqual([]);
      found.push(...(page.data as Row[]));
      url = page.nextUrl;
    }
    rows.set(id, [...(rows.get(id) ?? []), ...found.map((row) => ({ params, row }))]);
    return found;
  };
  const src = server.sources;
  for (const id of ['E9', 'E18', 'E20', 'E21'] as const) await list(id, {});
  for (const d of src.dataLists) await list('E1', { dataListId: d.dataListId });
  for (const p of src.contentPosts) await list('E2', { moduleId: p.moduleId, contentId: p.contentId });
  for (const c of src.calendars) await list('E4', c);
  for (const s of src.surveys) await list('E11', s);
  for (const m of src.taskModules) await list('E14', m);
  for (const m of src.serviceformModules) {
    for (const form of await list('E12', { moduleId: m.moduleId })) {
      const params = { moduleId: m.moduleId, formId: String(form['id']) };
      for (const id of ['E6', 'E7', 'E8', 'E10', 'E15'] as const) await list(id, params);
    }
  }
  for (const t of src.tasks) {
    for (const subtask of await list('E13', t)) await list('E17', { ...t, subtaskId: String(subtask['id']) });
  }
  return { rows, refused, posts: server.data.rows('E16') };
}

const of = (w: Walked, id: EndpointId) => (w.rows.get(id) ?? []).map((r) => r.row);
const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
const populated = (v: unknown) => v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0);
const objects = (v: unknown): Row[] => (Array.isArray(v) ? (v as Row[]) : []);
const collect = (values: readonly unknown[]) => new Set(values.filter((v) => v !== undefined));

/** Rule 2 of data list items: which one field a custom field type populates. */
const VALUE_FIELD: Readonly<Record<string, string>> = {
  Barcode: 'value',
  Color: 'value',
  Date: 'value',
  Number: 'value',
  Media: 'medias',
  'Data List': 'dataListItems',
  DataList: 'dataListItems',
};

function checkMedia(media: Row, where: string): void {
  // Rule 3: a third-party reference carries referenceUrl, any other media downloadUrl.
  expect(populated(media['referenceUrl']) !== populated(media['downloadUrl']), `${where}: ${JSON.stringify(media)}`).toBe(true);
}

function checkRules(w: Walked, scaleName: string): void {
  const spec = worldSpec(scaleName === 'demo' ? 'demo' : Number(scaleName));

  // Data list items: rules 1–4.
  const items = w.rows.get('E1') ?? [];
  const typesSeen = new Set<string>();
  for (const { row } of items) {
    const values = objects(row['customFieldValues']);
    const ids = values.map((v) => v['dataListCustomFieldId']);
    expect(new Set(ids).size, 'one value per custom field').toBe(ids.length);
    for (const value of values) {
      const type = String(value['type']);
      typesSeen.add(type);
      const filled = ['value', 'locales', 'medias', 'dataListItems'].filter((k) => populated(value[k]));
      expect(filled, `${type}: exactly one populated`).toHaveLength(1);
      const expected = VALUE_FIELD[type];
      if (expected) expect(filled).toEqual([expected]);
      else expect(['value', 'locales']).toContain(filled[0]);
      for (const media of objects(value['medias'])) checkMedia(media, 'custom field media');
      for (const ref of objects(value['dataListItems'])) expect(ref['type']).toBe('User');
    }
  }
  // Rule 1: hidden custom fields are omitted (Equipment has one hidden field of nine).
  const standard = spec.dataLists.filter((d) => d.type === 'Standard');
  const maxVisible = Math.max(...standard.map((d) => d.fields.filter((f) => !f.hidden).length));
  for (const { row } of items) expect(objects(row['customFieldValues']).length).toBeLessThanOrEqual(maxVisible);
  for (const type of ['Barcode', 'Color', 'Date', 'Number', 'Text', 'Multiline Text', 'Media', 'Data List', 'DataList']) {
    expect(typesSeen, `custom field type ${type}`).toContain(type);
  }
  expect(items.some(({ row }) => objects(row['customFieldValues']).some((v) => populated(v['locales'])))).toBe(true);
  // Department, User and User Group lists answer 400.
  expect(w.refused.get('E1')).toHaveLength(spec.dataLists.filter((d) => d.type !== 'Standard').length);

  // Comments: parents are comments of the same post; mention types as seen.
  const byPost = new Map<string, Set<unknown>>();
  for (const { params, row } of w.rows.get('E2') ?? []) {
    const key = params['contentId']!;
    byPost.set(key, (byPost.get(key) ?? new Set()).add(row['id']));
  }
  for (const { params, row } of w.rows.get('E2') ?? []) {
    if (row['parentCommentId'] !== null) expect(byPost.get(params['contentId']!)).toContain(row['parentCommentId']);
    for (const media of objects(row['medias'])) checkMedia(media, 'comment media');
  }
  const mentionTypes = collect([...of(w, 'E2'), ...w.posts].flatMap((r) => objects(r['mentions']).map((m) => m['type'])));
  expect([...mentionTypes].sort()).toEqual(['Department', 'User', 'User group']);
  expect(w.refused.get('E2')?.length ?? 0).toBeGreaterThan(0);

  // Content posts: states, local date-times, feature media with its download link.
  for (const post of w.posts) {
    expect(post['status']).toBe('Published');
    expect(String(post['availableFrom'])).toMatch(LOCAL);
    if (post['availableUntil'] !== null) expect(String(post['availableUntil'])).toMatch(LOCAL);
    for (const media of objects(post['medias'])) checkMedia(media, 'post media');
    if (post['featureMediaId'] !== null) {
      const feature = objects(post['medias']).find((m) => m['id'] === post['featureMediaId']);
      expect(feature?.['downloadUrl']).toBe(post['featureMediaDownloadUrl']);
    } else {
      expect(post['featureMediaDownloadUrl']).toBeNull();
    }
  }
  expect(w.posts.some((p) => typeof p['featureMediaDownloadUrl'] === 'string')).toBe(true);

  // Content modules: permission setting type in either spelling (or null), department types as seen.
  const permissionTypes = collect(of(w, 'E9').map((m) => m['permissionSettingType']));
  for (const t of permissionTypes) expect([null, 'Departments', 'UserGroups', 'DepartmentsAndUserGroups', 'DepartmentsOrUserGroups']).toContain(t);
  expect(permissionTypes).toContain(null);
  const departmentTypes = collect(of(w, 'E9').flatMap((m) => (m['permissionSettingDepartmentTypes'] === null ? [null] : (m['permissionSettingDepartmentTypes'] as string[]))));
  expect([...departmentTypes].map(String).sort()).toEqual(['Company', 'Country', 'Department', 'null']);

  // Participations: every status; attendanceConfirmed null exactly for events without confirmation.
  const participations = of(w, 'E4');
  expect([...collect(participations.map((p) => p['status']))].sort()).toEqual(['Attending', 'Not attending', 'Tentative']);
  const confirmation = new Map<unknown, Set<boolean>>();
  for (const p of participations) {
    const set = confirmation.get(p['eventId']) ?? new Set<boolean>();
    confirmation.set(p['eventId'], set.add(p['attendanceConfirmed'] === null));
  }
  for (const [event, kinds] of confirmation) expect(kinds.size, `event ${String(event)}: null for all or none`).toBe(1);
  expect(participations.some((p) => p['attendanceConfirmed'] === null)).toBe(true);
  expect(participations.some((p) => typeof p['attendanceConfirmed'] === 'boolean')).toBe(true);
  // Within one calendar, some events confirm and some do not.
  const mixed = (w.rows.get('E4') ?? []).reduce((calendars, { params, row }) => {
    const set = calendars.get(params['calendarId']!) ?? new Set<boolean>();
    return calendars.set(params['calendarId']!, set.add(row['attendanceConfirmed'] === null));
  }, new Map<string, Set<boolean>>());
  expect([...mixed.values()].some((s) => s.size === 2)).toBe(true);

  // Service forms: icon is a media object or null; stages come in a `locale` array; pages point at stages of their form.
  for (const form of of(w, 'E12')) if (form['icon'] !== null) checkMedia(form['icon'] as Row, 'form icon');
  for (const stage of of(w, 'E6')) expect(Array.isArray(stage['locale'])).toBe(true);
  const stagesOf = new Map<string, Set<unknown>>();
  for (const { params, row } of w.rows.get('E6') ?? []) stagesOf.set(params['formId']!, (stagesOf.get(params['formId']!) ?? new Set()).add(row['id']));
  for (const { params, row } of w.rows.get('E8') ?? []) {
    if (row['stageId'] !== null) expect(stagesOf.get(params['formId']!)).toContain(row['stageId']);
  }
  expect(of(w, 'E8').some((p) => p['stageId'] === null)).toBe(true);
  expect(w.refused.get('E6')?.length ?? 0).toBeGreaterThan(0);
  expect(w.refused.get('E7')?.length ?? 0).toBeGreaterThan(0);

  // Survey instances: local date-times without offset; null percentage possible.
  for (const instance of of(w, 'E11')) {
    expect(instance['status']).toBe('Published');
    expect(String(instance['availableFrom'])).toMatch(LOCAL);
    expect(String(instance['availableUntil'])).toMatch(LOCAL);
  }

  // Subtasks: medias may be null; completions carry areaDepartmentId only for ByDepartmentType tasks.
  expect(of(w, 'E13').some((s) => s['medias'] === null)).toBe(true);
  const taskIds = new Set(w.rows.get('E17')!.map(({ params }) => params['taskId']!));
  expect(taskIds.size).toBe(spec.tasks.length);
  for (const taskId of taskIds) {
    const index = server!.sources.tasks.findIndex((t) => t.taskId === taskId);
    const byDepartment = spec.tasks[index]!.assigneeType === 'ByDepartmentType';
    for (const { row } of w.rows.get('E17')!.filter((r) => r.params['taskId'] === taskId)) {
      expect(row['areaDepartmentId'] !== null, `task ${index}`).toBe(byDepartment);
    }
  }

  // Task categories: hex colours; every task access value.
  for (const category of of(w, 'E14')) expect(String(category['color'])).toMatch(/^#[0-9a-f]{6}$/i);
  expect([...collect(of(w, 'E14').map((c) => c['taskAccess']))].sort()).toEqual(['App', 'Everywhere', 'Portal']);

  // Lesson participations: the documented state shows up.
  expect(collect(of(w, 'E18').map((r) => r['courseLessonParticipationState']))).toContain('Completed');

  // Users (read back by E19) are Activated; custom fields hold strings or arrays of strings.
  for (const user of server!.data.rows('E19')) {
    expect(user['status']).toBe('Activated');
    for (const value of Object.values(user['customFields'] as Row)) {
      expect(typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'))).toBe(true);
    }
    if (user['image'] !== null) checkMedia(user['image'] as Row, 'user image');
  }

  // Notification channels: a channel name may be null in a locale.
  expect(of(w, 'E21').some((c) => objects(c['locales']).some((l) => l['channelName'] === null))).toBe(true);

  // Every media object the walk met: both a download and a third-party reference.
  const medias = [
    ...w.posts.flatMap((p) => objects(p['medias'])),
    ...of(w, 'E2').flatMap((c) => objects(c['medias'])),
    ...of(w, 'E1').flatMap((i) => objects(i['customFieldValues']).flatMap((v) => objects(v['medias']))),
  ];
  expect(medias.some((m) => populated(m['referenceUrl']))).toBe(true);
  expect(medias.some((m) => populated(m['downloadUrl']))).toBe(true);
}

let server: RunningServer | null = null;

describe.each(['demo', '0.0005'])('the generated workspace at scale %s', (scaleName) => {
  let walked: Walked;
  beforeAll(async () => {
    server = await startServer({ quiet: true, scale: scaleName === 'demo' ? 'demo' : Number(scaleName) });
    walked = await walk(server, clientOf(server));
  });
  afterAll(() => server?.close());

  it('answers every list with valid rows that follow each rule of the resource section', () => {
    expect([...walked.rows.keys()].sort()).toEqual(
      (Object.keys(endpoints) as EndpointId[]).filter((id) => endpoints[id].kind === 'list').sort(),
    );
    checkRules(walked, scaleName);
  });
});
