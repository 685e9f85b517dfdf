import { endpoints, type EndpointId } from '../api/index.js';
import { scopeKey, type ScopeKey, type SourceKind } from '../store/index.js';

/** The list a source roots, by kind: the lists the API cannot enumerate the parents of. */
export const SOURCE_ENDPOINTS: Readonly<Record<SourceKind, EndpointId>> = {
  dataList: 'E1',
  calendar: 'E4',
  serviceformModule: 'E12',
  survey: 'E11',
  task: 'E13',
  taskModule: 'E14',
  contentPost: 'E2',
};

export const SOURCE_KINDS = Object.keys(SOURCE_ENDPOINTS) as SourceKind[];

/** The ids a source of each kind needs, in the order of its list's path. */
export function sourceParams(kind: SourceKind): readonly string[] {
  return endpoints[SOURCE_ENDPOINTS[kind]].pathParams;
}

/** A source's id: the scope key of the list it roots. */
export function sourceId(kind: SourceKind, params: Readonly<Record<string, string>>): ScopeKey {
  return scopeKey(SOURCE_ENDPOINTS[kind], params);
}
