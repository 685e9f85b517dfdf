import { computed, type Ref } from 'vue';
import type { EndpointDef } from '../../src-shared/api/index.js';
import type { ScopeState, SourceRecord } from '../../src-shared/store/index.js';
import { useAppContext } from '../app-context.js';
import { scopeLabel } from '../presentation/jump-targets.js';
import { useLiveQuery } from './use-live-query.js';

export interface ScopeOption {
  readonly value: string;
  readonly label: string;
  readonly state: ScopeState;
}

/** The scopes of a list endpoint known to the cache, labelled for a picker. */
export function useListScopes(endpoint: Ref<EndpointDef>) {
  const { db } = useAppContext();
  const { value: states, loading } = useLiveQuery(
    () => db.scopes.where('endpoint').equals(endpoint.value.id).toArray(),
    () => endpoint.value.id,
    [] as ScopeState[],
  );
  const { value: sources } = useLiveQuery(() => db.sources.toArray(), [], [] as SourceRecord[]);
  const options = computed<ScopeOption[]>(() =>
    states.value
      .map((state) => ({ value: state.scope, label: scopeLabel(state, sources.value), state }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  );
  return { options, loading };
}
