import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINT_IDS, endpoints, parseListPage, parseResponse, resources, type EndpointId } from '../../src-shared/api/index.js';
import { startServer, type RunningServer } from '../../src-server/index.js';
import { clientOf, listPath, listScopes, type Client } from './server-fixture.js';

let server: RunningServer;
let client: Client;
let scopes: ReturnType<typeof listScopes>;

beforeAll(async () => {
  server = await startServer({ quiet: true });
  client = clientOf(server);
  scopes = listScopes(server);
});
afterAll(() => server.close());

const LISTS = ENDPOINT_IDS.filter((id) => endpoints[id].kind === 'list');

/** Every `url` / `…Url` field outside media objects, with its value. */
function linkFields(value: unknown, path = '$', out: [string, unknown][] = []): [string, unknown][] {
  if (Array.isArray(value)) value.forEach((v, i) => linkFields(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') {
    const isMedia = 'downloadUrl' in value || 'referenceUrl' in value;
    for (const [key, v] of Object.entries(value)) {
      if ((key === 'url' || key.endsWith('Url')) && !(isMedia && (key === 'downloadUrl' || key === 'referenceUrl'))) out.push([`${path}.${key}`, v]);
      else linkFields(v, `${path}.${key}`, out);
    }
  }
  return out;
}

describe('every endpoint of the document', () => {
  it.each(LISTS)('%s answers under its version path with the list envelope and valid rows', async (id) => {
    const answer = await client.get(listPath(id, scopes[id]!));
    expect(answer.status).toBe(200);
    const body = answer.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['count', 'data', 'nextUrl', 'previousUrl']);
    const page = parseListPage(id, body);
    expect(page.rejected).toEqual([]);
    expect(page.data.length).toBeGreaterThan(0);
    expect(body['count']).toBe(page.data.length);
    expect(body['previousUrl']).toBeNull();
    for (const [, value] of linkFields(body['data'])) expect(value).toBeNull();
  });

  it.each(LISTS)('%s is not served under the other version or another spelling', async (id) => {
    const endpoint = endpoints[id];
    const right = listPath(id, scopes[id]!);
    const other = endpoint.version === '1.3' ? '1.4' : '1.3';
    expect((await client.get(right.replace(`/api/v${endpoint.version}/`, `/api/v${other}/`))).status).toBe(404);
    const segment = endpoint.path.split('/')[1]!;
    if (segment !== segment.toLowerCase()) {
      expect((await client.get(right.replace(`/${segment}`, `/${segment.toLowerCase()}`))).status).toBe(404);
    }
  });

  it('lists every version and path exactly as the catalogue declares them', () => {
    const paths = ENDPOINT_IDS.map((id) => `${endpoints[id].method} /api/v${endpoints[id].version}${endpoints[id].path}`);
    expect(paths).toContain('GET /api/v1.4/dataLists/{dataListId}/items');
    expect(paths).toContain('POST /api/v1.3/contentmodules/{moduleId}/content');
    expect(paths).toContain('GET /api/v1.3/training/lessons/participation');
    expect(paths).toContain('GET /api/v1.4/serviceformModules/{moduleId}/forms/{formId}/scoreCategories');
  });

  it('E5 reads one participation of a calendar, equal to its row in E4', async () => {
    const params = scopes.E4!;
    const row = server.data.rows('E4', params)[3]!;
    const answer = await client.get(`/api/v1.4/calendarmodules/${params['moduleId']}/calendars/${params['calendarId']}/participation/${row['id']}`);
    expect(answer.status).toBe(200);
    expect(parseResponse('E5', answer.body)).toEqual(row);
    const missing = await client.get(`/api/v1.4/calendarmodules/${params['moduleId']}/calendars/${params['calendarId']}/participation/00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
  });

  it('answers 404 with a problem body for unknown parents and 400 for ids that are not guids', async () => {
    const unknown = await client.get(listPath('E1', { dataListId: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(unknown.body).toMatchObject({ status: 404, title: 'Not Found' });
    const malformed = await client.get('/api/v1.4/dataLists/not-a-guid/items');
    expect(malformed.status).toBe(400);
    expect((malformed.body as { errors: Record<string, string[]> }).errors).toHaveProperty('dataListId');
  });
});

describe('date formats', () => {
  it('users and user groups end in Z; offsets elsewhere; availableFrom without offset', async () => {
    const groups = (await client.get(listPath('E20', {}))).body as { data: Record<string, unknown>[] };
    for (const g of groups.data) expect(g['creationDateTime']).toMatch(/Z$/);
    const userId = server.sources.users[0]!;
    const user = await client.patch(`/api/v1.4/users/${userId}`, [{ op: 'replace', path: '/gender', value: 'Female' }]);
    const data = (user.body as { data: Record<string, unknown> }).data;
    expect(data['creationDateTime']).toMatch(/Z$/);
    expect(data['lastModifiedDateTime']).toMatch(/Z$/);
    const participations = (await client.get(listPath('E4', scopes.E4!))).body as { data: Record<string, unknown>[] };
    expect(participations.data[0]!['creationDateTime']).toMatch(/\.\d{7}\+02:00$/);
    const instances = (await client.get(listPath('E11', scopes.E11!))).body as { data: Record<string, unknown>[] };
    expect(instances.data[0]!['availableFrom']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
  });
});

describe('/demo/sources', () => {
  it('publishes the roots in the documented shape, and each one can be listed', async () => {
    const answer = await clientOf(server, null).get('/demo/sources');
    expect(answer.status).toBe(200);
    const sources = answer.body as typeof server.sources;
    expect(sources).toEqual(server.sources);
    expect(Object.keys(sources).sort()).toEqual(['calendars', 'contentPosts', 'dataLists', 'serviceformModules', 'surveys', 'taskModules', 'tasks', 'users']);
    expect(new Set(sources.dataLists.map((d) => d.type))).toEqual(new Set(['Standard', 'User', 'Department', 'User Group']));
    expect(Object.keys(sources.calendars[0]!).sort()).toEqual(['calendarId', 'moduleId']);
    expect(Object.keys(sources.serviceformModules[0]!).sort()).toEqual(['moduleId', 'stagesEnabled']);
    expect(Object.keys(sources.surveys[0]!).sort()).toEqual(['moduleId', 'surveyId']);
    expect(Object.keys(sources.tasks[0]!).sort()).toEqual(['moduleId', 'taskId']);
    expect(Object.keys(sources.contentPosts[0]!).sort()).toEqual(['commentsEnabled', 'contentId', 'moduleId']);
    for (const c of sources.calendars) expect((await client.get(listPath('E4', c))).status).toBe(200);
    for (const s of sources.surveys) expect((await client.get(listPath('E11', s))).status).toBe(200);
    for (const t of sources.tasks) expect((await client.get(listPath('E13', t))).status).toBe(200);
    for (const m of sources.taskModules) expect((await client.get(listPath('E14', m))).status).toBe(200);
    for (const m of sources.serviceformModules) expect((await client.get(listPath('E12', { moduleId: m.moduleId }))).status).toBe(200);
  });

  it('is not served by a server playing a real tenant, whose lists still answer', async () => {
    const tenant = await startServer({ port: 0, quiet: true, scale: 'demo', publishSources: false });
    try {
      expect((await clientOf(tenant, null).get('/demo/sources')).status).toBe(404);
      expect((await clientOf(tenant).get(listPath('E13', tenant.sources.tasks[0]!))).status).toBe(200);
    } finally {
      await tenant.close();
    }
  });
});

describe('seeded data', () => {
  const rowsOf = (id: EndpointId, params: Record<string, string>) => server.data.rows(id, params);

  it('is deterministic per seed', async () => {
    const again = await startServer({ quiet: true, seed: 1 });
    const other = await startServer({ quiet: true, seed: 2 });
    try {
      expect(again.sources).toEqual(server.sources);
      expect(again.data.rows('E18')).toEqual(server.data.rows('E18'));
      // Media links name the server that answers (its port): the rest is the seed's.
      const portless = (rows: unknown, url: string) => JSON.parse(JSON.stringify(rows).replaceAll(url, 'http://server'));
      expect(portless(again.data.rows('E1', scopes.E1!), again.url)).toEqual(portless(rowsOf('E1', scopes.E1!), server.url));
      expect(other.sources.dataLists[0]).not.toEqual(server.sources.dataLists[0]);
      expect(other.data.rows('E18')[0]).not.toEqual(server.data.rows('E18')[0]);
    } finally {
      await Promise.all([again.close(), other.close()]);
    }
  });

  it('has a few hundred rows in all at demo scale', () => {
    let total = 0;
    for (const id of LISTS) total += rowsOf(id, scopes[id]!).length;
    expect(total).toBeGreaterThan(150);
    expect(total).toBeLessThan(1000);
  });

  it('has every custom field type, multilingual values, media and Data List references', () => {
    const items = rowsOf('E1', scopes.E1!);
    const values = items.flatMap((i) => i['customFieldValues'] as Record<string, unknown>[]);
    const types = new Set(values.map((v) => v['type']));
    for (const t of ['Barcode', 'Color', 'Date', 'Number', 'Text', 'Multiline Text', 'Media', 'Data List']) expect(types).toContain(t);
    for (const v of values) {
      const populated = ['value', 'locales', 'medias', 'dataListItems'].filter((k) => v[k] !== null);
      expect(populated).toHaveLength(1);
    }
    expect(values.some((v) => Array.isArray(v['locales']))).toBe(true);
    const refs = values.flatMap((v) => (v['dataListItems'] as Record<string, unknown>[] | null) ?? []);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.every((r) => r['type'] === 'User')).toBe(true);
    const cultures = new Set(items.flatMap((i) => (i['locales'] as { culture: string }[]).map((l) => l.culture)));
    expect(cultures.size).toBeGreaterThanOrEqual(2);
    const second = server.sources.dataLists.filter((d) => d.type === 'Standard')[1]!;
    const spelled = new Set(rowsOf('E1', second).flatMap((i) => (i['customFieldValues'] as { type: string }[]).map((v) => v.type)));
    expect(spelled).toContain('DataList');
  });

  it('has nested comments with mentions of users, departments and user groups', () => {
    const comments = rowsOf('E2', scopes.E2!);
    const ids = new Set(comments.map((c) => c['id']));
    const replies = comments.filter((c) => c['parentCommentId'] !== null);
    expect(replies.length).toBeGreaterThan(0);
    for (const r of replies) expect(ids.has(r['parentCommentId'])).toBe(true);
    const big = { ...scopes.E2!, contentId: server.sources.contentPosts[0]!.contentId };
    const mentionTypes = new Set(rowsOf('E2', big).flatMap((c) => (c['mentions'] as { type: string }[]).map((m) => m.type)));
    expect(mentionTypes).toContain('User');
  });

  it('has feedback ratings, survey percentages (some null), lesson states and permission setting spellings', () => {
    const ratings = rowsOf('E7', scopes.E7!).map((r) => r['rating'] as number);
    expect(ratings.length).toBeGreaterThan(0);
    expect(ratings.every((r) => r >= 1 && r <= 5)).toBe(true);
    const surveys = server.sources.surveys.flatMap((s) => rowsOf('E11', s));
    expect(surveys.some((s) => typeof s['participationPercentage'] === 'number')).toBe(true);
    expect(surveys.some((s) => s['participationPercentage'] === null)).toBe(true);
    const states = new Set(rowsOf('E18', {}).map((r) => r['courseLessonParticipationState']));
    expect(states).toContain('Completed');
    expect(states.size).toBeGreaterThan(1);
    const settings = rowsOf('E9', {}).map((m) => m['permissionSettingType']);
    expect(settings).toContain('Both departments and user groups');
    expect(settings).toContain(null);
    expect(resources.contentModule.safeParse(rowsOf('E9', {})[0]).success).toBe(true);
  });

  it('includes the cases the document singles out', async () => {
    const src = server.sources;
    for (const list of src.dataLists.filter((d) => d.type !== 'Standard')) {
      const answer = await client.get(listPath('E1', list));
      expect(answer.status).toBe(400);
      expect((answer.body as { detail: string }).detail).toContain(list.type);
    }
    const disabled = src.contentPosts.find((p) => !p.commentsEnabled)!;
    const comments = await client.get(listPath('E2', { moduleId: disabled.moduleId, contentId: disabled.contentId }));
    expect(comments.status).toBe(400);
    expect((comments.body as { detail: string }).detail).toMatch(/not enabled/);

    const noStages = src.serviceformModules.find((m) => !m.stagesEnabled)!.moduleId;
    const form = String(rowsOf('E12', { moduleId: noStages })[0]!['id']);
    expect((await client.get(listPath('E6', { moduleId: noStages, formId: form }))).status).toBe(400);
    const processes = rowsOf('E8', { moduleId: noStages, formId: form });
    expect(processes.length).toBeGreaterThan(0);
    expect(processes.every((p) => p['stageId'] === null)).toBe(true);

    const withStages = src.serviceformModules.find((m) => m.stagesEnabled)!.moduleId;
    const forms = rowsOf('E12', { moduleId: withStages }).map((f) => String(f['id']));
    const feedback = await Promise.all(forms.map((formId) => client.get(listPath('E7', { moduleId: withStages, formId }))));
    expect(feedback.map((a) => a.status)).toContain(400);
    expect(feedback.map((a) => a.status)).toContain(200);

    const byDepartment = src.tasks.map((t) => ({ t, subtasks: rowsOf('E13', t) }));
    const areas = byDepartment.map(({ t, subtasks }) =>
      rowsOf('E17', { ...t, subtaskId: String(subtasks[0]!['id']) }).map((c) => c['areaDepartmentId']),
    );
    expect(areas.some((a) => a.length > 0 && a.every((v) => typeof v === 'string'))).toBe(true);
    expect(areas.some((a) => a.length > 0 && a.every((v) => v === null))).toBe(true);
    expect(byDepartment.flatMap((b) => b.subtasks).some((s) => s['medias'] === null)).toBe(true);

    const attendance = src.calendars.map((c) => rowsOf('E4', c).map((p) => p['attendanceConfirmed']));
    expect(attendance.some((a) => a.every((v) => v === null))).toBe(true);
    expect(attendance.some((a) => a.some((v) => typeof v === 'boolean'))).toBe(true);
  });

  it('serves seeded posts with HTML bodies, mentions and named permissions', async () => {
    const post = server.sources.contentPosts[0]!;
    const answer = await client.patch(`/api/v1.4/contentmodules/${post.moduleId}/content/${post.contentId}`, [
      { op: 'replace', path: '/notifications', value: { sendNotification: false, sendPushNotification: false, forceInstantPush: false } },
    ]);
    expect(answer.status).toBe(200);
    const data = parseResponse('E16', answer.body) as Record<string, unknown>;
    const locales = data['locales'] as { culture: string; bodyText: string }[];
    expect(locales.length).toBeGreaterThanOrEqual(2);
    expect(locales[0]!.bodyText).toMatch(/^<h2>.*<\/p>/s);
    const permissions = data['permissions'] as { departments: { name: string }[] }[];
    expect(permissions.length).toBeGreaterThan(0);
  });
});
