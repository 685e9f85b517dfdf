import { createRandom } from '../../../src-server/data/prng.js';
import type { EndpointId } from '../../../src-shared/api/index.js';

/**
 * Deterministic sample rows for every list, valid against the catalogue's schemas:
 * enough variety to look at (locales, media, custom field types, references) and a
 * `scale` for the big list (lesson participations) to measure the table on.
 */
export interface SampleScope {
  readonly endpoint: EndpointId;
  readonly params: Record<string, string>;
  readonly label: string | null;
  readonly rows: () => Iterable<Record<string, unknown>>;
  readonly count: number;
}

/** Seeded random numbers (the reference server's mulberry32): every run gets the same rows. */
export function prng(seed: number): () => number {
  const random = createRandom(seed);
  return () => random.next();
}

/** A guid made from a namespace number and an index, so references line up. */
export function gid(ns: number, i: number): string {
  const hex = (n: number, w: number) => n.toString(16).padStart(w, '0').slice(-w);
  return `${hex(ns, 8)}-${hex(i >>> 16, 4)}-4${hex(i & 0xfff, 3)}-8${hex(ns & 0xfff, 3)}-${hex(i, 12)}`;
}

const NS = { module: 1, post: 2, comment: 3, user: 4, group: 5, channel: 6, calendar: 7, part: 8, event: 9, sfModule: 10, form: 11, stage: 12, page: 13, score: 14, answerFb: 15, fillingFb: 16, survey: 17, instance: 18, taskModule: 19, task: 20, subtask: 21, completion: 22, category: 23, dataList: 24, item: 25, lesson: 26, dept: 27, media: 28, field: 29 } as const;

const FIRST = ['Ada', 'Björn', 'Chloé', 'Dmitri', 'Eva', 'Farah', 'Gustav', 'Hana', 'Ivan', 'Jonas', 'Kiri', 'Lena', 'Mateo', 'Nora', 'Oskar', 'Priya'];
const LAST = ['Lindqvist', 'Okafor', 'Martin', 'Novak', 'Jensen', 'Haddad', 'Schmidt', 'Tanaka', 'Rossi', 'Dubois', 'Kowalski', 'Nguyen'];
const GROUPS = ['Warehouse', 'Drivers', 'Office', 'Managers', 'Night shift', 'Safety officers', 'Trainees', 'Sales', 'IT support', 'Canteen'];
const USERS = 60;

const iso = (day: number, minute = 0) => new Date(Date.UTC(2025, 0, 1) + day * 86_400_000 + minute * 60_000).toISOString().replace('.000Z', 'Z');
const local = (day: number) => iso(day).slice(0, 19);
const offset = (day: number, minute = 0) => iso(day, minute).replace('Z', '+00:00');

function user(i: number) {
  const name = `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`;
  return {
    id: gid(NS.user, i),
    url: null,
    departmentUrl: null,
    status: 'Activated',
    creationDateTime: iso(i),
    lastModifiedDateTime: null,
    image: { id: gid(NS.media, 500 + i), downloadUrl: `data:image/svg+xml,${encodeURIComponent(`<svg xmlns='http://www.w3.org/2000/svg' width='96' height='72'><rect width='96' height='72' fill='hsl(${(i * 47) % 360},60%,60%)'/><text x='48' y='44' font-size='22' text-anchor='middle' fill='white' font-family='sans-serif'>${name.split(' ').map((p) => p[0]).join('')}</text></svg>`)}`, referenceUrl: null, contentType: 'image/svg+xml', fileName: 'avatar.svg' },
    memberCard: { id: gid(NS.media, 900 + i), url: null, name: 'Staff card', cardNumber: `C-${10000 + i}` },
    externalId: `EMP${1000 + i}`,
    name,
    initials: name.split(' ').map((p) => p[0]).join(''),
    userName: name.toLowerCase().replace(/\W+/g, '.'),
    title: i % 3 === 0 ? 'Shift lead' : 'Operator',
    dataSource: 'HR import',
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
    secondaryEmail: null,
    phoneNumber: { countryCode: 45, number: `20 ${String(100000 + i * 37).slice(0, 6)}` },
    secondaryPhoneNumber: null,
    birthDate: iso(-9000 - i * 40),
    gender: i % 2 ? 'Female' : 'Male',
    primaryDepartmentId: gid(NS.dept, i % 5),
    additionalDepartments: [{ id: gid(NS.dept, (i + 1) % 5), dataSource: 'HR import' }],
    userGroups: [{ id: gid(NS.group, i % GROUPS.length), dataSource: 'HR import' }],
    employmentDate: iso(-400 + i),
    employmentEndDate: null,
    employmentType: 'Full time',
    customFields: { shoeSize: String(38 + (i % 8)), skills: ['Forklift', 'First aid'].slice(0, 1 + (i % 2)) },
    registerNumber: `R${2000 + i}`,
    dutyPlanNumber: `D${i % 12}`,
  };
}

const POST_BODIES = [
  '<p>Welcome to the <strong>new canteen menu</strong>. See the <a href="https://example.com/menu">full menu</a>.</p><ul><li>Monday: soup</li><li>Tuesday: pasta</li></ul>',
  '<p>Safety week starts on Monday.</p><p><em>Please wear your badge.</em></p>',
];

/** Every sample scope; `scale` rows of lesson participations. */
export function sampleScopes(scale: number): SampleScope[] {
  const moduleId = gid(NS.module, 0);
  const calendarModule = gid(NS.calendar, 100);
  const calendarId = gid(NS.calendar, 1);
  const sfModule = gid(NS.sfModule, 0);
  const surveyModule = gid(NS.survey, 100);
  const surveyId = gid(NS.survey, 1);
  const taskModule = gid(NS.taskModule, 0);
  const taskId = gid(NS.task, 0);
  const dataListId = gid(NS.dataList, 0);
  const list = <T,>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));
  const forms = list(4, (i) => ({
    id: gid(NS.form, i),
    url: null,
    name: ['Incident report', 'Leave request', 'Equipment check', 'Customer feedback'][i],
    number: `SF-${100 + i}`,
    sortOrder: i,
    icon: null,
    locales: [{ culture: 'en-GB', title: ['Incident report', 'Leave request', 'Equipment check', 'Customer feedback'][i], description: 'Fill in after every shift' }, { culture: 'da-DK', title: ['Hændelsesrapport', 'Orlovsanmodning', 'Udstyrstjek', 'Kundefeedback'][i], description: 'Udfyld efter hver vagt' }],
    creationDateTime: offset(i),
    lastModifiedDateTime: null,
  }));
  const subtasks = list(5, (i) => ({ id: gid(NS.subtask, i), name: ['Check tyres', 'Refuel', 'Clean cabin', 'Log mileage', 'Report damage'][i], sortOrder: i, locales: [{ culture: 'en-GB', title: ['Check tyres', 'Refuel', 'Clean cabin', 'Log mileage', 'Report damage'][i], summary: 'Before the first tour' }], medias: [], creationDateTime: offset(i) }));
  const scopes: SampleScope[] = [
    { endpoint: 'E9', params: {}, label: null, count: 2, rows: () => [
      { id: moduleId, name: 'News', permissionSettingType: 'Both departments and user groups', permissionSettingDepartmentTypes: ['Company', 'Department'], notificationsEnabled: true, pushNotificationsEnabled: true, forceInstantPushEnabled: false, creationDateTime: iso(0), lastModifiedDateTime: null },
      { id: gid(NS.module, 1), name: 'Handbook', permissionSettingType: 'UserGroups', permissionSettingDepartmentTypes: null, notificationsEnabled: false, pushNotificationsEnabled: false, forceInstantPushEnabled: false, creationDateTime: iso(3), lastModifiedDateTime: null },
    ] },
    { endpoint: 'E20', params: {}, label: null, count: GROUPS.length, rows: () => GROUPS.map((g, i) => ({ id: gid(NS.group, i), url: null, name: g, externalId: `UG${i}`, description: `${g} of every site`, creationDateTime: iso(i), lastModifiedDateTime: i % 2 ? iso(i + 30) : null })) },
    { endpoint: 'E21', params: {}, label: null, count: 4, rows: () => ['General', 'Safety alerts', 'Shift changes', 'Social'].map((n, i) => ({ id: gid(NS.channel, i), name: n, description: `${n} messages`, pushEnabled: i !== 3, locales: [{ culture: 'en-GB', channelName: n, defaultTitle: n, defaultMessage: `A new ${n.toLowerCase()} message` }, { culture: 'de-DE', channelName: `${n} (DE)`, defaultTitle: n, defaultMessage: 'Neue Nachricht' }] })) },
    { endpoint: 'E4', params: { moduleId: calendarModule, calendarId }, label: 'Summer party 2025', count: 240, rows: () => list(240, (i) => ({ id: gid(NS.part, i), url: null, eventId: gid(NS.event, i % 3), eventUrl: null, userId: gid(NS.user, i % USERS), userUrl: null, status: ['Attending', 'Tentative', 'Not attending'][i % 7 < 4 ? 0 : i % 7 < 6 ? 1 : 2], attendanceConfirmed: i % 3 === 0 ? null : i % 2 === 0, fillingId: null, fillingUrl: null, creationDateTime: offset(i % 30, i), lastModifiedDateTime: null })) },
    { endpoint: 'E12', params: { moduleId: sfModule }, label: 'Operations forms', count: forms.length, rows: () => forms },
    ...forms.flatMap((form, f): SampleScope[] => [
      { endpoint: 'E6', params: { moduleId: sfModule, formId: form.id }, label: null, count: 3, rows: () => list(3, (i) => ({ id: gid(NS.stage, f * 10 + i), url: null, name: ['Submitted', 'In review', 'Closed'][i], sortOrder: i, isVisible: true, locale: [{ culture: 'en-GB', title: ['Submitted', 'In review', 'Closed'][i], description: null }], creationDateTime: offset(i), lastModifiedDateTime: null })) },
      { endpoint: 'E8', params: { moduleId: sfModule, formId: form.id }, label: null, count: 4, rows: () => list(4, (i) => ({ id: gid(NS.page, f * 10 + i), url: null, stageId: gid(NS.stage, f * 10 + (i % 3)), stageUrl: null, sortOrder: i, name: `Page ${i + 1}`, isVisible: i !== 3, creationDateTime: offset(i), lastModifiedDateTime: null })) },
      { endpoint: 'E15', params: { moduleId: sfModule, formId: form.id }, label: null, count: 3, rows: () => list(3, (i) => ({ id: gid(NS.score, f * 10 + i), url: null, importanceWeight: [0.5, 1, 2][i], sortOrder: i, locales: [{ culture: 'en-GB', title: ['Speed', 'Quality', 'Safety'][i] }], creationDateTime: offset(i), lastModifiedDateTime: null })) },
      { endpoint: 'E7', params: { moduleId: sfModule, formId: form.id }, label: null, count: 80, rows: () => { const r = prng(f + 7); return list(80, (i) => ({ id: gid(NS.answerFb, f * 1000 + i), url: null, answerId: gid(NS.answerFb, 50000 + i), answerUrl: null, userId: gid(NS.user, i % USERS), userUrl: null, rating: 1 + Math.min(4, Math.floor(r() * r() * 5 + r() * 2.5)), creationDateTime: offset(i % 40, i), lastModifiedDateTime: null })); } },
      { endpoint: 'E10', params: { moduleId: sfModule, formId: form.id }, label: null, count: 50, rows: () => { const r = prng(f + 17); return list(50, (i) => ({ id: gid(NS.fillingFb, f * 1000 + i), url: null, fillingId: gid(NS.fillingFb, 50000 + i), fillingUrl: null, userId: gid(NS.user, i % USERS), userUrl: null, rating: 1 + Math.floor(r() * 5), creationDateTime: offset(i % 40, i), lastModifiedDateTime: null })); } },
    ]),
    { endpoint: 'E11', params: { moduleId: surveyModule, surveyId }, label: 'Staff pulse survey', count: 8, rows: () => list(8, (i) => ({ id: gid(NS.instance, i), name: `Pulse ${2025}-Q${(i % 4) + 1}${i >= 4 ? ' (site B)' : ''}`, status: 'Published', availableFrom: local(i * 30), availableFromTimeZone: 'Europe/Copenhagen', availableUntil: local(i * 30 + 14), availableUntilTimeZone: 'Europe/Copenhagen', totalUsers: 120 + i * 5, participationPercentage: [62.5, 71, 54.2, 80.1, 45, 66.6, 73.3, 58][i], locales: [{ culture: 'en-GB', title: `Pulse Q${(i % 4) + 1}` }], creationDateTime: offset(i * 30), lastModifiedDateTime: null })) },
    { endpoint: 'E14', params: { moduleId: taskModule }, label: 'Fleet tasks', count: 4, rows: () => list(4, (i) => ({ id: gid(NS.category, i), name: ['Daily', 'Weekly', 'Repairs', 'Audit'][i], locales: [{ culture: 'en-GB', title: ['Daily', 'Weekly', 'Repairs', 'Audit'][i] }], color: ['#2f6fde', '#18a058', '#d03050', '#f0a020'][i], taskAccess: ['Everywhere', 'Portal', 'App', 'Everywhere'][i], creationDateTime: offset(i) })) },
    { endpoint: 'E13', params: { moduleId: taskModule, taskId }, label: 'Vehicle morning check', count: subtasks.length, rows: () => subtasks },
    ...subtasks.map((s, si): SampleScope => ({ endpoint: 'E17', params: { moduleId: taskModule, taskId, subtaskId: s.id }, label: null, count: 30, rows: () => list(30, (i) => ({ id: gid(NS.completion, si * 1000 + i), userId: gid(NS.user, (i * 3) % USERS), departmentId: gid(NS.dept, i % 5), areaDepartmentId: i % 4 === 0 ? gid(NS.dept, 10 + (i % 3)) : null, creationDateTime: offset(i, si * 7) })) })),
    { endpoint: 'E1', params: { dataListId }, label: 'Equipment', count: 120, rows: () => list(120, (i) => ({
      id: gid(NS.item, i), url: null, customId: `EQ-${String(i + 1).padStart(4, '0')}`, sortOrder: i, isEnabled: i % 9 !== 0, creationDateTime: offset(i % 60), lastModifiedDateTime: i % 4 ? offset(60 + (i % 30)) : null,
      locales: [{ culture: 'en-GB', title: `${['Forklift', 'Pallet jack', 'Scanner', 'Van', 'Ladder'][i % 5]} ${Math.floor(i / 5) + 1}` }, { culture: 'da-DK', title: `${['Gaffeltruck', 'Palleløfter', 'Scanner', 'Varevogn', 'Stige'][i % 5]} ${Math.floor(i / 5) + 1}` }],
      customFieldValues: [
        { dataListCustomFieldId: gid(NS.field, 1), url: null, type: 'Color', value: ['#e4572e', '#29335c', '#f3a712', '#669bbc'][i % 4], locales: null, medias: null, dataListItems: null },
        { dataListCustomFieldId: gid(NS.field, 2), url: null, type: 'Date', value: `2025-${String((i % 12) + 1).padStart(2, '0')}-15`, locales: null, medias: null, dataListItems: null },
        { dataListCustomFieldId: gid(NS.field, 3), url: null, type: 'Number', value: String(1000 + i * 13.5), locales: null, medias: null, dataListItems: null },
        { dataListCustomFieldId: gid(NS.field, 4), url: null, type: 'Barcode', value: `5701234${String(100000 + i)}`, locales: null, medias: null, dataListItems: null },
        { dataListCustomFieldId: gid(NS.field, 5), url: null, type: 'Multiline Text', value: null, locales: [{ culture: 'en-GB', value: 'Serviced yearly.\nKeys at the front desk.' }, { culture: 'da-DK', value: 'Serviceres årligt.' }], medias: null, dataListItems: null },
        { dataListCustomFieldId: gid(NS.field, 6), url: null, type: 'Media', value: null, locales: null, medias: [{ id: gid(NS.media, i), downloadUrl: `data:image/svg+xml,${encodeURIComponent(`<svg xmlns='http://www.w3.org/2000/svg' width='96' height='72'><rect width='96' height='72' fill='hsl(${(i * 29) % 360},55%,55%)'/></svg>`)}`, referenceUrl: null, contentType: 'image/svg+xml', fileName: `photo-${i}.svg` }, { id: gid(NS.media, 10000 + i), downloadUrl: null, referenceUrl: 'https://example.com/manual.pdf', contentType: 'application/pdf', fileName: 'manual.pdf' }], dataListItems: null },
        { dataListCustomFieldId: gid(NS.field, 7), url: null, type: 'DataList', value: null, locales: null, medias: null, dataListItems: [{ type: 'User', id: gid(NS.user, i % USERS), url: null }] },
      ],
    })) },
    { endpoint: 'E18', params: {}, label: null, count: scale, rows: function* () {
      const r = prng(42);
      for (let i = 0; i < scale; i++) {
        const completion = Math.round(r() * 100);
        yield { courseLessonId: gid(NS.lesson, Math.floor(i / USERS)), userId: gid(NS.user, i % USERS), courseLessonParticipationState: completion === 100 ? 'Completed' : completion > 0 ? 'InProgress' : 'NotStarted', creationDateTime: offset(i % 365, i % 1440), lastModifiedDateTime: offset((i % 365) + 1), completionRate: completion, performanceScore: Math.round(r() * r() * 1000) / 10, points: Math.floor(r() * 50) };
      }
    } },
  ];
  return scopes;
}

/** Rows written outside list scopes (posts, users), and the comments of each post. */
export function sampleSingles(): { endpoint: EndpointId; scopeParams: Record<string, string>; rows: Record<string, unknown>[] }[] {
  const moduleId = gid(NS.module, 0);
  const posts = [0, 1].map((i) => ({
    id: gid(NS.post, i), url: null, userId: gid(NS.user, i), userUrl: null, categoryId: null, categoryUrl: null, sortOrder: i, status: 'Published',
    creationDateTime: offset(i), lastModifiedDateTime: null, availableFrom: local(i), startDateTimeZone: 'Europe/Copenhagen', availableUntil: null, endDateTimeZone: null,
    medias: [], featureMediaId: i === 0 ? gid(NS.post, 90) : null, featureMediaDownloadUrl: i === 0 ? 'https://files.workplace.example/media/feature.jpg' : null, mentions: [{ type: 'User group', name: GROUPS[i], id: gid(NS.group, i), url: null }],
    locales: [{ culture: 'en-GB', title: ['New canteen menu', 'Safety week'][i], bodyText: POST_BODIES[i] }, { culture: 'da-DK', title: ['Ny kantinemenu', 'Sikkerhedsuge'][i], bodyText: '<p>Dansk tekst</p>' }],
    permissions: [{ departments: [{ id: gid(NS.dept, 0), name: 'Copenhagen depot', url: null }], userGroups: [{ id: gid(NS.group, 0), name: GROUPS[0], url: null }], requireAllUserGroups: false }],
  }));
  return [
    { endpoint: 'E3', scopeParams: { moduleId }, rows: posts },
    { endpoint: 'E19', scopeParams: {}, rows: Array.from({ length: USERS }, (_, i) => user(i)) },
  ];
}

export function sampleComments(): SampleScope[] {
  const moduleId = gid(NS.module, 0);
  return [0, 1].map((p) => ({
    endpoint: 'E2', params: { moduleId, contentId: gid(NS.post, p) }, label: null, count: 6,
    rows: () => Array.from({ length: 6 }, (_, i) => ({ id: gid(NS.comment, p * 100 + i), url: null, userId: gid(NS.user, i + 3), userUrl: null, parentCommentId: i > 1 && i % 2 === 0 ? gid(NS.comment, p * 100 + i - 1) : null, parentCommentUrl: null, creationDateTime: offset(p, i * 10), lastModifiedDateTime: null, medias: [], mentions: [], locales: [{ culture: 'en-GB', text: ['Great news!', 'When does it start?', 'Monday, I think.', 'Thanks for sharing', 'Agreed', 'See you there'][i] }] })),
  }));
}
