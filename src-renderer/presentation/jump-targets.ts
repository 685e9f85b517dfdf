import type { ScopeState, SourceRecord } from '../../src-shared/store/index.js';
import { AREAS, listPath, placeOfTable } from './areas.js';
import { endpoints, type EndpointId } from '../../src-shared/api/index.js';
import { clipText, NAME_LIMIT } from '../lib/bounded-text.js';
import { markInvisibles } from '../lib/invisible-chars.js';

/** One place the command palette can jump to. */
export interface JumpTarget {
  readonly id: string;
  readonly label: string;
  readonly detail: string;
  readonly to: string;
}

/** A short, readable name for a scope: its source label, else its endpoint and ids. */
export function scopeLabel(state: Pick<ScopeState, 'scope' | 'endpoint' | 'params'>, sources: readonly SourceRecord[]): string {
  const source = sources.find((s) => s.id === state.scope);
  if (source?.label) return markInvisibles(clipText(source.label, NAME_LIMIT).text);
  const def = endpoints[state.endpoint as EndpointId];
  const ids = Object.values(state.params).map((v) => v.slice(0, 8)).join(' / ');
  return ids ? `${def?.title ?? state.endpoint} · ${ids}` : (def?.title ?? state.endpoint);
}

/** Every area list, the fixed pages, and every mirrored scope. */
export function jumpTargets(states: readonly ScopeState[], sources: readonly SourceRecord[]): JumpTarget[] {
  const targets: JumpTarget[] = [{ id: 'home', label: 'Home', detail: 'Charts and what needs you', to: '/' }];
  for (const area of AREAS) {
    for (const list of area.lists) {
      targets.push({ id: `list:${area.id}:${list.slug}`, label: `${area.label} › ${list.label}`, detail: 'List', to: listPath(area, list) });
    }
  }
  targets.push({ id: 'outbox', label: 'Outbox', detail: 'Edits waiting to be sent', to: '/outbox' });
  targets.push({ id: 'settings', label: 'Settings', detail: 'Connection, sources, schedule, storage', to: '/settings' });
  targets.push({ id: 'sources', label: 'Add sources', detail: 'Data lists, calendars, surveys, tasks, service forms, posts by id or link', to: '/sources' });
  for (const state of states) {
    const table = endpoints[state.endpoint as EndpointId]?.table;
    const place = table ? placeOfTable(table) : null;
    if (!place) continue;
    targets.push({
      id: `scope:${state.scope}`,
      label: `${place.area.label} › ${scopeLabel(state, sources)}`,
      detail: `${place.list.label} · ${state.rowCount.toLocaleString()} rows`,
      to: `${listPath(place.area, place.list)}?scope=${encodeURIComponent(state.scope)}`,
    });
  }
  return targets;
}

/** Targets whose label or detail contains every word of the query, best (label prefix) first. */
export function filterTargets(targets: readonly JumpTarget[], query: string): JumpTarget[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...targets];
  const scored = targets
    .map((t) => {
      const text = `${t.label} ${t.detail}`.toLowerCase();
      if (!words.every((w) => text.includes(w))) return null;
      return { t, score: t.label.toLowerCase().startsWith(words[0]!) ? 0 : 1 };
    })
    .filter((x): x is { t: JumpTarget; score: number } => x !== null);
  return scored.sort((a, b) => a.score - b.score).map((x) => x.t);
}
