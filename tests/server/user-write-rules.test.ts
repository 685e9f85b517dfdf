import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src-server/index.js';
import { userPatchProblems } from '../../src-server/writes/user-writes.js';
import { clientOf } from './server-fixture.js';

describe('user write rules', () => {
  it.each([
    ['7700 900000', null],
    ['+44 (0)20-7946-0000', null],
    ['call me', { 'PhoneNumber.Number': [expect.stringContaining('not a phone number')] }],
    ['', { 'PhoneNumber.Number': [expect.any(String)] }],
  ])('a phone number %j', (number, expected) => {
    expect(userPatchProblems([{ op: 'replace', path: '/phoneNumber', value: { countryCode: 44, number } }])).toEqual(expected);
  });

  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ quiet: true });
  });
  afterAll(() => server.close());

  it('refuses a patch with a ProblemDetails naming the field, and changes nothing', async () => {
    const user = server.data.rows('E19')[0]!;
    const answer = await clientOf(server).patch(`/api/v1.4/users/${String(user['id'])}`, [{ op: 'replace', path: '/phoneNumber', value: { countryCode: 44, number: 'call me' } }]);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 400, errors: { 'PhoneNumber.Number': [expect.any(String)] } });
    expect(server.data.rows('E19')[0]!['phoneNumber']).toEqual(user['phoneNumber']);
  });
});
