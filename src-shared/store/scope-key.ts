import { endpoints, type EndpointDef, type EndpointId } from '../api/index.js';

/**
 * A list scope is one list endpoint with its path parameters bound:
 * `E4:<moduleId>/<calendarId>`, or `E20:` for a root without parameters.
 */
export type ScopeKey = string;

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
