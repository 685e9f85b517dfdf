import type { PatchOperation } from '../../src-shared/api/index.js';
import type { DataStore } from '../data/data-store.js';
import { MEDIA_PLACEHOLDER_ORIGIN } from '../data/generators/media.js';
import type { Row } from '../data/row-generator.js';

const DIRECT = new Set(['/name', '/phoneNumber', '/title', '/gender', '/initials', '/registerNumber', '/dutyPlanNumber']);

/**
 * E19: applies the documented paths in order. `add` and `replace` both set; `remove`
 * clears; /customFields merges by external id; /imageId, /memberCardId and
 * /cardNumber change the image and member card objects they stand for.
 */
export function patchUser(store: DataStore, userId: string, operations: readonly PatchOperation[]): Row {
  const key = userId.toLowerCase();
  const current = store.users.row(store.users.indexOf(key)!);
  const changes: Row = {};
  const card = (): Row => ({
    ...((changes['memberCard'] ?? current['memberCard'] ?? { id: null, url: null, name: null, cardNumber: null }) as Row),
  });
  for (const { op = 'replace', path = '', value } of operations) {
    const field = path.slice(1);
    if (DIRECT.has(path)) {
      changes[field] = op === 'remove' ? null : value;
    } else if (path === '/customFields') {
      const before = (changes['customFields'] ?? current['customFields'] ?? {}) as Row;
      changes['customFields'] = op === 'remove' ? {} : { ...before, ...(value as Row) };
    } else if (path === '/imageId') {
      changes['image'] = op === 'remove' ? null : { id: value, downloadUrl: `${MEDIA_PLACEHOLDER_ORIGIN}/media/${String(value)}/image.jpg`, referenceUrl: null, contentType: 'image/jpeg', fileName: null };
    } else if (path === '/memberCardId') {
      changes['memberCard'] = { ...card(), id: op === 'remove' ? null : value };
    } else if (path === '/cardNumber') {
      changes['memberCard'] = { ...card(), cardNumber: op === 'remove' ? null : value };
    }
  }
  return store.users.update(key, changes);
}

/** A phone number as services accept it: digits, with spaces, dashes, brackets and a leading +. */
const PHONE_NUMBER = /^\+?[\d\s()-]*\d[\d\s()-]*$/;

/**
 * Checks the document cannot express and services still make (the client cannot check
 * them before sending, so they come back as a refusal with field errors): a phone
 * number must be a phone number. ASP.NET-style keys (`PhoneNumber.Number`); null when
 * the patch is acceptable.
 */
export function userPatchProblems(operations: readonly PatchOperation[]): Record<string, string[]> | null {
  for (const { op = 'replace', path, value } of operations) {
    if (path !== '/phoneNumber' || op === 'remove') continue;
    const number = (value as { number?: unknown } | null)?.number;
    if (typeof number === 'string' && !PHONE_NUMBER.test(number.trim())) {
      return { 'PhoneNumber.Number': [`"${number}" is not a phone number: use digits, spaces, dashes and brackets.`] };
    }
  }
  return null;
}
