import { describe, expect, it } from 'vitest';
import { remapTemporaryIds, temporaryIdMap } from '../../../src-shared/outbox/index.js';
import { categoryPatch, createBody, entryOf, GUID_A, MODULE, POST, TEMP, titlePatch, USER } from './fixtures.js';

const SERVER_ID = '55555555-5555-4555-8555-555555555555';
const OTHER_TEMP = 'tmp-66666666-6666-4666-8666-666666666666';

describe('temporary ids', () => {
  const create = entryOf({ kind: 'createPost', moduleId: MODULE, tempId: TEMP, body: createBody() });

  it('maps a temporary id to the server id once its create is sent', () => {
    expect(temporaryIdMap([create])).toEqual(new Map());
    expect(temporaryIdMap([{ ...create, state: 'sent' }])).toEqual(new Map());
    expect(temporaryIdMap([{ ...create, state: 'sent', serverId: SERVER_ID }])).toEqual(new Map([[TEMP, SERVER_ID]]));
  });

  it('points later edits of the post at its server id, in edit and target', () => {
    const edit = entryOf(categoryPatch(TEMP, GUID_A));
    const [remapped] = remapTemporaryIds([edit], new Map([[TEMP, SERVER_ID]]));
    expect(remapped).toEqual({
      ...edit,
      target: `post:${MODULE}/${SERVER_ID}`,
      edit: { ...edit.edit, contentId: SERVER_ID },
    });
  });

  it('leaves everything else as the same objects', () => {
    const others = [
      create,
      entryOf(categoryPatch(POST, GUID_A)),
      entryOf(categoryPatch(OTHER_TEMP, GUID_A)),
      entryOf(titlePatch(USER, 'x')),
    ];
    const result = remapTemporaryIds(others, new Map([[TEMP, SERVER_ID]]));
    expect(result).toHaveLength(others.length);
    result.forEach((entry, i) => expect(entry).toBe(others[i]));
  });
});
