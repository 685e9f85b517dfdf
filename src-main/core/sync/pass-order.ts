import type { ScopeState } from '../../../src-shared/store/index.js';

/**
 * How urgent a pass is, best first. A first sync is something to watch: every list's
 * first page goes before the deep pages of big lists, so every area shows rows within
 * seconds, and the list on screen goes before everything.
 * - `focused`: a list the user is looking at;
 * - `first-page`: a list with no row yet (never mirrored, nothing of its first pass stored);
 * - `routine`: a list mirrored before (its deltas, its periodic full pass, a retry);
 * - `deep`: the rest of a first full pass that has stored a page or more (the background).
 */
export type PassTier = 'focused' | 'first-page' | 'routine' | 'deep';

const TIER_RANK: Readonly<Record<PassTier, number>> = { focused: 0, 'first-page': 1, routine: 2, deep: 3 };

/** A scope as the ordering sees it. */
export interface PassCandidate {
  readonly state: ScopeState;
  readonly focused: boolean;
  /** Epoch ms the scope is due (0: at once). */
  readonly dueAt: number;
  /** Whether any list of the scope's area already holds rows. */
  readonly areaHasRows: boolean;
}

/** The tier of a scope in its current state. */
export function passTier(state: ScopeState, focused: boolean): PassTier {
  if (focused) return 'focused';
  if (state.lastFullAt !== null) return 'routine';
  return (state.pass?.pages ?? 0) > 0 || state.rowCount > 0 ? 'deep' : 'first-page';
}

/**
 * The tier of a running pass's next page: its first page is behind it, even while that
 * page is still being written (so the state does not show it yet).
 */
export function continuingTier(state: ScopeState, focused: boolean): PassTier {
  if (focused) return 'focused';
  return state.lastFullAt !== null ? 'routine' : 'deep';
}

/** Negative when `a` should start before `b`. */
export function comparePasses(a: PassCandidate, b: PassCandidate): number {
  const ta = passTier(a.state, a.focused);
  const tb = passTier(b.state, b.focused);
  if (ta !== tb) return TIER_RANK[ta] - TIER_RANK[tb];
  if (ta === 'first-page' && a.areaHasRows !== b.areaHasRows) return Number(a.areaHasRows) - Number(b.areaHasRows);
  const roots = Number(a.state.parent !== null) - Number(b.state.parent !== null);
  if (roots !== 0) return roots;
  // Big lists share the background, the one furthest behind first, so the ones that
  // turn out small finish early.
  if (ta === 'deep') return (a.state.pass?.pages ?? 0) - (b.state.pass?.pages ?? 0) || a.dueAt - b.dueAt;
  return a.dueAt - b.dueAt;
}

/** The candidates in the order they should start (a new array). */
export function orderPasses<T extends PassCandidate>(candidates: readonly T[]): T[] {
  return [...candidates].sort(comparePasses);
}

/**
 * Whether a running full pass should stop after the pages it has fetched (its checkpoint
 * kept, so it resumes where it stopped) to free its slot for a waiting scope of a better
 * tier. Focused passes never yield; with no one waiting (`waiting` null) no pass yields.
 */
export function shouldYield(running: PassTier, waiting: PassTier | null): boolean {
  if (running === 'focused' || waiting === null) return false;
  return TIER_RANK[waiting] < TIER_RANK[running];
}

/** The better of two tiers (null: none). */
export function bestTier(a: PassTier | null, b: PassTier): PassTier {
  return a === null || TIER_RANK[b] < TIER_RANK[a] ? b : a;
}

/**
 * The request priority of a pass's pages at the gate: when the budget runs short, the
 * list on screen goes first, then first pages, then the rest.
 */
export function requestPriority(tier: PassTier): number {
  return tier === 'focused' ? 10 : tier === 'first-page' ? 5 : 0;
}
