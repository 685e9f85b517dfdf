import { endpoints, type EndpointDef, type EndpointId } from '../api/index.js';

/**
 * A list scope is one list endpoint with its path parameters bound:
 * `E4:<moduleId>/<calendarId>`, or `E20:` for a root without parameters.
 */
export type ScopeKey = string;

/**
 * A scope as the mirror tables store and index it: a 53-bit hash of its key. Every
 * index entry of a row carries its scope twice (in the index key and in the primary
 * key it points to); a scope key of two GUIDs is about 150 bytes there, this number 9.
 * Smaller entries made writes about twice as fast on Chromium's LevelDB store and kept
 * them from slowing as the tables grow. Two scopes of one table sharing an id would
 * need about 10^8 scopes for even odds (cyrb53, public domain).
 */
export type ScopeId = number;

export function scopeId(key: ScopeKey): ScopeId {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < key.length; i++) {
    const ch = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

export function scopeKey(endpoint: EndpointId, params: Readonly<Record<string, string>>): ScopeKey {
  const def = endpoints[endpoint];
  return `${endpoint}:${def.pathParams.map((name) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint}: missing path parameter ${name}`);
    return value;
  }).join('/')}`;
}

/** Splits a scope key back into its endpoint and path parameters. */
export function parseScopeKey(key: ScopeKey): { endpoint: EndpointDef; params: Record<string, string> } {
  const colon = key.indexOf(':');
  const id = key.slice(0, colon) as EndpointId;
  const def = endpoints[id];
  if (colon < 0 || !def) throw new Error(`not a scope key: ${key}`);
  const values = key.slice(colon + 1).split('/').filter((v) => v.length > 0);
  if (values.length !== def.pathParams.length) throw new Error(`not a scope key: ${key}`);
  return { endpoint: def, params: Object.fromEntries(def.pathParams.map((p, i) => [p, values[i]!])) };
}
