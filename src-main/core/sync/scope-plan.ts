import { endpoints, isPermitted, type EndpointDef, type EndpointId } from '../../../src-shared/api/index.js';
import { SOURCE_ENDPOINTS } from '../../../src-shared/sources/index.js';
import { scopeKey, type ScopeKey, type ScopeState, type SourceKind } from '../../../src-shared/store/index.js';

// Declared beside the sources' guide in src-shared; re-exported for main's modules.
export { SOURCE_ENDPOINTS, SOURCE_KINDS } from '../../../src-shared/sources/index.js';

export interface PlannedScope {
  readonly scope: ScopeKey;
  readonly endpoint: EndpointId;
  readonly params: Readonly<Record<string, string>>;
}

function planned(endpoint: EndpointId, params: Readonly<Record<string, string>>): PlannedScope {
  return { scope: scopeKey(endpoint, params), endpoint, params };
}

/** Lists without path parameters: always synced (E9, E18, E20, E21). */
export function rootScopes(): PlannedScope[] {
  return Object.values(endpoints)
    .filter((e) => e.kind === 'list' && e.pathParams.length === 0 && !e.discoveredFrom)
    .map((e) => planned(e.id, {}));
}

/** The scope a source of `kind` with these ids roots. */
export function sourceScope(kind: SourceKind, params: Readonly<Record<string, string>>): PlannedScope {
  return planned(SOURCE_ENDPOINTS[kind], params);
}

/**
 * Child scopes made known by a parent's rows, as the catalogue's `discoveredFrom`
 * says (E12 forms → E6/E7/E8/E10/E15 per form; E13 subtasks → E17 per subtask).
 */
export function childScopes(
  parent: EndpointId,
  parentParams: Readonly<Record<string, string>>,
  rows: readonly Readonly<Record<string, unknown>>[],
): PlannedScope[] {
  const children = Object.values(endpoints).filter((e) => e.discoveredFrom?.endpoint === parent);
  const out: PlannedScope[] = [];
  for (const row of rows) {
    for (const child of children) {
      const params: Record<string, string> = {};
      let complete = true;
      for (const [name, from] of Object.entries(child.discoveredFrom!.params)) {
        const value = 'scope' in from ? parentParams[from.scope] : row[from.row];
        if (typeof value !== 'string' || value.length === 0) complete = false;
        else params[name] = value;
      }
      if (complete) out.push(planned(child.id, params));
    }
  }
  return out;
}

/** Whether any list discovers children from this endpoint's rows. */
export function hasChildren(endpoint: EndpointId): boolean {
  return Object.values(endpoints).some((e) => e.discoveredFrom?.endpoint === endpoint);
}

/** The state of a scope never synced. */
export function newScopeState(plan: PlannedScope, parent: ScopeKey | null): ScopeState {
  return {
    scope: plan.scope,
    endpoint: plan.endpoint,
    params: plan.params,
    parent,
    status: 'queued',
    pass: null,
    lastFullAt: null,
    lastDeltaAt: null,
    highWater: { created: null, modified: null },
    lastError: null,
    reason: null,
    rowCount: 0,
  };
}

/**
 * The permission verdict for a scope, from the token's scopes (null = unknown, so
 * assumed permitted: the server's 403 will say otherwise).
 */
export function permissionOf(endpoint: EndpointDef, granted: readonly string[] | null, prefix: string): string | null {
  if (granted === null || isPermitted(endpoint, granted, prefix)) return null;
  return `the token has none of the scopes ${[prefix, `${prefix}:read`, `${prefix}.${endpoint.area}`, `${prefix}.${endpoint.area}:read`].join(', ')}`;
}
