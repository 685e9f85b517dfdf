import { describe, expect, it } from 'vitest';
import { endpoints, type EndpointId } from '../../../../src-shared/api/index.js';
import { isDocumentedUnavailable, notFoundAtVersion, versionOfUrl } from '../../../../src-main/core/sync/refused-list.js';

describe('the documented "not available" answers, told by their content', () => {
  it.each<[EndpointId, number | null, string | null, boolean]>([
    // The reference server's own words for the four documented reasons.
    ['E1', 400, 'The data list 0f8f… is of type User: its items derive from existing users, departments or user groups and cannot be listed.', true],
    ['E1', 400, 'The data list is of type Department.', true],
    ['E1', 400, 'Data lists of type User Group cannot be listed.', true],
    ['E2', 400, 'Comments are not enabled on the content module 3f25….', true],
    ['E6', 400, 'Stages are not enabled on the service form module 3f25….', true],
    ['E7', 400, 'Feedback is not enabled on the form 3f25….', true],
    // Other wordings a deployment may use.
    ['E2', 400, 'Commenting is disabled for this module', true],
    ['E6', 404, 'Stages have not been activated for this module.', true],
    ['E7', 409, 'Answer feedback is turned off.', true],
    // Any other 400 is not the documented reason.
    ['E1', 400, 'One or more validation errors occurred.', false],
    ['E1', 400, 'Invalid: sort.', false],
    ['E1', 400, null, false],
    ['E2', 400, 'The cursor is unknown; start a new pagination.', false],
    ['E2', 400, 'Invalid: creationDateTime.', false],
    ['E6', 400, 'Comments are not enabled on the content module.', false],
    ['E7', 400, 'Stages are not enabled.', false],
    ['E7', 400, 'rating must be an integer (feedback)', false],
    // Not about the list at all, whatever it says.
    ['E2', 403, 'Comments are not enabled.', false],
    ['E2', 429, 'Comments are not enabled.', false],
    ['E2', 503, 'Comments are not enabled.', false],
    ['E2', null, 'Comments are not enabled.', false],
    // Endpoints without a documented reason never have one.
    ['E8', 400, 'Stages are not enabled.', false],
    ['E20', 400, 'User groups are not enabled.', false],
  ])('%s %s "%s" → %s', (id, status, message, expected) => {
    expect(isDocumentedUnavailable(endpoints[id], status, message)).toBe(expected);
  });
});

describe('a 404 at the version asked for', () => {
  it.each<[EndpointId, string, number | null, string | null, string | null]>([
    ['E18', 'https://t.example/api/v1.3/training/lessons/participation?limit=1000', 404, null, 'not found at API version 1.3: GET /api/v1.3/training/lessons/participation answered 404 Not Found'],
    ['E20', 'https://t.example/wp/api/v1.4/userGroups?limit=1000', 404, 'Route not found', 'not found at API version 1.4: GET /wp/api/v1.4/userGroups answered 404 Not Found: Route not found'],
    ['E9', 'https://t.example/api/v1.3/contentmodules', 400, null, null],
    ['E9', 'https://t.example/api/v1.3/contentmodules', 410, null, null],
  ])('%s %s %s → %s', (id, url, status, message, expected) => {
    expect(notFoundAtVersion(endpoints[id], url, status, message)).toBe(expected);
  });

  it.each([
    ['https://t.example/api/v1.3/x', '1.3'],
    ['https://t.example/prefix/api/v1.4/x?y=1', '1.4'],
    ['https://t.example/apiv1.4/x', null],
  ])('reads the version of %s as %s', (url, version) => {
    expect(versionOfUrl(url)).toBe(version);
  });
});
