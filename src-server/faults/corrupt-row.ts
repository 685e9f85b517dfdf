import type { EndpointDef } from '../../src-shared/api/index.js';
import type { Row } from '../data/row-generator.js';

/**
 * A copy of a row that its resource schema rejects while its key stays readable (so a
 * client can quarantine it by key): a date that is not a date, else a number sent as
 * a string, else a boolean as a word, else a broken id.
 */
export function corruptRow(endpoint: EndpointDef, row: Row): Row {
  const copy: Row = { ...row };
  const keys = new Set(endpoint.primaryKey);
  if (typeof copy['creationDateTime'] === 'string' && !keys.has('creationDateTime')) {
    copy['creationDateTime'] = 'yesterday at noon';
    return copy;
  }
  for (const [field, value] of Object.entries(copy)) {
    if (keys.has(field)) continue;
    if (typeof value === 'number') {
      copy[field] = `${value} units`;
      return copy;
    }
  }
  for (const [field, value] of Object.entries(copy)) {
    if (!keys.has(field) && typeof value === 'boolean') {
      copy[field] = value ? 'yes' : 'no';
      return copy;
    }
  }
  copy['id'] = 'not-a-guid';
  return copy;
}
