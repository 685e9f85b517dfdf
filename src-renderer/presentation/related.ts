import { endpoints, type EndpointDef, type EndpointId, type ParamSource } from '../../src-shared/api/index.js';
import { parseScopeKey, scopeKey, type StoredRow } from '../../src-shared/store/index.js';
import { childEndpointsOf, listPath, placeOfTable } from './areas.js';

/** A list that hangs off a row (a form's stages, a subtask's completions, a post's comments). */
export interface RelatedList {
  readonly endpoint: EndpointDef;
  readonly scope: string;
  readonly label: string;
  readonly to: { path: string; query: { scope: string } };
}

/**
 * Posts are not listed by the API, so their comments are not "discovered" in the
 * catalogue's sense; the parameters still come from the post's scope and row.
 */
const EXTRA_CHILDREN: Partial<Record<EndpointId, readonly { endpoint: EndpointId; params: Record<string, ParamSource> }[]>> = {
  E3: [{ endpoint: 'E2', params: { moduleId: { scope: 'moduleId' }, contentId: { row: 'id' } } }],
};

function bind(params: Readonly<Record<string, ParamSource>>, scopeParams: Readonly<Record<string, string>>, row: Readonly<Record<string, unknown>>): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const [name, source] of Object.entries(params)) {
    const value = 'scope' in source ? scopeParams[source.scope] : row[source.row];
    if (typeof value !== 'string' || value === '') return null;
    out[name] = value;
  }
  return out;
}

function scopeParamsOf(scope: string): Record<string, string> {
  try {
    return parseScopeKey(scope).params;
  } catch {
    return {};
  }
}

/** The lists whose scope is bound by this row, with the route that shows each. */
export function relatedLists(endpoint: EndpointDef, stored: StoredRow): RelatedList[] {
  const scopeParams = { ...scopeParamsOf(stored.scopeKey), ...(typeof stored.row.moduleId === 'string' ? { moduleId: stored.row.moduleId } : {}) };
  const children = [
    ...childEndpointsOf(endpoint.id).map((child) => ({ endpoint: child.id, params: child.discoveredFrom!.params })),
    ...(EXTRA_CHILDREN[endpoint.id] ?? []),
  ];
  const out: RelatedList[] = [];
  for (const child of children) {
    const def = endpoints[child.endpoint];
    const params = bind(child.params, scopeParams, stored.row);
    const place = placeOfTable(def.table);
    if (!params || !place) continue;
    const scope = scopeKey(child.endpoint, params);
    out.push({ endpoint: def, scope, label: place.list.label, to: { path: listPath(place.area, place.list), query: { scope } } });
  }
  return out;
}
