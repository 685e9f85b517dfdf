import type { RouteLocationRaw } from 'vue-router';
import { listPath, placeOfTable } from '../presentation/areas.js';
import type { SearchHit } from './search-engine.js';

/** Hits of one area and list, under the names the sidebar uses. */
export interface HitGroup {
  readonly id: string;
  readonly label: string;
  readonly hits: SearchHit[];
}

/** Groups hits by area and list, the group of the best hit first; hits keep their rank. */
export function groupHits(hits: readonly SearchHit[]): HitGroup[] {
  const groups = new Map<string, { label: string; hits: SearchHit[] }>();
  for (const hit of hits) {
    const place = placeOfTable(hit.table);
    const id = place ? `${place.area.id}:${place.list.slug}` : hit.table;
    const label = place ? (place.area.lists.length > 1 ? `${place.area.label} › ${place.list.label}` : place.area.label) : hit.table;
    const group = groups.get(id) ?? { label, hits: [] };
    group.hits.push(hit);
    groups.set(id, group);
  }
  return [...groups].map(([id, g]) => ({ id, label: g.label, hits: g.hits }));
}

/** Where a hit opens: its list, on its scope, with the row selected (the detail panel open). */
export function hitRoute(hit: Pick<SearchHit, 'table' | 'scope' | 'key'>): RouteLocationRaw {
  const place = placeOfTable(hit.table);
  if (!place) return '/';
  return { path: listPath(place.area, place.list), query: { scope: hit.scope, row: hit.key } };
}
