import type { Scale } from '../../src-server/index.js';

/** What one bench run measures, and at which sizes. */
export interface BenchPlan {
  readonly mode: 'quick' | 'full';
  readonly seed: number;
  /** The workspace of the headline figures (mirror, limits, peer, delta, UI, memory). */
  readonly scale: Scale;
  /** Smaller workspaces of the scaling section, as fractions of large (the headline is the last point). */
  readonly scalingFractions: readonly number[];
  readonly rateLimited: { readonly scale: Scale; readonly perMinute: number };
  /**
   * The route the window shows while the measured mirrors run: one with no live query
   * over the mirrored tables (the outbox), so the figures are the mirror's own.
   */
  readonly route: string;
  /**
   * Where the window on Home (its charts re-read the tables as rows arrive) is measured
   * too: 10 % of large in the full run, mirrors of ~15 s. At 3 % (~7 s, a fifth of it
   * the window starting) the pairs of one run went from 0.86 to 1.25, and what Home
   * costs once, its first render and first count, weighed as much as what it costs as
   * the tables grow, which is what the figure is for.
   */
  readonly home: { readonly scale: Scale; readonly route: string };
  /** The workspace the peer mirrors, beside ours of the same workspace. */
  readonly peerScale: Scale;
  /** Lists written at once by limit (a) and the peer: as many as our engine's default. */
  readonly parallel: number;
  /** Animation frames of the scroll sweep over the biggest list. */
  readonly sweepFrames: number;
  readonly sections: ReadonlySet<Section>;
  /** Extra Chromium switches for every browser of the run (`--idb-sqlite`: IndexedDB on SQLite). */
  readonly chromiumArgs: readonly string[];
  /** Also measure limit (a) with only the key and pass indexes: what the per-field indexes cost. */
  readonly indexCost: boolean;
  /**
   * Wall time limit (a) may write for, or null for every row. The per-row layout writes
   * a few hundred rows/s past its cliff, so at `large` it alone would take over an hour;
   * bounded, it is measured over its first minutes (before the cliff: its best case).
   */
  readonly limitABudgetMs: number | null;
  /** CPU-profile the headline mirror (main and renderer) and keep the hot spots. */
  readonly profile: boolean;
  readonly timeoutMs: number;
  /** Synthetic rows the search section indexes and queries (a million: the target is stated over a million rows). */
  readonly searchRows: number;
}

export const SECTIONS = ['mirror', 'peer', 'rate', 'delta', 'ui', 'scaling', 'search'] as const;
export type Section = (typeof SECTIONS)[number];

function parseScale(text: string | undefined): Scale | undefined {
  if (text === undefined) return undefined;
  return text === 'large' || text === 'demo' ? text : Number(text);
}

/**
 * `--quick`: a hundredth of large, for a check in under two minutes (its figures are
 * dominated by per-list overheads and are no verdict). The full run: `large`.
 * The peer runs on 30% of large in the full run (at large it alone would take longer
 * than the rest together here); `--peer-scale large` compares at large.
 * `--scale <demo|large|fraction>`, `--peer-scale`, `--only <sections>`, `--route <hash route>` override;
 * `--idb-sqlite` runs Chromium with IndexedDB on SQLite instead of LevelDB; `--index-cost`
 * adds limit (a) without the per-field indexes; `--profile` CPU-profiles the headline mirror;
 * `--limit-a-seconds <s>` bounds each limit (a) run (full run: 120 s).
 */
export function planFromArgs(argv: readonly string[]): BenchPlan {
  const quick = argv.includes('--quick');
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const scale: Scale = parseScale(value('--scale')) ?? (quick ? 0.01 : 'large');
  const only = value('--only')?.split(',').filter((s): s is Section => (SECTIONS as readonly string[]).includes(s));
  return {
    mode: quick ? 'quick' : 'full',
    seed: 1,
    scale,
    scalingFractions: quick ? [0.003] : [0.03, 0.1, 0.3],
    // Quick mode's workspace needs fewer requests than a 100/min window holds at once,
    // so it gets a 20/min tenant; the full run uses the documented 100/min.
    rateLimited: quick ? { scale: 0.01, perMinute: 20 } : { scale: 0.1, perMinute: 100 },
    route: value('--route') ?? '/outbox',
    home: { scale: quick ? 0.01 : 0.1, route: '/' },
    peerScale: parseScale(value('--peer-scale')) ?? (quick ? 0.01 : 0.3),
    parallel: 4,
    sweepFrames: quick ? 120 : 600,
    sections: new Set(only && only.length > 0 ? only : SECTIONS),
    // Chromium's SQLite backing store for IndexedDB (a feature flag in Chromium 156), to compare with its default LevelDB.
    chromiumArgs: argv.includes('--idb-sqlite') ? ['--enable-features=IdbSqliteBackingStore'] : [],
    indexCost: argv.includes('--index-cost'),
    limitABudgetMs: value('--limit-a-seconds') !== undefined ? Number(value('--limit-a-seconds')) * 1000 : quick ? null : 120_000,
    profile: argv.includes('--profile'),
    timeoutMs: quick ? 120_000 : 3_600_000,
    searchRows: Number(value('--search-rows') ?? 1_000_000),
  };
}
