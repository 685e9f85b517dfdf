import { computed, type ComputedRef } from 'vue';
import { endpoints, type EndpointId } from '../../src-shared/api/index.js';
import { sourceSuggestions, SUGGESTION_ROW_ENDPOINTS, type SourceSuggestion, type SuggestionRow } from '../../src-shared/sources/index.js';
import { readTableRows, type OutpostDb, type ScopeState, type SourceRecord } from '../../src-shared/store/index.js';
import { useLiveQuery } from '../composables/use-live-query.js';

/** Rows read per table: suggestions need a few ids, never a whole large list. */
const ROWS_PER_TABLE = 2_000;

/**
 * The sources the mirrored rows name and the user has not added, following the cache
 * as rows arrive (a task added now offers its module a moment later).
 */
export function useSourceSuggestions(db: OutpostDb): {
  suggestions: ComputedRef<SourceSuggestion[]>;
  sources: ComputedRef<SourceRecord[]>;
  scopes: ComputedRef<ScopeState[]>;
} {
  const tables = [...new Set(SUGGESTION_ROW_ENDPOINTS.map((id) => endpoints[id as EndpointId].table))];
  const { value } = useLiveQuery(
    async () => {
      const [scopes, sources, ...rows] = await Promise.all([
        db.scopes.toArray(),
        db.sources.toArray(),
        ...tables.map((t) => readTableRows(db, t, ROWS_PER_TABLE)),
      ]);
      return { scopes: scopes as ScopeState[], sources: sources as SourceRecord[], rows: (rows as SuggestionRow[][]).flat() };
    },
    [],
    { scopes: [] as ScopeState[], sources: [] as SourceRecord[], rows: [] as SuggestionRow[] },
  );
  return {
    suggestions: computed(() =>
      sourceSuggestions({ scopes: value.value.scopes, rows: value.value.rows, known: new Set(value.value.sources.map((s) => s.id)) }),
    ),
    sources: computed(() => value.value.sources),
    scopes: computed(() => value.value.scopes),
  };
}
