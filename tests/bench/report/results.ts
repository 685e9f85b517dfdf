import type { BenchPlan } from '../bench-plan.js';
import type { CpuTimes } from '../support/cpu-accounting.js';
import type { HotSpot } from '../support/cpu-profile.js';
import type { DeltaResult } from '../scenarios/delta-pass.js';
import type { RateLimitedResult } from '../scenarios/rate-limited.js';
import type { UiResult } from '../scenarios/ui-latency.js';
import type { SearchFigures } from '../scenarios/search-index.js';

/** Everything one run measured; written as JSON and summarised as the table. */
export interface BenchResults {
  readonly version: 1;
  readonly startedAt: string;
  finishedAt?: string;
  durationMs?: number;
  readonly plan: Omit<BenchPlan, 'sections'> & { readonly sections: string[] };
  machine?: MachineInfo;
  mirror?: MirrorFigures;
  peer?: PeerFigures;
  homeWindow?: HomeWindowFigures;
  rate?: RateLimitedResult;
  /**
   * `unchangedAgain`: a second delta with nothing changed, right after the first; `oneRow`: then one row of the
   * biggest list changed (both absent from runs before them).
   */
  delta?: { readonly unchanged: DeltaResult; readonly unchangedAgain?: DeltaResult; readonly oneRow?: DeltaResult; readonly onePercent: DeltaResult };
  ui?: UiResult;
  memory?: MemoryFigures;
  scaling?: ScalingFigures;
  search?: SearchFigures;
  /** Hot spots of the headline mirror (`--profile`), by self time. */
  profile?: { readonly main: HotSpot[]; readonly renderer: HotSpot[] };
  /** Sections that failed, with the reason (the others still ran). */
  readonly errors: Record<string, string>;
  /** Notes on what was measured (counts that differ, scopes that failed). */
  readonly notes: string[];
}

export interface MachineInfo {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGb: number;
  readonly os: string;
  readonly node: string;
  readonly chromium: string;
  readonly loadAverageAtStart: number[];
  loadAverageAtEnd?: number[];
}

export interface MirrorFigures {
  readonly rows: number;
  readonly scopes: number;
  readonly requests: number;
  readonly ours: { readonly ms: number; readonly rowsPerSecond: number };
  /**
   * (a) bulkPut of the same stored rows, same tables and indexes, in the same Chromium;
   * `bounded` when it stopped at the plan's time budget (then over the rows written by then).
   */
  readonly bulkPut: { readonly rows: number; readonly writeMs: number; readonly rowsPerSecond: number; readonly bounded?: boolean };
  /** (b) download and JSON.parse of every page, in Node (the main-side process). */
  readonly download: { readonly rows: number; readonly pages: number; readonly megabytes: number; readonly ms: number; readonly rowsPerSecond: number };
  /** ours / min(a, b). */
  readonly ratio: number;
  /** Where the time went on our path: page acknowledgements summed over pages (pages overlap). */
  readonly applyMsTotal: number;
  /** CPU ms per 1000 rows of each part (bench = reference server and bench origin). */
  readonly cpu: { readonly ours: CpuCost; readonly bulkPut: CpuCost; readonly download: CpuCost };
  /** rows/s of each tenth of the mirror's rows, in order. */
  readonly tenths: number[];
  /** Limit (a) with only the key and pass indexes (`--index-cost`). */
  readonly keyIndexesOnly?: { readonly rowsPerSecond: number; readonly cpu: CpuCost };
  /** (c) the same rows as one record per page (1,000-row chunk records), same Chromium. */
  readonly chunkPut?: ChunkLimitFigures;
  /** ours / (c). */
  readonly ratioToChunks?: number;
  /** rows/s of the last tenth / the first tenth (1 = flat). */
  readonly lastTenthOverFirst?: number;
  /** CPU ms of all processes per 1000 rows of ours (the `cpu.ours` total). */
  readonly cpuMsPerThousandRows?: number;
  /**
   * Main's scan of the mirrored rows for media during ours: rows scanned, time spent in
   * the scan (synchronous, so its CPU time when the core is not shared) and that per 1000 rows.
   */
  readonly mediaScan?: { readonly rows: number; readonly ms: number; readonly msPerThousandRows: number };
}

export type CpuCost = CpuTimes & { readonly total: number };

export interface PeerFigures {
  /** The workspace both mirrored (ours figure of the same workspace, same run). */
  readonly scale: number | string;
  readonly oursRowsPerSecond: number;
  readonly rows: number;
  readonly requests: number;
  readonly ms: number;
  readonly rowsPerSecond: number;
  /** ours / RxDB. */
  readonly ratio: number;
  readonly cpu: CpuCost;
  /** Limit (c) on the same lists; `overRxdb`: (c) ÷ RxDB, the most ours ÷ RxDB can be if ours wrote no faster than (c). */
  readonly chunkPut?: ChunkLimitFigures & { readonly overRxdb: number };
}

/**
 * Limit (c): the rows as one chunk record per page and nothing else, over the time its
 * write transactions were open (`rowsPerSecond`) and over its whole run with the
 * downloads (`wallRowsPerSecond`, `wallMs`: absent from runs before they were added).
 */
export interface ChunkLimitFigures {
  readonly rows: number;
  readonly writeMs: number;
  readonly wallMs?: number;
  readonly rowsPerSecond: number;
  readonly wallRowsPerSecond?: number;
  readonly cpu: CpuCost;
}

/** The same mirror with the window on Home, whose charts re-read the tables as rows arrive. */
export interface HomeWindowFigures {
  readonly scale: number | string;
  readonly rows: number;
  readonly rowsPerSecond: number;
  /** The same workspace with the window on the outbox. */
  readonly quietRowsPerSecond: number;
  readonly cpu: CpuCost;
  readonly quietCpu: CpuCost;
  /**
   * Each pair of mirrors, Home and outbox back to back (`homeFirst`: Home ran first).
   * The figures above are the median pair's. Absent in runs of one pair.
   */
  readonly pairs?: readonly { readonly rowsPerSecond: number; readonly quietRowsPerSecond: number; readonly ratio: number; readonly homeFirst: boolean }[];
}

export interface MemoryFigures {
  /** Main once started, before any window: the floor. */
  readonly mainAtStartRssMb: number;
  readonly mainPeakRssMb: number;
  readonly mainPeakHeapMb: number;
  readonly mainAfterRssMb: number;
  readonly rendererPeakHeapMb: number;
  readonly rendererAfterHeapMb: number;
}

export interface ScalingPoint {
  readonly scale: number | string;
  readonly rows: number;
  readonly ms: number;
  readonly rowsPerSecond: number;
  /** rows/s relative to the largest workspace's. */
  readonly relative: number;
  /** Limit (a) on the same workspace, and ours / it. */
  readonly limitRowsPerSecond?: number;
  readonly ratioToLimit?: number;
  /** CPU ms per 1000 rows of our mirror (all processes). */
  readonly cpuPerThousandRows: number;
}

export interface ScalingFigures {
  readonly points: ScalingPoint[];
  /** rows/s of each tenth of the headline mirror's rows, in order: flat when nothing grows with the table. */
  readonly tenths: number[];
}
