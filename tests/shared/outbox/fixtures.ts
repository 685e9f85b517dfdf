import type { OutboxEdit, OutboxEntry } from '../../../src-shared/outbox/index.js';
import { targetOf } from '../../../src-shared/outbox/index.js';

export const MODULE = '11111111-1111-4111-8111-111111111111';
export const POST = '22222222-2222-4222-8222-222222222222';
export const USER = '33333333-3333-4333-8333-333333333333';
export const GUID_A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const GUID_B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
export const TEMP = 'tmp-44444444-4444-4444-8444-444444444444';

export function createBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Canteen menu',
    startDate: '2026-03-01T09:00:00',
    locales: [{ culture: 'en-GB', title: 'Menu', bodyText: 'Soup' }],
    permissions: [{ departments: [GUID_A], userGroups: [] }],
    ...overrides,
  };
}

let seq = 0;
/** An entry for an edit, with defaults a test can override. */
export function entryOf(edit: OutboxEdit, overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  seq += 1;
  return {
    id: `e${seq}`,
    seq,
    target: targetOf(edit),
    edit,
    state: 'queued',
    attempts: 0,
    lastError: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function titlePatch(userId: string, title: string): OutboxEdit {
  return { kind: 'patchUser', userId, ops: [{ op: 'replace', path: '/title', value: title }] };
}

export function categoryPatch(contentId: string, categoryId: string): OutboxEdit {
  return { kind: 'patchPost', moduleId: MODULE, contentId, ops: [{ op: 'replace', path: '/categoryId', value: categoryId }] };
}
